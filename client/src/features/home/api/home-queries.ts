import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';

/** The signed-in account (null for visitors; the guard keeps visitors off /home). */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** The account's timers (owned and shared) and their recent matches. */
export function useOverview(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.members.mine.queryOptions(), enabled });
}

/**
 * Claims a timer made anonymously: with a control link, its key is first exchanged for the
 * control cookie; with a short id alone, the cookie this browser already holds is the proof.
 */
export function useClaimTimer() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, key }: { id: string; key: string | null }) => {
      if (key) await client.timer.claimControl.mutate({ timerId: id, key });
      const timer = await client.timer.get.query({ id });
      await client.timer.claim.mutate({ timerId: timer.timer.id });
      return timer.timer;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.members.mine.pathKey() }),
  });
}
