import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE, PROTOCOL_VERSION, REALTIME } from '@bianshi/shared';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { hashKey } from '../lib/ids';
import type { HubServices } from '../services';
import type { AppRouter } from '../trpc/app.router';
import { clientIp, createContextFactory, type Context } from '../trpc/context';
import { ConnectionBudget } from '../limits/connection-budget';
import { wireEncoder } from '../trpc/transformer';
import { WatchFastPath, type WatchConnection } from './watch-fast-path';

/** Largest inbound WebSocket frame the hub accepts; larger ones close the socket (1009). */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Sustained inbound messages per second one socket may send, and the burst above that. */
export const WS_MESSAGES_PER_SECOND = 30;
export const WS_MESSAGE_BURST = 120;

/** Another WebSocket endpoint on the same server, chosen by path prefix (e.g. `/api/yjs/`). */
export interface UpgradeRoute {
  readonly prefix: string;
  handle(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
}

/**
 * tRPC over WebSocket on `/api/trpc` of the same HTTP server, with the spec's keep-alive
 * (ping after 25 s of quiet, close when no pong within 10 s) and a protocol check at connect.
 */
export function attachWebSocket(server: Server, services: HubServices, router: AppRouter, routes: readonly UpgradeRoute[] = []) {
  // No compression: the watch fast path writes finished frames beside `ws` (see there).
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD_BYTES, perMessageDeflate: false });
  const createContext = createContextFactory(services);
  // One context per connection, whoever asks first: tRPC's adapter or the watch fast path.
  const contexts = new WeakMap<object, Promise<Context>>();
  // Each connection's subscription budget, made at the upgrade (before any message).
  const budgets = new WeakMap<object, ConnectionBudget>();
  const contextOf = (source: Parameters<typeof createContext>[0]): Promise<Context> => {
    const key = source.res as object;
    let context = contexts.get(key);
    if (!context) {
      const budget = budgets.get(key);
      contexts.set(key, (context = createContext(budget ? { ...source, budget } : source, 'ws')));
      void context.then((ctx) => registerAccount(services, source.res as WebSocket, ctx), () => {});
    }
    return context;
  };
  const handler = applyWSSHandler({
    wss,
    router,
    createContext: contextOf,
    keepAlive: { enabled: true, pingMs: REALTIME.heartbeatMs, pongWaitMs: REALTIME.heartbeatTimeoutMs },
    experimental_encoder: wireEncoder,
  });

  const fastPath = new WatchFastPath(services, router, contextOf);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    const route = routes.find((candidate) => url.pathname.startsWith(candidate.prefix));
    if (route) return route.handle(req, socket, head, url);
    if (url.pathname !== '/api/trpc' && url.pathname !== '/api/trpc/') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const claimed = url.searchParams.get('protocol');
      if (claimed !== null && claimed !== String(PROTOCOL_VERSION)) {
        ws.close(CLOSE.protocolMismatch.code, CLOSE.protocolMismatch.reason);
        return;
      }
      const budget = new ConnectionBudget(clientIp(req, services.config), services.subscriptions);
      budgets.set(ws, budget);
      const watches = fastPath.connect(ws, socket, req, url.searchParams.get('connectionParams') === '1', budget);
      screenMessages(ws, services, watches);
      wss.emit('connection', ws, req);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    wss,
    /** Closes every socket and stops accepting upgrades. */
    async close(): Promise<void> {
      server.off('upgrade', onUpgrade);
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/**
 * A connection that speaks for an account is listed under it, so ending the account's sessions
 * (on any hub) closes it: its context, and with it the account, was resolved once at connect.
 */
function registerAccount(services: HubServices, socket: WebSocket, ctx: Context): void {
  if (!ctx.user || socket.readyState === socket.CLOSED) return;
  const forget = services.rooms.sockets.add(socket, { userId: ctx.user.id, tokenHash: ctx.sessionToken ? hashKey(ctx.sessionToken) : null });
  socket.once('close', forget);
}

/**
 * Every inbound message passes here before any listener (tRPC's adapter included) hears it:
 * the flood guard first, then the watch fast path, which may take the message (or part of a
 * batch) for itself. What is left goes on as the socket's usual `message` event.
 */
function screenMessages(socket: WebSocket, services: HubServices, watches: WatchConnection): void {
  let tokens = WS_MESSAGE_BURST;
  let at = Date.now();
  const emit = socket.emit;
  socket.emit = function (this: WebSocket, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'message') return emit.call(this, event, ...args);
    const now = Date.now();
    tokens = Math.min(WS_MESSAGE_BURST, tokens + ((now - at) / 1000) * WS_MESSAGES_PER_SECOND) - 1;
    at = now;
    if (tokens < 0) {
      if (socket.readyState === socket.OPEN) {
        services.logger.warn('socket flood closed', { messages: WS_MESSAGE_BURST });
        socket.close(CLOSE.rateLimited.code, CLOSE.rateLimited.reason);
      }
      return true;
    }
    const [data, isBinary] = args as [Buffer, boolean];
    if (isBinary) return emit.call(this, event, data, isBinary);
    const text = data.toString('utf8');
    const rest = watches.take(text);
    if (rest === null) return true;
    // Untouched (the usual case): the original bytes go on, not a copy.
    return emit.call(this, event, rest === text ? data : Buffer.from(rest, 'utf8'), false);
  } as WebSocket['emit'];
}
