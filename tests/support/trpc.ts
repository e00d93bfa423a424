/** Real tRPC clients for tests: HTTP (batched) and WebSocket, typed by the hub's router. */
import { createTRPCClient, createWSClient, httpBatchLink, wsLink, type TRPCClient } from '@trpc/client';
import { createTransformer } from '@bianshi/shared';
import WebSocket from 'ws';
import type { AppRouter } from '../../hub/src/app.router';

export type HubClient = TRPCClient<AppRouter>;

/** A client whose every call goes over batched HTTP. */
export function httpClient(baseUrl: string, headers: Record<string, string> = {}): HubClient {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${baseUrl}/api/trpc`, transformer: createTransformer(), headers })],
  });
}

/** A client whose every call goes over one WebSocket; close it with `close()`. */
export function wsClient(
  wsUrl: string | (() => string),
  options: { protocol?: string; controlKey?: string } = {},
) {
  const withProtocol = (base: string) =>
    options.protocol === undefined ? base : `${base}?protocol=${options.protocol}`;
  const url = typeof wsUrl === 'string' ? withProtocol(wsUrl) : () => withProtocol(wsUrl());
  const socket = createWSClient({
    url,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => 200,
    ...(options.controlKey ? { connectionParams: { controlKey: options.controlKey } } : {}),
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: socket, transformer: createTransformer() })],
  });
  return { client, socket, close: () => socket.close() };
}
