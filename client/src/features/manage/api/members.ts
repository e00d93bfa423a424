import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** Roles an owner can give to a member or an invite link (ownership is the account's own). */
export const MEMBER_ROLES = ['viewer', 'judge', 'controller', 'editor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How long a new invite link stays valid, in days (the hub allows at most 30). */
export const INVITE_EXPIRY_DAYS = [1, 7, 30] as const;
export type InviteExpiryDays = (typeof INVITE_EXPIRY_DAYS)[number];

/** The invite form as the members page sends it to `members.createInvite`. */
export const inviteFormSchema = z
  .object({
    role: z.enum(MEMBER_ROLES),
    expiresInDays: z.union([z.literal(1), z.literal(7), z.literal(30)]),
    label: z.string().trim().max(40, { error: '备注最多 40 个字符' }),
  })
  .transform(({ role, expiresInDays, label }) => ({
    role,
    expiresInHours: expiresInDays * 24,
    ...(label ? { label } : {}),
  }));

/** True when `value` is a role the owner can give. */
export function isMemberRole(value: string): value is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(value);
}

/** Members and invite links of a timer (`members.list`, owner only). */
export function useMembers(timerId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.members.list.queryOptions({ timerId }), enabled, retry: false });
}

/** The data `members.list` returns. */
export type MembersList = NonNullable<ReturnType<typeof useMembers>['data']>;
export type MemberItem = MembersList['members'][number];
export type InviteItem = MembersList['invites'][number];

/** The signed-in account (`auth.me`), to show the owner above the members. */
export function useSignedInAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

function useRefreshMembers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (timerId: string) =>
    void queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey({ timerId }) });
}

/** Changes a member's role (`members.setRole`). */
export function useSetMemberRole() {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  return useMutation(
    trpc.members.setRole.mutationOptions({ onSettled: (_data, _error, input) => refresh(input.timerId) }),
  );
}

/** Removes a member (`members.remove`). */
export function useRemoveMember() {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  return useMutation(
    trpc.members.remove.mutationOptions({ onSettled: (_data, _error, input) => refresh(input.timerId) }),
  );
}

/** Creates an invite link (`members.createInvite`); its token comes back this once. */
export function useCreateInvite() {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  return useMutation(
    trpc.members.createInvite.mutationOptions({ onSuccess: (_data, input) => refresh(input.timerId) }),
  );
}

/** Revokes an invite link (`members.revokeInvite`). */
export function useRevokeInvite() {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  return useMutation(
    trpc.members.revokeInvite.mutationOptions({
      onSettled: (_data, _error, input) => refresh(input.timerId),
    }),
  );
}
