import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/ui/tooltip';
import { createQueryClient, createTrpcClient, TRPCProvider } from '../lib/trpc';

/** Server data (TanStack Query + tRPC) and tooltip timing for the whole app. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TooltipProvider>{children}</TooltipProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
