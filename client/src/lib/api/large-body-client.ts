/**
 * A tRPC client for the calls whose body may pass 1 MB (TRPC_HTTP_LARGE_BODIES: a Tabbycat
 * folder). The hub lets such a call carry more only over HTTP and alone in its request; the
 * page's own client batches calls together and sends subscriptions over the WebSocket (64 KB
 * messages). Only the screens that make these calls load it, so no other page pays for it.
 */
import type { AppRouter } from '@bianshi/hub/router';
import { createTransformer } from '@bianshi/shared';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { TRPC_PATH } from './trpc-client';

/** Every call over HTTP, one call a request (the batch link of the page's client, so no more code). */
export function createLargeBodyClient(url: string = TRPC_PATH): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url, transformer: createTransformer(), maxItems: 1 })],
  });
}
