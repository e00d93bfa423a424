/**
 * The hub's tRPC client without TanStack Query: what the projector display and the other timer
 * screens need (subscriptions and a few calls). Pages with server data use `lib/api/trpc` on top of it.
 */
import type { AppRouter } from '@bianshi/hub/router';
import {
  createTransformer,
  PROTOCOL_VERSION,
  reconnectDelayMs,
  REALTIME,
  TRPC_HTTP_MAX_BATCH,
} from '@bianshi/shared';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import { createContext, useContext } from 'react';

/** Path of the hub's tRPC endpoint, over HTTP and WebSocket alike. */
export const TRPC_PATH = '/api/trpc';

/** `ws(s)://<host>/api/trpc?protocol=<PROTOCOL_VERSION>` for the page's own origin. */
export function wsUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${TRPC_PATH}?protocol=${PROTOCOL_VERSION}`;
}

/** What happened to the realtime socket. */
export type SocketEvent = { type: 'open' } | { type: 'close'; code: number | undefined };

/**
 * The realtime socket as the timer screens see it: open/close events (with close codes, e.g.
 * 4000 protocol-mismatch) and a way to drop a socket the browser says is dead. Transport only.
 */
export interface RealtimeSocket {
  /** Listens to open/close events; returns the unsubscribe function. */
  subscribe(listener: (event: SocketEvent) => void): () => void;
  /** Whether the socket is open right now. */
  isOpen(): boolean;
  /** Closes the current socket so the client reconnects on its schedule (when the network went away). */
  dropConnection(): void;
}

const realtimeSockets = new WeakMap<object, RealtimeSocket>();

/** The realtime socket behind a client made by {@link createTrpcClient}; null for other clients. */
export function realtimeSocketOf(client: object): RealtimeSocket | null {
  return realtimeSockets.get(client) ?? null;
}

/** Procedures that must travel over the socket: clock sync measures that socket's round trip. */
const SOCKET_PATHS: ReadonlySet<string> = new Set(['clock.ping']);

/**
 * The messages of one WebSocket send, at most `max` calls each: tRPC's client sends every
 * queued request as one array (after a reconnect, every subscription at once), and the hub
 * refuses a message of more calls than one HTTP batch may hold.
 */
export function splitBatch(data: string, max: number = TRPC_HTTP_MAX_BATCH): string[] {
  if (!data.startsWith('[')) return [data];
  const calls = JSON.parse(data) as unknown[];
  if (calls.length <= max) return [data];
  const messages: string[] = [];
  for (let start = 0; start < calls.length; start += max)
    messages.push(JSON.stringify(calls.slice(start, start + max)));
  return messages;
}

/** The page's WebSocket class, sending batches split by {@link splitBatch}; undefined without one. */
function batchSplittingWebSocket(): typeof WebSocket | undefined {
  if (typeof WebSocket === 'undefined') return undefined;
  return class extends WebSocket {
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      if (typeof data !== 'string') return super.send(data);
      for (const message of splitBatch(data)) super.send(message);
    }
  };
}

/**
 * The tRPC client: subscriptions over one WebSocket (heartbeat 25 s, pong timeout 10 s,
 * reconnect after 1 s, 2 s, 5 s, 10 s, then every 10 s), everything else over batched HTTP.
 * The socket opens lazily, on the first subscription, unless `eagerSocket`. Transport only: no
 * toasts, no navigation.
 */
export function createTrpcClient(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
  options: { eagerSocket?: boolean } = {},
): TRPCClient<AppRouter> {
  const listeners = new Set<(event: SocketEvent) => void>();
  const emit = (event: SocketEvent) => listeners.forEach((listener) => listener(event));
  const wsClient = createWSClient({
    url: wsUrlFor(location),
    WebSocket: batchSplittingWebSocket(),
    retryDelayMs: reconnectDelayMs,
    keepAlive: {
      enabled: true,
      intervalMs: REALTIME.heartbeatMs,
      pongTimeoutMs: REALTIME.heartbeatTimeoutMs,
    },
    // eagerSocket: open now and keep it open (the projector display, which opens it while React
    // renders its first frame, instead of a round trip or two after).
    lazy: { enabled: !options.eagerSocket, closeMs: 30_000 },
    onOpen: () => emit({ type: 'open' }),
    onClose: (cause) => emit({ type: 'close', code: cause?.code }),
  });
  // Hub and client share one superjson configuration (it knows pre-serialized frames).
  const transformer = createTransformer();
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription' || SOCKET_PATHS.has(op.path),
        true: wsLink({ client: wsClient, transformer }),
        false: httpBatchLink({ url: TRPC_PATH, transformer, maxItems: TRPC_HTTP_MAX_BATCH }),
      }),
    ],
  });
  realtimeSockets.set(client, {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isOpen: () => wsClient.connection?.state === 'open',
    dropConnection: () => wsClient.connection?.ws.close(),
  });
  return client;
}

/** The one tRPC client of the page, provided at the root (app/provider.tsx). */
export const TrpcClientContext = createContext<TRPCClient<AppRouter> | null>(null);

/** The page's tRPC client, without the TanStack Query bindings (timer screens use this). */
export function useTrpcClient(): TRPCClient<AppRouter> {
  const client = useContext(TrpcClientContext);
  if (!client) throw new Error('useTrpcClient outside TrpcClientContext (app/provider.tsx)');
  return client;
}
