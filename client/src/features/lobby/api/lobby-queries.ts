/** Server data of lobbies (react-query over tRPC): the open list and one lobby's facts and role. */
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** Open (public) lobbies, refreshed while the page is open. */
export function useOpenLobbies() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.lobby.list.queryOptions(), refetchInterval: 15_000 });
}

/** One lobby's facts and the caller's role (and links, for its organizer). */
export function useLobbyInfo(
  input: { lobbyId: string; token?: string | undefined; judgeKey?: string | undefined },
  enabled = true,
) {
  const trpc = useTRPC();
  const { lobbyId, token, judgeKey } = input;
  return useQuery({
    ...trpc.lobby.get.queryOptions({
      lobbyId,
      ...(token ? { token } : {}),
      ...(judgeKey ? { judgeKey } : {}),
    }),
    enabled,
    retry: false,
  });
}
