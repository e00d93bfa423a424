import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../auth/auth.service';
import { requestOrigin, type RequestOrigin } from '../auth/request-origin';
import type { Config } from '../lib/config';
import { siteOrigins } from '../lib/site';
import type { ConnectionBudget } from '../realtime/connection-budget';
import type { HubServices } from '../services';

/** Per-request (HTTP) or per-connection (WebSocket) context of every procedure. */
export interface Context {
  readonly services: HubServices;
  /** Client address, honouring X-Forwarded-For only when TRUST_PROXY is on. */
  readonly ip: string;
  readonly transport: 'http' | 'ws';
  readonly req: IncomingMessage;
  /** The socket, for WebSocket connections (subscriptions watch its backpressure). */
  readonly socket: WebSocket | null;
  /** The socket's live subscriptions, capped (WebSocket only; null on HTTP). */
  readonly budget: ConnectionBudget | null;
  /** Response headers to set, for HTTP requests (cookies); null on WebSocket. */
  readonly setHeader: ((name: string, value: string | string[]) => void) | null;
  /** Control keys this caller presents for a timer: bearer token, control cookie, connection params. */
  presentedKeys(timerId: string): string[];
  /**
   * The signed-in account, if any: from the session cookie (HTTP, or the WebSocket upgrade
   * request), or a Supabase access token (`Authorization: Bearer`, or `accessToken` in the
   * WebSocket connection params) when Supabase Auth is on.
   */
  readonly user: SessionUser | null;
  /** The session cookie's token when it was honoured (sign-out ends that session). */
  readonly sessionToken: string | null;
  /** Where the request says it comes from (CSRF protection of cookie credentials). */
  readonly origin: RequestOrigin;
  /**
   * True when the request carried auth cookies that were ignored because it could not prove
   * it came from this site (a mutation without a same-origin `Origin`/`Sec-Fetch-Site`).
   */
  readonly cookiesRejected: boolean;
}

export type { SessionUser };

/** Prefix of the cookies that carry control keys. */
const CONTROL_COOKIE_PREFIX = 'bs_ctl_';

/** The cookie that carries a timer's control key after a control link was opened. */
export function controlCookieName(timerId: string): string {
  return `${CONTROL_COOKIE_PREFIX}${timerId}`;
}

/** The timer id of a control cookie name, or null for other cookies. */
export function controlCookieTimerId(cookieName: string): string | null {
  return cookieName.startsWith(CONTROL_COOKIE_PREFIX) ? cookieName.slice(CONTROL_COOKIE_PREFIX.length) || null : null;
}

interface ContextSource {
  req: IncomingMessage;
  res?: unknown;
  info?: { connectionParams?: Record<string, string | undefined> | null };
  /** The connection's subscription budget (WebSocket). */
  budget?: ConnectionBudget;
}

/** Builds the context factory for one hub. */
export function createContextFactory(services: HubServices) {
  const { config } = services;
  const allowedOrigins = siteOrigins(config);
  return async ({ req, res, info, budget }: ContextSource, transport: Context['transport']): Promise<Context> => {
    const cookies = parseCookies(req.headers.cookie);
    const bearer = bearerToken(req.headers.authorization);
    const params = info?.connectionParams;
    const paramKey = params?.controlKey;
    const origin = requestOrigin(req, allowedOrigins, config.TRUST_PROXY);
    const cookiesTrusted = trustsCookies(transport, req.method, origin);
    const authCookies = [...cookies.keys()].some((name) => name === services.auth.cookies.session || name.startsWith(CONTROL_COOKIE_PREFIX));
    const httpResponse = transport === 'http' ? (res as { setHeader?: (name: string, value: string | string[]) => void } | undefined) : undefined;
    const sessionToken = cookiesTrusted ? (cookies.get(services.auth.cookies.session) ?? null) : null;
    const jwt = [bearer, params?.accessToken].find((token): token is string => typeof token === 'string' && looksLikeJwt(token));
    const user = await resolveUser(services, sessionToken, jwt);
    return {
      services,
      ip: clientIp(req, config),
      transport,
      req,
      socket: transport === 'ws' ? (res as WebSocket) : null,
      budget: budget ?? null,
      setHeader: httpResponse?.setHeader ? (name, value) => httpResponse.setHeader?.(name, value) : null,
      user,
      sessionToken: user && sessionToken ? sessionToken : null,
      origin,
      cookiesRejected: authCookies && !cookiesTrusted,
      presentedKeys(timerId) {
        const keys: string[] = [];
        if (bearer && !looksLikeJwt(bearer)) keys.push(bearer);
        const cookie = cookiesTrusted ? cookies.get(controlCookieName(timerId)) : undefined;
        if (cookie) keys.push(cookie);
        if (typeof paramKey === 'string' && paramKey) keys.push(paramKey);
        return keys;
      },
    };
  };
}

/**
 * CSRF rule for cookie credentials (session and control cookies): a state-changing HTTP request
 * (tRPC mutations are POST) must prove it comes from this site; reads and WebSocket upgrades
 * must not come from another site. Bearer keys and tokens are never sent by browsers on their
 * own, so they need no such proof.
 */
export function trustsCookies(transport: Context['transport'], method: string | undefined, origin: RequestOrigin): boolean {
  const safe = transport === 'ws' || method === 'GET' || method === 'HEAD';
  return safe ? origin !== 'cross' : origin === 'same';
}

async function resolveUser(services: HubServices, sessionToken: string | null, jwt: string | undefined): Promise<SessionUser | null> {
  try {
    if (sessionToken) {
      const user = await services.auth.userForSession(sessionToken);
      if (user) return user;
    }
    return jwt ? await services.auth.userForSupabaseToken(jwt) : null;
  } catch (error) {
    services.logger.warn('could not resolve the signed-in user', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** Three base64url segments: a JWT, never a control key (keys have no dots). */
function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/**
 * The address a request came from. Behind `TRUST_PROXY`, the address the trusted proxies put in
 * `X-Forwarded-For`: each appends the address it saw, so with `TRUST_PROXY_HOPS` proxies the
 * client is that many entries from the right. Entries further left were sent by the client
 * itself and are never believed.
 */
export function clientIp(req: IncomingMessage, config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>): string {
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
