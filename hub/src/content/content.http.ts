/**
 * The content side of the hub's HTTP: the query API (`/api/content/...`), `sitemap.xml`,
 * `robots.txt`, and content pages served as prerendered HTML so that search engines and `curl`
 * read the article, title and canonical link without JavaScript.
 */
import { siteBase } from '../lib/site';
import { sendRenderedHtml } from '../lib/http-encoding';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ContentQueryError, parseContentQuery, runQuery, type ContentQuery } from '@bianshi/shared/content/index';
import { trimTrailingSlashes } from '@bianshi/shared';
import type { Config } from '../lib/config';
import { readBodyUpTo } from '../lib/request';
import { renderPage } from './prerender';
import type { createContentStore } from './content.store';

type Store = ReturnType<typeof createContentStore>;

/** Whether the client behind a request may run one more query now (its address's budget). */
export type AdmitQuery = (req: IncomingMessage) => Promise<{ ok: true } | { ok: false; retryAfterMs: number }>;

/** Largest query body accepted (a query is a few conditions). */
const MAX_QUERY_BYTES = 16 * 1024;

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, code: string, message: string, reason?: string): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify({ error: { code, message, ...(reason ? { reason } : {}) } }), { 'cache-control': 'no-store' });
}

/** The refusal of a content query for going too fast (also the hub's door, limits/doors.ts). */
export function sendQueryRateLimited(res: ServerResponse, retryAfterMs: number, closeConnection = false): void {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  res.setHeader('retry-after', String(seconds));
  if (closeConnection) res.setHeader('connection', 'close');
  sendError(res, 429, 'TOO_MANY_REQUESTS', `查询过于频繁，请${seconds}秒后再试`, 'rate-limited');
}

/** `?where=[...]&order=[...]&limit=10&skip=0&select=[...]` → a query (JSON in each parameter). */
function queryFromSearch(params: URLSearchParams): unknown {
  const query: Record<string, unknown> = {};
  for (const key of ['where', 'order', 'select']) {
    const value = params.get(key);
    if (value !== null) query[key] = JSON.parse(value);
  }
  for (const key of ['limit', 'skip']) {
    const value = params.get(key);
    if (value !== null) query[key] = Number(value);
  }
  return query;
}

function sitemap(siteUrl: string, routes: { path: string; updatedAt?: string }[]): string {
  const urls = routes.map((r) => `  <url><loc>${siteUrl}${r.path === '/' ? '/' : r.path}</loc>${r.updatedAt ? `<lastmod>${r.updatedAt}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * Returns a handler that answers content requests and says whether it did (`false`: not a
 * content request, let the next handler have it).
 */
export function createContentHandler(config: Config, store: Store, indexHtml: () => string | null, payloadOf: (path: string) => string | null, admit?: AdmitQuery) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    // The address this hub is served at: SITE_URL, or the request's own origin.
    const siteUrl = siteBase(config, req).replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    if (pathname === '/robots.txt' && (method === 'GET' || method === 'HEAD')) {
      const body = config.SITE_INDEXABLE ? `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n` : 'User-agent: *\nDisallow: /\n';
      send(res, 200, 'text/plain; charset=utf-8', body, { 'cache-control': 'public, max-age=3600' });
      return true;
    }
    const snapshot = store.current();
    if (pathname === '/sitemap.xml' && snapshot && (method === 'GET' || method === 'HEAD')) {
      send(res, 200, 'application/xml; charset=utf-8', sitemap(siteUrl, config.SITE_INDEXABLE ? snapshot.manifest.routes : []), { 'cache-control': 'public, max-age=3600' });
      return true;
    }
    if (pathname === '/api/content' || pathname.startsWith('/api/content/')) {
      await handleApi(req, res, pathname, snapshot, admit);
      return true;
    }
    // Content pages: the prerendered article inside the app's index.html.
    const path = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
    const page = snapshot && (method === 'GET' || method === 'HEAD') ? snapshot.prerender[path] : undefined;
    const template = page ? indexHtml() : null;
    if (page && template) {
      const url = new URL(req.url ?? '/', 'http://hub');
      const html = renderPage(template, page, { config, siteUrl, pathname: path, search: url.search, payload: payloadOf(path) });
      // Rendered per request (the canonical link follows the served address), so compressed here.
      // The site's page (the service worker keeps its offline copy of the site under that name).
      sendRenderedHtml(req, res, html, { 'cache-control': 'no-cache', 'x-bianshi-page': 'index.html' });
      return true;
    }
    return false;
  };
}

async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string, snapshot: ReturnType<Store['current']>, admit?: AdmitQuery): Promise<void> {
  if (!snapshot) {
    sendError(res, 503, 'UNAVAILABLE', '内容尚未构建：请运行 npm run build。');
    return;
  }
  const parts = pathname.split('/').filter(Boolean).slice(2);
  if (parts.length === 0) {
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ versions: snapshot.manifest.versions, routes: snapshot.manifest.routes }), { 'cache-control': 'no-cache' });
    return;
  }
  if (parts.length === 1 && parts[0] === 'navigation') {
    send(res, 200, 'application/json; charset=utf-8', JSON.stringify(snapshot.navigation), { 'cache-control': 'no-cache', etag: `"${snapshot.manifest.versions.docs}"` });
    return;
  }
  const [name, action] = parts;
  const collection = name ? snapshot.collection(name) : undefined;
  if (!collection || parts.length > 2 || (action !== undefined && action !== 'query')) {
    sendError(res, 404, 'NOT_FOUND', `没有名为「${name ?? ''}」的内容集合（可用：${Object.keys(snapshot.manifest.versions).join('、')}）`);
    return;
  }
  const admitted = admit ? await admit(req) : ({ ok: true } as const);
  if (!admitted.ok) {
    sendQueryRateLimited(res, admitted.retryAfterMs);
    return;
  }
  let raw: unknown;
  try {
    if (req.method === 'POST') {
      const bytes = await readBodyUpTo(req, MAX_QUERY_BYTES);
      const body = bytes?.toString('utf8') ?? null;
      if (body === null) {
        sendError(res, 413, 'PAYLOAD_TOO_LARGE', '查询过大（上限 16 KiB）', 'query-too-large');
        return;
      }
      raw = body.trim() ? JSON.parse(body) : {};
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      raw = queryFromSearch(new URL(req.url ?? '/', 'http://hub').searchParams);
    } else {
      res.setHeader('allow', 'GET, HEAD, POST');
      sendError(res, 405, 'METHOD_NOT_ALLOWED', '只支持 GET 与 POST');
      return;
    }
  } catch {
    sendError(res, 400, 'BAD_REQUEST', '查询不是合法的 JSON', 'invalid-json');
    return;
  }
  let query: ContentQuery;
  try {
    query = parseContentQuery(raw);
  } catch (error) {
    if (!(error instanceof ContentQueryError)) throw error;
    sendError(res, 400, 'BAD_REQUEST', error.message, error.reason);
    return;
  }
  const etag = `"${collection.version}:${JSON.stringify(query).length}:${hashQuery(query)}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  let items: unknown[];
  try {
    // Bounded: runQuery refuses a query past MAX_QUERY_WORK (a few milliseconds of this thread).
    items = runQuery(collection.items, query);
  } catch (error) {
    if (!(error instanceof ContentQueryError)) throw error;
    sendError(res, 400, 'BAD_REQUEST', error.message, error.reason);
    return;
  }
  send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ collection: collection.collection, version: collection.version, items }), { 'cache-control': 'no-cache', etag });
}

/** A short stable fingerprint of a query, so each query has its own ETag per version. */
function hashQuery(query: ContentQuery): string {
  let hash = 0;
  for (const char of JSON.stringify(query)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}
