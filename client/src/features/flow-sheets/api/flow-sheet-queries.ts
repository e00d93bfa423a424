import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

export function useFlows() {
  const trpc = useTRPC();
  return useQuery(trpc.workbench.list.queryOptions({ kind: 'flow' }));
}

export function useFlowProject(projectId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.workbench.get.queryOptions({ projectId }), retry: false });
}

/** Attaching a finished match's flow to its record, and taking it off again. */
export function useFlowAttachment(projectId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.workbench.get.queryKey({ projectId }) });
  return {
    attach: useMutation({ ...trpc.workbench.attachFlow.mutationOptions(), onSuccess: refresh }),
    detach: useMutation({ ...trpc.workbench.detachFlow.mutationOptions(), onSuccess: refresh }),
  };
}

export function useCreateFlow() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.workbench.create.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.workbench.list.pathKey() }),
  });
}
