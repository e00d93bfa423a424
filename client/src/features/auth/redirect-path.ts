/**
 * The path a visitor asked for before being sent to sign in, kept in a cookie named
 * `<prefix>-redirect-path` (SPEC §2) and restored after sign-in. Only same-site paths are
 * ever restored: `https://evil.example`, `//evil.example` and `/\evil.example` are refused.
 */

/** How long the saved path is kept: long enough for a magic-link round trip. */
export const REDIRECT_COOKIE_MAX_AGE_S = 30 * 60;

/** `<prefix>-redirect-path`. */
export function redirectCookieName(prefix: string): string {
  return `${prefix}-redirect-path`;
}

/** A path that is safe to navigate to after sign-in, or null. */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2_000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters would let a browser read `/\t/evil.example` as `//evil.example`.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (raw.startsWith('/auth/')) return null;
  return raw;
}

/** The Cookie value that saves `fullPath` (path + search + hash). */
export function redirectCookie(prefix: string, fullPath: string, secure: boolean): string {
  const attributes = [
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${REDIRECT_COOKIE_MAX_AGE_S}`,
    ...(secure ? ['Secure'] : []),
  ];
  return `${redirectCookieName(prefix)}=${encodeURIComponent(fullPath)}; ${attributes.join('; ')}`;
}

/** The Cookie value that forgets the saved path. */
export function clearedRedirectCookie(prefix: string): string {
  return `${redirectCookieName(prefix)}=; Path=/; SameSite=Lax; Max-Age=0`;
}

/** Reads the saved path out of a `document.cookie` string (null when absent or unsafe). */
export function readRedirectPath(cookieHeader: string, prefix: string): string | null {
  const name = redirectCookieName(prefix);
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return safeRedirectPath(decodeURIComponent(part.slice(separator + 1).trim()));
    } catch {
      return null;
    }
  }
  return null;
}
