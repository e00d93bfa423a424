import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** The management pages' timer id (the short id from the route works too). */
export const managedTimerInputSchema = z.object({ timerId: z.string().min(1).max(64) });

/** Everything the management pages show of a timer, and this browser's role (`manage.get`). */
export function useManagedTimer(shortid: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.manage.get.queryOptions(managedTimerInputSchema.parse({ timerId: shortid || '-' })),
    retry: false,
  });
}

/** The data `manage.get` returns. */
export type ManagedTimer = NonNullable<ReturnType<typeof useManagedTimer>['data']>;
