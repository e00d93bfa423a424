/** Cookie names of accounts, all under AUTH_COOKIE_PREFIX (SPEC §2: prefix + suffix). */
export function authCookieNames(prefix: string) {
  return {
    /** httpOnly session token. */
    session: `${prefix}-session`,
    /** The path a visitor asked for before being sent to sign in (set and read by the client). */
    redirectPath: `${prefix}-redirect-path`,
  } as const;
}

/** Attributes of a cookie the hub sets. */
export interface CookieOptions {
  maxAgeS: number;
  secure: boolean;
  httpOnly?: boolean;
}

/** `name=value; Path=/; HttpOnly; SameSite=Lax; Max-Age=…[; Secure]`. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`,
  ];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** How long a capability cookie (a timer's control key, a lobby's organizer key) lasts. */
export const CAPABILITY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The httpOnly cookie that carries a capability key (control or organizer key) on this browser. */
export function capabilityCookie(name: string, key: string, secure: boolean): string {
  return serializeCookie(name, key, { maxAgeS: CAPABILITY_COOKIE_MAX_AGE_S, secure });
}

/** A Set-Cookie value that deletes `name`. */
export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, '', { maxAgeS: 0, secure });
}

/** Prefix of the cookies that carry control keys. */
export const CONTROL_COOKIE_PREFIX = 'bs_ctl_';

/** The cookie that carries a timer's control key after a control link was opened. */
export function controlCookieName(timerId: string): string {
  return `${CONTROL_COOKIE_PREFIX}${timerId}`;
}

/** The timer id of a control cookie name, or null for other cookies. */
export function controlCookieTimerId(cookieName: string): string | null {
  return cookieName.startsWith(CONTROL_COOKIE_PREFIX)
    ? cookieName.slice(CONTROL_COOKIE_PREFIX.length) || null
    : null;
}
