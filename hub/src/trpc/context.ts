import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
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
  /** Response headers to set, for HTTP requests (cookies); null on WebSocket. */
  readonly setHeader: ((name: string, value: string | string[]) => void) | null;
  /** Control keys this caller presents for a timer: bearer token, control cookie, connection params. */
  presentedKeys(timerId: string): string[];
  /** The signed-in account, if any. */
  readonly user: SessionUser | null;
}

/** A signed-in account as procedures see it. */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/** The cookie that carries a timer's control key after a control link was opened. */
export function controlCookieName(timerId: string): string {
  return `bs_ctl_${timerId}`;
}

interface ContextSource {
  req: IncomingMessage;
  res?: unknown;
  info?: { connectionParams?: Record<string, string | undefined> | null };
}

/** Builds the context factory for one hub. */
export function createContextFactory(services: HubServices) {
  return ({ req, res, info }: ContextSource, transport: Context['transport']): Context => {
    const cookies = parseCookies(req.headers.cookie);
    const bearer = bearerToken(req.headers.authorization);
    const paramKey = info?.connectionParams?.controlKey;
    const httpResponse = transport === 'http' ? (res as { setHeader?: (name: string, value: string | string[]) => void } | undefined) : undefined;
    return {
      services,
      ip: clientIp(req, services.config.TRUST_PROXY),
      transport,
      req,
      socket: transport === 'ws' ? (res as WebSocket) : null,
      setHeader: httpResponse?.setHeader ? (name, value) => httpResponse.setHeader?.(name, value) : null,
      user: null,
      presentedKeys(timerId) {
        const keys: string[] = [];
        if (bearer) keys.push(bearer);
        const cookie = cookies.get(controlCookieName(timerId));
        if (cookie) keys.push(cookie);
        if (typeof paramKey === 'string' && paramKey) keys.push(paramKey);
        return keys;
      },
    };
  };
}

/** The address a request came from. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
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
