import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';
import { storeManagedTimer } from './managed-cache';

/** What saving the format editor sends: the format (validated by the hub) and whether to start a match with it. */
export const setFormatInputSchema = z.object({ format: z.unknown(), startNewMatch: z.boolean() });

/** Saves the format of the next matches (`manage.setFormat`), optionally starting one now. */
export function useSetFormat() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.manage.setFormat.mutationOptions({
      onSuccess: (result, input) => {
        storeManagedTimer(queryClient, trpc, result.timer);
        void queryClient.invalidateQueries({
          queryKey: trpc.manage.matches.queryKey({ timerId: input.timerId }),
        });
      },
    }),
  );
}
