import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/trpc';

/** A control key as found in a control link's fragment. */
export const controlKeySchema = z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+$/);

/** Exchanges a control key for the control cookie on this browser (`timer.claimControl`). */
export function useClaimControl() {
  const trpc = useTRPC();
  return useMutation(trpc.timer.claimControl.mutationOptions());
}
