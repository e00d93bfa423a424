import type { QueryClient } from '@tanstack/react-query';
import type { useTRPC } from '../../../lib/api/trpc';
import type { ManagedTimer } from './get-managed-timer';

/**
 * Puts a timer returned by a mutation into every cached `manage.get` of that timer (pages
 * query it by short id, mutations name it by id, so the keys differ).
 */
export function storeManagedTimer(
  queryClient: QueryClient,
  trpc: ReturnType<typeof useTRPC>,
  timer: ManagedTimer['timer'],
): void {
  queryClient.setQueriesData<ManagedTimer>({ queryKey: trpc.manage.get.pathKey() }, (old) =>
    old && old.timer.id === timer.id ? { ...old, timer } : old,
  );
}
