import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';
import { storeManagedTimer } from './managed-cache';

/** The settings sections a page saves (validated again, strictly, by the hub). */
export const settingsSectionSchema = z.enum(['skin', 'teams', 'details', 'audio', 'display', 'logo']);
/** A settings section. */
export type SettingsSection = z.infer<typeof settingsSectionSchema>;

/** Saves one settings section (`manage.updateSettings`) and refreshes the page data. */
export function useUpdateSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.manage.updateSettings.mutationOptions({
      onSuccess: (result) => storeManagedTimer(queryClient, trpc, result.timer),
    }),
  );
}
