import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** The console's timer id from the route (`/timer/manage/:shortid`). */
export const consoleTimerInputSchema = z.object({ id: z.string().min(1).max(64) });

/** The timer's public facts and this browser's role on it (`timer.get`). */
export function useConsoleTimer(shortid: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.timer.get.queryOptions(consoleTimerInputSchema.parse({ id: shortid || '-' })),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
