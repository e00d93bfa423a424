import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { toAppError } from '../../../lib/api/errors';
import { useTRPC } from '../../../lib/api/trpc';

/** The signed-in account, or null. */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

/** Payment methods this hub offers. */
export function useProviders() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.commerce.providers.queryOptions(), staleTime: 300_000 });
}

/** A refusal as the form shows it: one message, and messages per field. */
export interface FormError {
  message: string;
  fields: Record<string, string>;
}

/** The hub's Chinese message and field errors of a failed call. */
export function formErrorOf(error: unknown): FormError {
  if (error instanceof TRPCClientError) {
    const data = error.data as
      { details?: { fields?: Record<string, string>; field?: string } | null } | undefined;
    const message = /[\u4e00-\u9fa5]/.test(error.message) ? error.message : toAppError(error).message;
    const fields = { ...(data?.details?.fields ?? {}) };
    if (data?.details?.field) fields[data.details.field] = message;
    return { message, fields };
  }
  return { message: toAppError(error).message, fields: {} };
}
