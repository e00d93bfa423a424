import type { IncomingMessage } from 'node:http';
import type { Config } from './config';

/**
 * The address a request came from. Behind `TRUST_PROXY`, the address the trusted proxies put in
 * `X-Forwarded-For`: each appends the address it saw, so with `TRUST_PROXY_HOPS` proxies the
 * client is that many entries from the right. Entries further left were sent by the client
 * itself and are never believed.
 */
export function clientIp(
  req: IncomingMessage,
  config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>,
): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (!config.TRUST_PROXY) return socketAddress;
  return forwardedAddress(req.headers['x-forwarded-for'], config.TRUST_PROXY_HOPS) ?? socketAddress;
}

/** The entry `hops` from the right of (every) `X-Forwarded-For` header; null when there is none. */
export function forwardedAddress(header: string | string[] | undefined, hops: number): string | null {
  if (header === undefined) return null;
  // Several headers count as one list, in order (RFC 7230 §3.2.2).
  const entries = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than proxies: the leftmost was still written by a trusted proxy.
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

/** `Authorization: Bearer <token>` → token. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** Parses a Cookie header into a map (first value wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      // A malformed cookie is ignored, never fatal.
    }
  }
  return cookies;
}

/** The value of cookie `name` in a request, without parsing the rest into a map when there is no Cookie header. */
export function cookieOf(req: IncomingMessage, name: string): string | null {
  return req.headers.cookie ? (parseCookies(req.headers.cookie).get(name) ?? null) : null;
}

/**
 * A request's body, or null as soon as it passes `maxBytes` (a declared length over it is
 * refused before a byte is read). What follows an overflow is read and dropped, so the caller
 * can still answer on the connection.
 */
export function readBodyUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      req.resume();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
