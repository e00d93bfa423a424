import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/api/trpc';

/** The signed-in account (the workbench and the AI's "send to workbench" ask whose projects to list). */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** The signed-in account's workbench projects. */
export function useProjects() {
  const trpc = useTRPC();
  return useQuery(trpc.workbench.list.queryOptions({ kind: 'workbench' }));
}
