import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Config } from './config';

/** A Host header we are willing to put into links: a name or address and maybe a port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
}

/**
 * The address links point to, without a trailing slash: `SITE_URL` when set; otherwise the
 * address the request came to (its Host, and behind a trusted proxy its X-Forwarded-Host and
 * -Proto); otherwise `http://localhost:$PORT`. So `PORT=3900 npm start` links to :3900.
 */
export function siteBase(
  config: Pick<Config, 'SITE_URL' | 'PORT' | 'TRUST_PROXY'>,
  req?: IncomingMessage | null,
): string {
  if (config.SITE_URL) return config.SITE_URL.replace(/\/+$/, '');
  if (req) {
    const host = (config.TRUST_PROXY ? header(req, 'x-forwarded-host') : undefined) ?? header(req, 'host');
    if (host && HOST_PATTERN.test(host)) {
      const forwarded = config.TRUST_PROXY ? header(req, 'x-forwarded-proto')?.toLowerCase() : undefined;
      const tls = (req.socket as Partial<TLSSocket> | undefined)?.encrypted === true;
      const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : tls ? 'https' : 'http';
      return `${protocol}://${host}`;
    }
  }
  return `http://localhost:${config.PORT}`;
}

/** The origins whose pages count as this site besides the request's own host (CSRF checks). */
export function siteOrigins(config: Pick<Config, 'SITE_URL'>): string[] {
  return config.SITE_URL ? [new URL(config.SITE_URL).origin] : [];
}

/** Cookies get `Secure` when the public address is https. */
export function secureCookies(config: Pick<Config, 'SITE_URL'>): boolean {
  return config.SITE_URL?.startsWith('https:') ?? false;
}

/** Makes site-relative links absolute on `base`. */
export function absoluteLinks<T extends Record<string, string>>(base: string, links: T): T {
  return Object.fromEntries(Object.entries(links).map(([name, path]) => [name, base + path])) as T;
}
