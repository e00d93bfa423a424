import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** A schedule entry as the schedule page edits it. */
export const scheduleEntrySchema = z.object({
  title: z.string().trim().max(80),
  plannedAt: z.number().int().min(0).nullable(),
});

function useRefreshMatches() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (timerId: string) =>
    void queryClient.invalidateQueries({ queryKey: trpc.manage.matches.queryKey({ timerId }) });
}

/** Plans a match without making it current (`manage.planMatch`). */
export function usePlanMatch() {
  const trpc = useTRPC();
  const refresh = useRefreshMatches();
  return useMutation(
    trpc.manage.planMatch.mutationOptions({ onSuccess: (_, input) => refresh(input.timerId) }),
  );
}

/** Changes a match's title and planned time (`manage.updatePlan`). */
export function useUpdatePlan() {
  const trpc = useTRPC();
  const refresh = useRefreshMatches();
  return useMutation(
    trpc.manage.updatePlan.mutationOptions({ onSuccess: (_, input) => refresh(input.timerId) }),
  );
}

/** Makes a match current (`manage.makeCurrent`). */
export function useMakeCurrent() {
  const trpc = useTRPC();
  const refresh = useRefreshMatches();
  return useMutation(
    trpc.manage.makeCurrent.mutationOptions({ onSuccess: (_, input) => refresh(input.timerId) }),
  );
}

/** Starts a new match from the timer's format and makes it current (`manage.startMatch`). */
export function useStartMatch() {
  const trpc = useTRPC();
  const refresh = useRefreshMatches();
  return useMutation(
    trpc.manage.startMatch.mutationOptions({ onSuccess: (_, input) => refresh(input.timerId) }),
  );
}
