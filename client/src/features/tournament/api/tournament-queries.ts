/** Server data of the tournament hub (react-query over tRPC), kept fresh by `tournament.watch`. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';

/** The signed-in account, or null. */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** Public tournaments, or the caller's own. */
export function useTournamentList(scope: 'public' | 'mine', enabled = true) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tournament.list.queryOptions({ scope }), enabled });
}

/**
 * Everything the tournament page shows, re-read whenever the hub says it changed (any hub:
 * `tournament.watch` yields the version after every change).
 */
export function useTournament(slug: string) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.tournament.get.queryOptions({ slug }), retry: false });
  useTournamentChanges(slug, query.isSuccess);
  return query;
}

/** The live wall of a round (the latest published one when `roundId` is absent). */
export function useLiveRound(slug: string, roundId: string | undefined) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.tournament.live.queryOptions({ slug, ...(roundId ? { roundId } : {}) }),
    retry: false,
  });
  useTournamentChanges(slug, query.isSuccess);
  return query;
}

/** Re-reads this tournament's queries on every change the hub announces. */
export function useTournamentChanges(slug: string, enabled: boolean) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const subscription = client.tournament.watch.subscribe(
      { slug },
      {
        onData(item: unknown) {
          // The first event is the version the page was read at, or newer: re-read only what is older.
          const version = (item as { data?: { version?: unknown } } | null)?.data?.version;
          const cached = queryClient.getQueryData(trpc.tournament.get.queryKey({ slug }));
          if (typeof version === 'number' && cached && cached.version >= version) return;
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.get.queryKey({ slug }) });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.live.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.ballots.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.allocation.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.breakPreview.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.releasedBreak.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.speakerTab.pathKey() });
        },
      },
    );
    return () => subscription.unsubscribe();
  }, [client, queryClient, trpc, slug, enabled]);
}
