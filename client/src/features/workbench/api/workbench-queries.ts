import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

export function useProject(projectId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.workbench.get.queryOptions({ projectId }), retry: false });
}

/** The workbench's mutations (members and invites: components/projects/member-queries), each refreshing what it changed. */
export function useWorkbenchActions(projectId?: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.workbench.get.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workbench.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workbench.versions.pathKey() }),
    ]);
  const options = { onSuccess: refresh };
  return {
    projectId,
    create: useMutation({ ...trpc.workbench.create.mutationOptions(), ...options }),
    update: useMutation({ ...trpc.workbench.update.mutationOptions(), ...options }),
    createDocument: useMutation({ ...trpc.workbench.createDocument.mutationOptions(), ...options }),
    renameDocument: useMutation({ ...trpc.workbench.renameDocument.mutationOptions(), ...options }),
    deleteDocument: useMutation({ ...trpc.workbench.deleteDocument.mutationOptions(), ...options }),
    saveVersion: useMutation({ ...trpc.workbench.saveVersion.mutationOptions(), ...options }),
    restoreVersion: useMutation({ ...trpc.workbench.restoreVersion.mutationOptions(), ...options }),
    acceptInvite: useMutation({ ...trpc.workbench.acceptInvite.mutationOptions(), ...options }),
  };
}
