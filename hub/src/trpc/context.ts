import type { IncomingMessage } from 'node:http';
import type { HubServices } from '../services';

/** Per-request (HTTP) or per-connection (WebSocket) context of every procedure. */
export interface Context {
  readonly services: HubServices;
  /** Client address, honouring X-Forwarded-For only when TRUST_PROXY is on. */
  readonly ip: string;
  readonly transport: 'http' | 'ws';
  readonly req: IncomingMessage;
}

/** Builds the context factory for one hub. */
export function createContextFactory(services: HubServices) {
  return ({ req }: { req: IncomingMessage }, transport: Context['transport']): Context => ({
    services,
    ip: clientIp(req, services.config.TRUST_PROXY),
    transport,
    req,
  });
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
