/** 辩手榜: the speaker tab (staff always, the public once the tournament is over). */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** Re-read on every change of the tournament (tournament-queries.ts). */
export function useSpeakerTab(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tournament.speakerTab.queryOptions({ slug }), retry: false });
}
