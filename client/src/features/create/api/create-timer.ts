import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/trpc';

/** What the create form sends. */
export const createTimerInputSchema = z.object({
  formatId: z.string().min(1).max(64),
  name: z.string().trim().max(80).optional(),
});
/** The create form's values. */
export type CreateTimerInput = z.infer<typeof createTimerInputSchema>;

/** Creates a timer from a built-in format (`timer.create`). */
export function useCreateTimer() {
  const trpc = useTRPC();
  return useMutation(trpc.timer.create.mutationOptions());
}
