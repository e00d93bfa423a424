import type { AppRouter } from '@bianshi/hub/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from '../../../lib/api/trpc';

/** How sign-in works on this hub and which paths are protected (changes only on redeploy). */
export function useAuthConfig() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.config.queryOptions(), staleTime: Infinity, retry: 2 });
}

/** The signed-in account, or null. */
export function useMe() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** The account as `auth.me` answers it. */
type Me = inferRouterOutputs<AppRouter>['auth']['me'];

/**
 * Forgets everything cached about the previous account (after sign-in or sign-out). Given the
 * account the hub just answered with, stores it as `auth.me` at once: a page reached right after
 * must not read the previous answer (no one signed in) while a refetch is still on its way.
 */
export function useResetAccountCache() {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  return async (user?: NonNullable<Me>) => {
    queryClient.removeQueries({ queryKey: trpc.members.pathKey() });
    queryClient.removeQueries({ queryKey: trpc.timer.get.pathKey() });
    if (user) {
      // A request sent before the session existed must not land after this and say "nobody".
      await queryClient.cancelQueries({ queryKey: trpc.auth.me.pathKey() });
      queryClient.setQueryData(trpc.auth.me.queryKey(), user);
    } else await queryClient.invalidateQueries({ queryKey: trpc.auth.me.pathKey() });
  };
}

/** Local email + password sign-in. */
export function useSignIn() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.signIn.mutationOptions());
}

/** Local sign-up (signs in too). */
export function useSignUp() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.signUp.mutationOptions());
}

/** 通过邮件登录: asks the hub to mail a sign-in link (local accounts with mail). */
export function useRequestSignInLink() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.requestSignInLink.mutationOptions());
}

/** Opens a mailed link (verification or sign-in): the hub verifies the address and signs in. */
export function useOpenEmailLink() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.openEmailLink.mutationOptions());
}

/** Trades a Supabase access token for a hub session. */
export function useExchangeSupabase() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.exchangeSupabase.mutationOptions());
}

/** Ends this browser's session. */
export function useSignOut() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.signOut.mutationOptions());
}

/** Ends every session of the account. */
export function useSignOutEverywhere() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.signOutEverywhere.mutationOptions());
}

/** What an invite link offers. */
export function useInvitePreview(token: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.members.previewInvite.queryOptions({ token }), retry: false });
}

/** Accepts an invite link. */
export function useAcceptInvite() {
  const trpc = useTRPC();
  return useMutation(trpc.members.acceptInvite.mutationOptions());
}
