import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { DISPLAY_PATH, LOBBY_SCREEN_AS_DISPLAY, lobbyScreenIdOf, OVERLAY_PATH } from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import { pageTemplate } from '../lib/page-template';
import { controlCookieName } from '../lib/cookies';
import { parseCookies } from '../lib/request';
import {
  compressor,
  COMPRESS_MIN_BYTES,
  isCompressible,
  precompressedSibling,
  preferredCoding,
  sendRenderedHtml,
} from '../lib/http-encoding';
import { embedState, type PageStateLookup } from './page-state';
import { drawScreen, pageOrigin, type ScreenRenderer } from './page-render';
import type { PageStatus } from './page-status';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** The pages of the built client the hub answers a navigation with. */
export type AppPage = 'index.html' | 'display.html' | 'lobby-screen.html' | 'overlay.html';

/**
 * Which page a navigation to `url` gets:
 * - `overlay.html`, the livestream overlay's own page (transparent), for `/timer/:id/overlay`
 *   and `/lobby/:id/overlay`;
 * - `display.html`, the projector display's own page, for display paths;
 * - `lobby-screen.html`, the audience's own page, for `/lobby/:id` when the browser is neither
 *   signed in (`sessionCookie`) nor the lobby's organizer (its organizer cookie) and brings no
 *   organizer link (`?key=`), or asks for it with `?as=display` (an organizer's projector);
 * - `index.html`, the site with its router, for everything else.
 * The audience page cannot show the organizer's console, so anything that may be an organizer
 * gets the site.
 */
export function appPageFor(url: URL, cookieHeader: string | undefined, sessionCookie: string): AppPage {
  if (OVERLAY_PATH.test(url.pathname)) return 'overlay.html';
  if (DISPLAY_PATH.test(url.pathname)) return 'display.html';
  const lobbyId = lobbyScreenIdOf(url.pathname);
  if (lobbyId === null || url.searchParams.has('key')) return 'index.html';
  if (url.searchParams.get('as') === LOBBY_SCREEN_AS_DISPLAY) return 'lobby-screen.html';
  const cookies = parseCookies(cookieHeader);
  return cookies.has(sessionCookie) || cookies.has(controlCookieName(lobbyId))
    ? 'index.html'
    : 'lobby-screen.html';
}

/**
 * Serves the built client from `root`: hashed assets cached forever, everything else
 * revalidated, and the app's page for any other GET so client-side routes work on reload (see
 * `appPageFor`), or 404 with the site's 404 page when no such page exists (`pageStatus`; the page goes out with `x-bianshi-page` naming it, which the service worker
 * reads to keep its offline copies apart). A page of its own that is not built falls back to
 * `index.html`.
 * Text goes out compressed when the client accepts it: the build's `.br`/`.gz` siblings as they
 * are, anything else over 1 KiB compressed on the way (`./encoding`).
 */
export function createStaticHandler(
  root: string,
  options: {
    sessionCookie: string;
    trustProxy?: boolean;
    pageState?: { lookup: PageStateLookup; clock: Clock; render?: ScreenRenderer };
    pageStatus?: PageStatus;
  },
) {
  const indexPath = join(root, 'index.html');
  const templates = {
    'display.html': pageTemplate(join(root, 'display.html')),
    'lobby-screen.html': pageTemplate(join(root, 'lobby-screen.html')),
  };
  const indexTemplate = pageTemplate(indexPath);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (!existsSync(indexPath)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('客户端尚未构建：请运行 npm run build（或 npm start）。');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://hub');
    const pathname = decodeSafe(url.pathname);
    const file = pathname === null ? null : resolveInside(root, pathname);
    if (file && isFile(file)) {
      sendFile(req, res, file, cacheControlFor(pathname ?? '/'));
      return;
    }
    // A missing file with an extension, or anything missing under /assets/, is a real 404 (a
    // stale asset), not a client route: the shell in its place would break the page that asked.
    if (
      pathname === null ||
      pathname.startsWith('/assets/') ||
      (extname(pathname) && !pathname.endsWith('.html'))
    ) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found');
      return;
    }
    // No such page (an unknown address, or a timer, lobby, topic, record or invite that is not
    // there): 404 with the site's 404 page, never 200 and a page that then says so.
    const status = options.pageStatus ? options.pageStatus(pathname).catch(() => 200 as const) : null;
    if (status) {
      void status.then((code) =>
        code === 404 ? sendNotFound(req, res, indexTemplate(), url.pathname) : servePage(req, res, url),
      );
      return;
    }
    servePage(req, res, url);
  };

  /** Answers a navigation to a page that exists with its page (see `appPageFor`). */
  function servePage(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const wanted = appPageFor(url, req.headers.cookie, options.sessionCookie);
    const page = wanted !== 'index.html' && isFile(join(root, wanted)) ? wanted : 'index.html';
    // The lobby's page depends on the browser's cookies; caches must not hand one to the other.
    const extra: Record<string, string> = {
      'x-bianshi-page': page,
      ...(lobbyScreenIdOf(url.pathname) !== null ? { vary: 'Accept-Encoding, Cookie' } : {}),
    };
    const send = () =>
      sendFile(req, res, page === 'index.html' ? indexPath : join(root, page), 'no-cache', extra);
    const state = options.pageState;
    // The overlay draws nothing before its socket opens: a transparent page has no first frame to show.
    if (page === 'index.html' || page === 'overlay.html' || !state || req.method !== 'GET') {
      send();
      return;
    }
    // A screen's own page carries its first state (./page-state.ts), and the screen drawn from
    // it (./page-render.ts). Made for this request, so never stored, not even for back and
    // forward, where a browser would otherwise show a cached copy without asking (a stale clock).
    void state
      .lookup(page, url)
      .then(async (snapshot) => {
        const html = snapshot === null ? null : templates[page]();
        if (snapshot === null || html === null) {
          send();
          return;
        }
        // The screen drawn at the same instant as the clock the page carries (./page-render.ts).
        const now = state.clock.now();
        const origin = pageOrigin(
          req.headers,
          'encrypted' in req.socket && req.socket.encrypted === true,
          options.trustProxy ?? false,
        );
        const markup = (await state.render?.({ page, url, origin }, snapshot, now)) ?? null;
        const stated = embedState(html, snapshot, now);
        sendRenderedHtml(req, res, markup === null ? stated : drawScreen(stated, markup), {
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          ...extra,
        });
      })
      .catch(() => {
        if (!res.headersSent) send();
        else res.destroy();
      });
  }
}

/** What marks a page the hub answered 404: the app shows its 404 page there (client/src/app/hub-status.ts). */
export const NOT_FOUND_MARK = 'bianshi-status';

/**
 * The site's page with status 404, titled as the 404 page is ('Page not found'), marked so the
 * app shows its 404 page (Chinese, with a way home) at this address whatever route it matches.
 */
function sendNotFound(
  req: IncomingMessage,
  res: ServerResponse,
  template: string | null,
  pathname: string,
): void {
  if (template === null) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Page not found');
    return;
  }
  const path = pathname.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = template
    .replace(/<title>[\s\S]*?<\/title>/, '<title>Page not found | 专业辩论比赛计时软件</title>')
    .replace(
      '</head>',
      () =>
        `<meta name="${NOT_FOUND_MARK}" content="404" data-path="${path}" />\n    <meta name="robots" content="noindex" />\n  </head>`,
    );
  sendRenderedHtml(
    req,
    res,
    html,
    { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-bianshi-page': 'index.html' },
    404,
  );
}

function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/builds/')) return 'no-store';
  return 'no-cache';
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string,
  extra: Record<string, string> = {},
): void {
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const stat = statSync(file);
  // Validators, so a revalidated file (the shell, bells, icons: `no-cache`) costs a 304, not its bytes.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string | number> = {
    'content-type': type,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    etag,
    'last-modified': stat.mtime.toUTCString(),
  };
  if (isCompressible(type)) headers.vary = 'Accept-Encoding';
  Object.assign(headers, extra);
  if (notModified(req, etag, stat.mtime)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body: string = file;
  let onTheFly: ReturnType<typeof preferredCoding> = null;
  if (isCompressible(type)) {
    const sibling = precompressedSibling(file, stat.mtimeMs, req.headers['accept-encoding']);
    if (sibling) {
      headers['content-encoding'] = sibling.coding;
      headers['content-length'] = sibling.size;
      body = sibling.path;
    } else if (stat.size >= COMPRESS_MIN_BYTES) {
      onTheFly = preferredCoding(req.headers['accept-encoding']);
      if (onTheFly) headers['content-encoding'] = onTheFly;
    }
  }
  if (!headers['content-encoding']) headers['content-length'] = stat.size;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(body);
  if (onTheFly) stream.pipe(compressor(onTheFly)).pipe(res);
  else stream.pipe(res);
}

/** Whether the client's copy is current: `If-None-Match` when sent (it wins), else `If-Modified-Since`. */
function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

function decodeSafe(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** Joins a URL path onto the root, refusing anything that escapes it. */
function resolveInside(root: string, pathname: string): string | null {
  if (pathname.includes('\0')) return null;
  const full = normalize(join(root, pathname));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
