import type { AppRouter } from '@bianshi/hub/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { queryRetryDelayMs, shouldRetryQuery } from './errors';

export {
  createTrpcClient,
  realtimeSocketOf,
  TRPC_PATH,
  wsUrlFor,
  type RealtimeSocket,
  type SocketEvent,
} from './trpc-client';

/**
 * React bindings for the hub's router:
 * - `TRPCProvider` — mounted once in app/layouts/server-data-layout.tsx, around every page but
 *   the projector display (which uses `useTrpcClient` from `lib/api/trpc-client` and no query cache).
 * - `useTRPC()` — query/mutation/subscription option factories, e.g.
 *   `useQuery(trpc.system.info.queryOptions())`, `useMutation(trpc.x.y.mutationOptions())`,
 *   `useSubscription(trpc.x.onChange.subscriptionOptions(input))`.
 * - `useTRPCClient()` — the raw client for imperative calls.
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Server data cache. Queries are idempotent: retried (at most 3 times, with back-off) on
 * 408, 409, 425, 429, 500, 502, 503, 504 and on network failures. Mutations are never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelayMs,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
