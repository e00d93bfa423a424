import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';
import { storeManagedTimer } from './managed-cache';

/** A timer configuration file: format and settings, exported by the offline page. */
export const timerConfigFileSchema = z.object({
  kind: z.literal('bianshi-timer-config'),
  version: z.literal(1),
  name: z.string().max(80).optional(),
  format: z.unknown(),
  settings: z.record(z.string(), z.unknown()).default({}),
});
/** A configuration file's content. */
export type TimerConfigFile = z.infer<typeof timerConfigFileSchema>;

/** Imports a configuration file into this timer (`manage.importConfig`). */
export function useImportConfig() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.manage.importConfig.mutationOptions({
      onSuccess: (result) => storeManagedTimer(queryClient, trpc, result.timer),
    }),
  );
}
