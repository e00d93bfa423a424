import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { DISPLAY_PATH } from '@bianshi/shared';
import { compressor, COMPRESS_MIN_BYTES, isCompressible, precompressedSibling, preferredCoding } from './encoding';

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

/**
 * Serves the built client from `root`: hashed assets cached forever, everything else
 * revalidated, and the app's shell for any other GET so client-side routes work on reload:
 * `display.html` (the projector display's own page, no router) for display paths, else
 * `index.html`.
 * Text goes out compressed when the client accepts it: the build's `.br`/`.gz` siblings as they
 * are, anything else over 1 KiB compressed on the way (`./encoding`).
 */
export function createStaticHandler(root: string) {
  const indexPath = join(root, 'index.html');
  const displayPath = join(root, 'display.html');
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
    const pathname = decodeSafe(new URL(req.url ?? '/', 'http://hub').pathname);
    const file = pathname === null ? null : resolveInside(root, pathname);
    if (file && isFile(file)) {
      sendFile(req, res, file, cacheControlFor(pathname ?? '/'));
      return;
    }
    // A missing file with an extension, or anything missing under /assets/, is a real 404 (a
    // stale asset), not a client route: the shell in its place would break the page that asked.
    if (pathname === null || pathname.startsWith('/assets/') || (extname(pathname) && !pathname.endsWith('.html'))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found');
      return;
    }
    sendFile(req, res, DISPLAY_PATH.test(pathname) && isFile(displayPath) ? displayPath : indexPath, 'no-cache');
  };
}

function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/builds/')) return 'no-store';
  return 'no-cache';
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const stat = statSync(file);
  // Validators, so a revalidated file (the shell, bells, icons: `no-cache`) costs a 304, not its bytes.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff', etag, 'last-modified': stat.mtime.toUTCString() };
  if (isCompressible(type)) headers.vary = 'Accept-Encoding';
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
