import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/api/trpc';

/**
 * A project's members and invite links (workbench and team flow alike: one hub model), and the
 * owner's changes to them, each refreshing what it changed.
 */
export function useProjectMembers(projectId: string, enabled: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.workbench.members.queryKey({ projectId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.workbench.get.queryKey({ projectId }) }),
    ]);
  const options = { onSuccess: refresh };
  return {
    // Read afresh at each opening: people join by link while the dialog is closed.
    list: useQuery({ ...trpc.workbench.members.queryOptions({ projectId }), enabled, staleTime: 0 }),
    setRole: useMutation({ ...trpc.workbench.setRole.mutationOptions(), ...options }),
    removeMember: useMutation({ ...trpc.workbench.removeMember.mutationOptions(), ...options }),
    createInvite: useMutation({ ...trpc.workbench.createInvite.mutationOptions(), ...options }),
    revokeInvite: useMutation({ ...trpc.workbench.revokeInvite.mutationOptions(), ...options }),
  };
}
