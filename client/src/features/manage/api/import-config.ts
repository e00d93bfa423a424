import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/trpc';

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
      onSuccess: (result, input) => queryClient.setQueryData(trpc.manage.get.queryKey({ timerId: input.timerId }), (old) => (old ? { ...old, timer: result.timer } : old)),
    }),
  );
}
