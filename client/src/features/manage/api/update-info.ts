import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useTRPC } from '../../../lib/api/trpc';
import { storeManagedTimer } from './managed-cache';

/** Name and description as the info page edits them. */
export const infoFormSchema = z.object({
  name: z.string().trim().min(1, { error: manageText.info.nameRequired }).max(80),
  description: z.string().trim().max(2_000),
});

/** Saves name and description (`manage.updateInfo`). */
export function useUpdateInfo() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.manage.updateInfo.mutationOptions({
      onSuccess: (result) => storeManagedTimer(queryClient, trpc, result.timer),
    }),
  );
}
