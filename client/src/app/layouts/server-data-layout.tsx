import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { TooltipProvider } from '../../components/ui/tooltip';
import { useAuthGuard } from '../../features/auth';
import { createQueryClient, TRPCProvider } from '../../lib/api/trpc';
import { useTrpcClient } from '../../lib/api/trpc-client';
import { Splash } from '../root';

/** One query cache for the page's life, kept when a visitor passes through a display and back. */
let queryClient: ReturnType<typeof createQueryClient> | undefined;

/**
 * Server data for every route but the projector display: the query cache, the tRPC bindings of
 * TanStack Query, tooltip timing and the global auth guard (SPEC §2). A pathless route, so React
 * Router loads it beside the page's own chunks, not after them.
 */
export function ServerDataLayout() {
  queryClient ??= createQueryClient();
  const trpcClient = useTrpcClient();
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <TooltipProvider>
          <Guarded />
        </TooltipProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

function Guarded() {
  const guard = useAuthGuard();
  return guard === 'pass' ? <Outlet /> : <Splash />;
}
