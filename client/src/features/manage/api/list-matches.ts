import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** Input of the match list. */
export const listMatchesInputSchema = z.object({ timerId: z.string().min(1).max(64) });

/** The timer's matches with planned times (`manage.matches`). */
export function useMatches(timerId: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.manage.matches.queryOptions(listMatchesInputSchema.parse({ timerId })),
    staleTime: 5_000,
  });
}

/** One match of the list. */
export type MatchListItem = NonNullable<ReturnType<typeof useMatches>['data']>['matches'][number];
