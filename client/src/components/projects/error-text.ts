import { TRPCClientError } from '@trpc/client';
import { toAppError } from '../../lib/api/errors';

/** The hub's Chinese message when it sent one, else the app's own wording. */
export function errorText(error: unknown): string {
  return error instanceof TRPCClientError && /[\u4e00-\u9fa5]/.test(error.message)
    ? error.message
    : toAppError(error).message;
}
