import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/api/trpc';

/** The signed-in account, or null (`auth.me`). */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** The account's API tokens (`integrations.tokens.list`). */
export function useTokens(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.integrations.tokens.list.queryOptions(), enabled, retry: false });
}

export type TokenItem = NonNullable<ReturnType<typeof useTokens>['data']>[number];

/** Creating and revoking tokens; both refresh the list. */
export function useTokenActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settled = {
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: trpc.integrations.tokens.list.queryKey() }),
  };
  return {
    create: useMutation(trpc.integrations.tokens.create.mutationOptions(settled)),
    revoke: useMutation(trpc.integrations.tokens.revoke.mutationOptions(settled)),
  };
}

/** One id per line (or comma), trimmed, without blanks. */
export function idList(text: string): string[] {
  return text
    .split(/[\s,，]+/)
    .map((id) => id.trim())
    .filter(Boolean);
}
