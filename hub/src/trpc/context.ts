import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { SessionUser } from '../lib/session-user';
import { CONTROL_COOKIE_PREFIX, controlCookieName } from '../lib/cookies';
import { requestOrigin, type RequestOrigin } from '../lib/request-origin';
import { bearerToken, clientIp, parseCookies } from '../lib/request';
import { siteOrigins } from '../lib/site';
import type { ConnectionBudget } from '../realtime/connection-budget';

/**
 * The hub's services as procedures and transports see them: declared here, filled in by the
 * composition root (`services.ts` merges `HubServices` into it), so that this floor names no
 * module of the root that wires it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged with HubServices in services.ts
export interface ContextServices {}

/** Per-request (HTTP) or per-connection (WebSocket) context of every procedure. */
export interface Context {
  readonly services: ContextServices;
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

interface ContextSource {
  req: IncomingMessage;
  res?: unknown;
  info?: { connectionParams?: Record<string, string | undefined> | null };
  /** The connection's subscription budget (WebSocket). */
  budget?: ConnectionBudget;
}

/** Builds the context factory for one hub. */
export function createContextFactory(services: ContextServices) {
  const { config } = services;
  const allowedOrigins = siteOrigins(config);
  return async (
    { req, res, info, budget }: ContextSource,
    transport: Context['transport'],
  ): Promise<Context> => {
    const cookies = parseCookies(req.headers.cookie);
    const bearer = bearerToken(req.headers.authorization);
    const params = info?.connectionParams;
    const paramKey = params?.controlKey;
    const origin = requestOrigin(req, allowedOrigins, config.TRUST_PROXY);
    const cookiesTrusted = trustsCookies(transport, req.method, origin);
    const authCookies = [...cookies.keys()].some(
      (name) => name === services.auth.cookies.session || name.startsWith(CONTROL_COOKIE_PREFIX),
    );
    const httpResponse =
      transport === 'http'
        ? (res as { setHeader?: (name: string, value: string | string[]) => void } | undefined)
        : undefined;
    const sessionToken = cookiesTrusted ? (cookies.get(services.auth.cookies.session) ?? null) : null;
    const jwt = [bearer, params?.accessToken].find(
      (token): token is string => typeof token === 'string' && looksLikeJwt(token),
    );
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
export function trustsCookies(
  transport: Context['transport'],
  method: string | undefined,
  origin: RequestOrigin,
): boolean {
  const safe = transport === 'ws' || method === 'GET' || method === 'HEAD';
  return safe ? origin !== 'cross' : origin === 'same';
}

async function resolveUser(
  services: ContextServices,
  sessionToken: string | null,
  jwt: string | undefined,
): Promise<SessionUser | null> {
  try {
    if (sessionToken) {
      const user = await services.auth.userForSession(sessionToken);
      if (user) return user;
    }
    return jwt ? await services.auth.userForSupabaseToken(jwt) : null;
  } catch (error) {
    services.logger.warn('could not resolve the signed-in user', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/** Three base64url segments: a JWT, never a control key (keys have no dots). */
function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}
