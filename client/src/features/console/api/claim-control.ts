import { z } from 'zod';
import type { useTRPCClient } from '../../../lib/api/trpc';

/** A control key as found in a control link's fragment. */
export const controlKeySchema = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Exchanges a control key for the control cookie on this browser (`timer.claimControl`). */
export function claimControl(client: ReturnType<typeof useTRPCClient>, shortid: string, key: string) {
  return client.timer.claimControl.mutate({ timerId: shortid, key: controlKeySchema.parse(key) });
}
