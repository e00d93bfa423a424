import type { AppRouter } from '@bianshi/hub/router';
import { reconnectDelayMs, REALTIME } from '@bianshi/shared';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { queryRetryDelayMs, shouldRetryQuery } from './errors';

/** Path of the hub's tRPC endpoint, over HTTP and WebSocket alike. */
export const TRPC_PATH = '/api/trpc';

/**
 * React bindings for the hub's router:
 * - `TRPCProvider` — mounted once in app/provider.tsx.
 * - `useTRPC()` — query/mutation/subscription option factories, e.g.
 *   `useQuery(trpc.system.info.queryOptions())`, `useMutation(trpc.x.y.mutationOptions())`,
 *   `useSubscription(trpc.x.onChange.subscriptionOptions(input))`.
 * - `useTRPCClient()` — the raw client for imperative calls.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** `ws(s)://<host>/api/trpc` for the page's own origin. */
export function wsUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${TRPC_PATH}`;
}

/**
 * The tRPC client: subscriptions over one WebSocket (heartbeat 25 s, pong timeout 10 s,
 * reconnect after 1 s, 2 s, 5 s, 10 s, then every 10 s), everything else over batched HTTP.
 * The socket opens lazily, on the first subscription. Transport only: no toasts, no navigation.
 */
export function createTrpcClient(location: Pick<Location, 'protocol' | 'host'> = window.location): TRPCClient<AppRouter> {
  const wsClient = createWSClient({
    url: wsUrlFor(location),
    retryDelayMs: reconnectDelayMs,
    keepAlive: { enabled: true, intervalMs: REALTIME.heartbeatMs, pongTimeoutMs: REALTIME.heartbeatTimeoutMs },
    lazy: { enabled: true, closeMs: 30_000 },
  });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        false: httpBatchLink({ url: TRPC_PATH, transformer: superjson }),
      }),
    ],
  });
}

/**
 * Server data cache. Queries are idempotent: retried (at most 3 times, with back-off) on
 * 408, 409, 425, 429, 500, 502, 503, 504 and on network failures. Mutations are never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelayMs, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
