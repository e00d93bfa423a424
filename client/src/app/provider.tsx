import { useState } from 'react';
import type { ReactNode } from 'react';
import { createTrpcClient, TrpcClientContext } from '../lib/api/trpc-client';

/**
 * The page's one tRPC client, for every route. The query cache, the TanStack Query bindings and
 * the tooltip timing come with the server-data layout (layouts/server-data-layout.tsx), which
 * every route but the projector display sits under: the display downloads none of it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(() => createTrpcClient());
  return <TrpcClientContext.Provider value={trpcClient}>{children}</TrpcClientContext.Provider>;
}
