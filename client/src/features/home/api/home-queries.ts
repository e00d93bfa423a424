import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';

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

/** Timers and lobbies made on this device before signing in, that no account owns yet. */
export function useDeviceClaimables(enabled: boolean) {
  const trpc = useTRPC();
  const timers = useQuery({ ...trpc.members.claimable.queryOptions(), enabled });
  const lobbies = useQuery({ ...trpc.lobby.claimable.queryOptions(), enabled });
  return { timers: timers.data ?? [], lobbies: lobbies.data ?? [] };
}

/** The lobbies the account owns. */
export function useMyLobbies(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.lobby.mine.queryOptions(), enabled });
}

/**
 * Claims what this device made: each timer with its control cookie (`timer.claim`), each lobby
 * with its organizer cookie (`lobby.claim`). Resolves with how many were claimed and failed.
 */
export function useClaimDevice() {
  const client = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ timerIds, lobbyIds }: { timerIds: string[]; lobbyIds: string[] }) => {
      const results = await Promise.allSettled([
        ...timerIds.map((timerId) => client.timer.claim.mutate({ timerId })),
        ...lobbyIds.map((lobbyId) => client.lobby.claim.mutate({ lobbyId })),
      ]);
      return {
        claimed: results.filter((result) => result.status === 'fulfilled').length,
        failed: results.filter((result) => result.status === 'rejected').length,
      };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.lobby.pathKey() }),
      ]),
  });
}
