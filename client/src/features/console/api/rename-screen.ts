import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** Names one of the timer's screens (`timer.renameScreen`), on whichever hub it is connected to. */
export function useRenameScreen() {
  const trpc = useTRPC();
  return useMutation(trpc.timer.renameScreen.mutationOptions());
}
