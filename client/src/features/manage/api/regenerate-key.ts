import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** Replaces the control key (`manage.regenerateControlKey`); the old links stop working. */
export function useRegenerateKey() {
  const trpc = useTRPC();
  return useMutation(trpc.manage.regenerateControlKey.mutationOptions());
}
