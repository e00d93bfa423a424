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
