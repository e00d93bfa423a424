/**
 * Content negotiation for compressed answers: which coding a client accepts (`Accept-Encoding`),
 * the precompressed siblings the client build ships (`<file>.br`, `<file>.gz`, written by
 * `client/build/compress-plugin.ts`), and compression on the fly for text without a sibling.
 */
import { statSync } from 'node:fs';
import type { Transform } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

/** Codings the hub sends, in its order of preference. */
export const CODINGS = ['br', 'gzip'] as const;
export type Coding = (typeof CODINGS)[number];

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Below this a text answer goes out as it is: compressing it would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Types worth compressing (text, scripts, JSON, SVG, manifests, WebAssembly). */
export function isCompressible(contentType: string): boolean {
  return /^text\/|javascript|json|\+xml|svg|wasm/.test(contentType);
}

/**
 * The coding to answer with, from an `Accept-Encoding` header: the accepted one with the highest
 * q-value among `offered`, ties going to the hub's order (brotli first); null for identity.
 * `*` stands for any coding the header does not name; `q=0` refuses one.
 */
export function preferredCoding(
  header: string | string[] | undefined,
  offered: readonly Coding[] = CODINGS,
): Coding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const quality = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const q = quality.get(coding) ?? quality.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** A precompressed sibling of `file` for the client's coding, when one exists and is not older than the file. */
export function precompressedSibling(
  file: string,
  fileMtimeMs: number,
  accept: string | string[] | undefined,
): { coding: Coding; path: string; size: number } | null {
  const available = CODINGS.filter((coding) => siblingStat(file + SUFFIX[coding], fileMtimeMs) !== null);
  const coding = preferredCoding(accept, available);
  if (!coding) return null;
  const path = file + SUFFIX[coding];
  const stat = siblingStat(path, fileMtimeMs);
  return stat ? { coding, path, size: stat.size } : null;
}

function siblingStat(path: string, fileMtimeMs: number): { size: number } | null {
  try {
    const stat = statSync(path);
    // A sibling older than its file is left over from an earlier build: never serve it.
    return stat.isFile() && stat.mtimeMs >= fileMtimeMs ? { size: stat.size } : null;
  } catch {
    return null;
  }
}

/** A compressing stream for answers made at request time (moderate levels: fast enough per request). */
export function compressor(coding: Coding): Transform {
  return coding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

/** The same moderate levels for a whole body made at request time. */
function compressNow(body: string, coding: Coding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Sends an HTML page made for this request (a prerendered content page, a screen with its
 * state): compressed for the client, with its exact length and `Vary: Accept-Encoding`.
 * `headers` add to those (or replace `vary`); a HEAD gets the headers only.
 */
export function sendRenderedHtml(
  req: IncomingMessage,
  res: ServerResponse,
  html: string,
  headers: Record<string, string>,
  status = 200,
): void {
  const coding = preferredCoding(req.headers['accept-encoding']);
  const body = coding ? compressNow(html, coding) : Buffer.from(html);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    vary: 'Accept-Encoding',
    ...headers,
    ...(coding ? { 'content-encoding': coding } : {}),
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
