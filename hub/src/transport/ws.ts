import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE, PROTOCOL_VERSION, REALTIME } from '@bianshi/shared';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocket, WebSocketServer } from 'ws';
import { hashKey } from '../lib/ids';
import type { AnyRouter } from '@trpc/server';
import { clientIp } from '../lib/request';
import { createContextFactory, type Context, type ContextServices } from '../trpc/context';
import { ConnectionBudget } from '../realtime/connection-budget';
import type { CoolingOff } from '../limits/cooling-off';
import {
  batchTooLarge,
  countCalls,
  FloodedAddresses,
  refusalEnvelope,
  WS_CALL_BURST,
  WS_MAX_CALLS_PER_MESSAGE,
  WS_MAX_PAYLOAD_BYTES,
} from '../limits/ws-limits';
import { wireEncoder } from '../trpc/transformer';
import { WatchFastPath, type WatchConnection } from './watch-fast-path';

/** What a socket's screen lets through: the message to deliver, or null when it was handled. */
type Screened = { data: Buffer; isBinary: boolean } | null;

/**
 * The tRPC endpoint's sockets (ws's `WebSocket` server option): every inbound message passes the
 * socket's {@link screen} before any listener, tRPC's adapter included, hears it.
 */
class ScreenedSocket extends WebSocket {
  /** Set at the upgrade, before the adapter sees the socket; null lets every message through. */
  screen: ((data: Buffer, isBinary: boolean) => Screened) | null = null;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event !== 'message' || this.screen === null) return super.emit(event, ...args);
    const passed = this.screen(args[0] as Buffer, args[1] as boolean);
    return passed === null ? true : super.emit(event, passed.data, passed.isBinary);
  }
}

/** Another WebSocket endpoint on the same server, chosen by path prefix (e.g. `/api/yjs/`). */
export interface UpgradeRoute {
  readonly prefix: string;
  handle(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
}

/**
 * tRPC over WebSocket on `/api/trpc` of the same HTTP server, with the spec's keep-alive
 * (ping after 25 s of quiet, close when no pong within 10 s) and a protocol check at connect.
 */
export function attachWebSocket(
  server: Server,
  services: ContextServices,
  router: AnyRouter,
  routes: readonly UpgradeRoute[] = [],
) {
  // No compression: the watch fast path writes finished frames beside `ws` (see there).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD_BYTES,
    perMessageDeflate: false,
    WebSocket: ScreenedSocket,
  });
  const createContext = createContextFactory(services);
  // One context per connection, whoever asks first: tRPC's adapter or the watch fast path.
  const contexts = new WeakMap<object, Promise<Context>>();
  // Each connection's subscription budget, made at the upgrade (before any message).
  const budgets = new WeakMap<object, ConnectionBudget>();
  /** Addresses whose socket was closed for flooding: their next sockets start from that debt. */
  const flooded = new FloodedAddresses();
  const contextOf = (source: Parameters<typeof createContext>[0]): Promise<Context> => {
    const key = source.res as object;
    let context = contexts.get(key);
    if (!context) {
      const budget = budgets.get(key);
      contexts.set(key, (context = createContext(budget ? { ...source, budget } : source, 'ws')));
      void context.then(
        (ctx) => registerAccount(services, source.res as WebSocket, ctx),
        () => {},
      );
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
    const from = clientIp(req, services.config);
    const cooled = services.cooling.watching(from) ? services.cooling.check(from, WS_DOOR_KEY) : null;
    if (cooled) return refuseUpgrade(services.cooling, from, socket, cooled.leftMs);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const claimed = url.searchParams.get('protocol');
      if (claimed !== null && claimed !== String(PROTOCOL_VERSION)) {
        ws.close(CLOSE.protocolMismatch.code, CLOSE.protocolMismatch.reason);
        return;
      }
      const address = from;
      const budget = new ConnectionBudget(address, services.subscriptions);
      budgets.set(ws, budget);
      const watches = fastPath.connect(
        ws,
        socket,
        req,
        url.searchParams.get('connectionParams') === '1',
        budget,
      );
      screenMessages(ws, services, router, watches, { address, flooded });
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

/** The cooling-off key of tRPC socket upgrades (an address whose last socket was closed for flooding). */
const WS_DOOR_KEY = 'ws:trpc';

/**
 * Refuses a socket upgrade at the door: held back like every door's refusal, then answered with
 * 429 and Retry-After before any handshake, context or session look-up. The realtime client
 * takes a failed upgrade as a dropped connection and tries again after its back-off.
 */
function refuseUpgrade(cooling: CoolingOff, address: string, socket: Duplex, leftMs: number): void {
  socket.on('error', () => socket.destroy());
  cooling.hold(address, leftMs, (_closeConnection, retryAfterMs) => {
    if (socket.destroyed) return;
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    socket.end(
      `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${seconds}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}

/**
 * A connection that speaks for an account is listed under it, so ending the account's sessions
 * (on any hub) closes it: its context, and with it the account, was resolved once at connect.
 */
function registerAccount(services: ContextServices, socket: WebSocket, ctx: Context): void {
  if (!ctx.user || socket.readyState === socket.CLOSED) return;
  const forget = services.rooms.sockets.add(socket, {
    userId: ctx.user.id,
    tokenHash: ctx.sessionToken ? hashKey(ctx.sessionToken) : null,
  });
  socket.once('close', forget);
}

/**
 * Every inbound message passes here before any listener (tRPC's adapter included) hears it:
 * the limits first (calls per message, calls per second), then the watch fast path, which may
 * take the message (or part of a batch) for itself. What is left goes on as the socket's usual
 * `message` event.
 */
function screenMessages(
  socket: ScreenedSocket,
  services: ContextServices,
  router: AnyRouter,
  watches: WatchConnection,
  from: { address: string; flooded: FloodedAddresses },
): void {
  const rate = from.flooded.rateFor(from.address, Date.now());
  // Whether any message of this socket got through: only a socket that spent calls leaves its
  // debt to the address. One refused at its first message (paying a debt it inherited, such as a
  // neighbour's behind the same NAT, reconnecting) must not renew it, or reconnects would keep
  // the address refused for ever.
  let spent = false;
  socket.screen = (data, isBinary) => {
    const text = isBinary ? null : data.toString('utf8');
    const calls = text === null ? 1 : countCalls(text);
    // A message over the ceiling is refused whole, unread, and costs the socket a full message.
    const tooLarge = calls > WS_MAX_CALLS_PER_MESSAGE;
    if (!rate.take(tooLarge ? WS_MAX_CALLS_PER_MESSAGE : calls, Date.now())) {
      if (socket.readyState === socket.OPEN) {
        services.logger.warn('socket flood closed', { calls: WS_CALL_BURST });
        if (spent) from.flooded.flooded(from.address, rate);
        // Until the debt is paid, this address's next sockets are refused at the door.
        services.cooling.refused(from.address, WS_DOOR_KEY, rate.msUntilEven(Date.now()), {
          message: '',
          reason: 'rate-limited',
        });
        socket.close(CLOSE.rateLimited.code, CLOSE.rateLimited.reason);
      }
      return null;
    }
    spent = true;
    if (tooLarge) {
      if (socket.readyState === socket.OPEN)
        socket.send(wireEncoder.encode(refusalEnvelope(router, batchTooLarge(calls))));
      return null;
    }
    if (text === null) return { data, isBinary };
    const rest = watches.take(text);
    if (rest === null) return null;
    // Untouched (the usual case): the original bytes go on, not a copy.
    return { data: rest === text ? data : Buffer.from(rest, 'utf8'), isBinary: false };
  };
}
