import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** Creates a timer from a built-in format (`timer.create`). */
export function useCreateTimer() {
  const trpc = useTRPC();
  return useMutation(trpc.timer.create.mutationOptions());
}
