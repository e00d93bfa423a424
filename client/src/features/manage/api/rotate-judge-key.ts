import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';
import type { ManagedTimer } from './get-managed-timer';

/**
 * Replaces the judge link's key (`members.rotateJudgeKey`): judge links handed out before stop
 * working, and judges' screens open with the old key are closed and told why, on every hub.
 */
export function useRotateJudgeKey() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.members.rotateJudgeKey.mutationOptions({
      onSuccess: (result, input) =>
        queryClient.setQueriesData<ManagedTimer>({ queryKey: trpc.manage.get.pathKey() }, (old) =>
          old && old.timer.id === input.timerId
            ? { ...old, timer: { ...old.timer, judgeKey: result.judgeKey } }
            : old,
        ),
    }),
  );
}
