import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * Where a request says it comes from, for CSRF protection of cookie credentials:
 * - `same`: the browser proved it is this site (`Origin` is an allowed origin or this host,
 *   or `Sec-Fetch-Site: same-origin`);
 * - `cross`: the browser says another site sent it;
 * - `unknown`: no browser headers at all (scripts, stream decks, tests).
 */
export type RequestOrigin = 'same' | 'cross' | 'unknown';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** The host a request was addressed to: behind a trusted proxy the first forwarded host, else `Host`. */
export function requestHost(headers: IncomingHttpHeaders, trustProxy: boolean): string | undefined {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
  return (trustProxy ? first(headers['x-forwarded-host']) : undefined) ?? first(headers.host);
}

/** Classifies a request by its `Origin` and `Sec-Fetch-Site` headers. */
export function requestOrigin(
  req: IncomingMessage,
  allowedOrigins: readonly string[],
  trustProxy: boolean,
): RequestOrigin {
  const fetchSite = header(req, 'sec-fetch-site')?.toLowerCase();
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'cross';
  const origin = header(req, 'origin');
  if (origin) {
    if (allowedOrigins.includes(origin)) return 'same';
    const host = requestHost(req.headers, trustProxy);
    try {
      return host && new URL(origin).host === host.toLowerCase() ? 'same' : 'cross';
    } catch {
      return 'cross'; // `Origin: null` (sandboxed frames, file://) and garbage
    }
  }
  return fetchSite === 'same-origin' ? 'same' : 'unknown';
}
