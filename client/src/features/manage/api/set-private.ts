import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';
import { storeManagedTimer } from './managed-cache';

/**
 * Makes a timer private with a new view key, or public again (`manage.setPrivate`). Display
 * links without the new key stop working, and screens open with an old one are closed.
 */
export function useSetPrivate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.manage.setPrivate.mutationOptions({
      onSuccess: (result) => storeManagedTimer(queryClient, trpc, result.timer),
    }),
  );
}
