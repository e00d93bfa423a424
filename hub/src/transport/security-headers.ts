import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../lib/config';

/** Headers every response carries. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** CSP of JSON and other API answers: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The sha256 CSP sources of the inline `<script>` blocks of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the app's HTML: scripts only from this origin plus the hashed
 * inline colour-mode bootstrap, connections to this origin's HTTP and WebSocket (and Supabase
 * when configured), no plugins, no foreign framing, no <base> hijack.
 */
export function appCsp(
  config: Pick<Config, 'SUPABASE_URL' | 'CSP_CONNECT_SRC' | 'ANALYTICS_URL'>,
  scriptHashes: readonly string[],
): string {
  const supabase = config.SUPABASE_URL ? [new URL(config.SUPABASE_URL).origin] : [];
  // An external analytics collector, exactly its origin (the built-in one is 'self').
  const analytics = config.ANALYTICS_URL ? [new URL(config.ANALYTICS_URL).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // Inline style attributes and the toaster's injected <style>; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Timer logos may be uploads or https URLs an organizer pasted.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:', ...supabase],
    'connect-src': ["'self'", 'ws:', 'wss:', ...supabase, ...analytics, ...config.CSP_CONNECT_SRC],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The app's HTML pages: the site's shell and the projector display's and the audience's own pages. */
const APP_PAGES = ['index.html', 'display.html', 'lobby-screen.html'] as const;

/** The app CSP for a built client (inline scripts of both pages), re-read when a rebuild changes them. */
export function appCspFor(
  clientDist: string,
  config: Pick<Config, 'SUPABASE_URL' | 'CSP_CONNECT_SRC' | 'ANALYTICS_URL'>,
): () => string {
  const paths = APP_PAGES.map((page) => join(clientDist, page));
  let cached: { stamp: string; csp: string } | undefined;
  const mtimeOf = (path: string) => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      // Not built yet: the static handler answers 503; the policy needs no hashes.
      return -1;
    }
  };
  return () => {
    const mtimes = paths.map(mtimeOf);
    const stamp = mtimes.join(',');
    if (cached?.stamp !== stamp) {
      const hashes = paths.flatMap((path, index) =>
        mtimes[index]! < 0 ? [] : inlineScriptHashes(readFileSync(path, 'utf8')),
      );
      cached = { stamp, csp: appCsp(config, [...new Set(hashes)]) };
    }
    return cached.csp;
  };
}
