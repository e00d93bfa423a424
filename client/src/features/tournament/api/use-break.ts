/** The break per break category (晋级): the staff preview, its edits and release, and the public list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BreakCategoryRule } from '@bianshi/shared';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from './tournament-errors';

/**
 * Each category's break as computed now (staff); `open` sizes the implicit open category of a
 * tournament without categories. Re-read on every change of the tournament (useTournamentChanges).
 */
export function useBreakPreview(
  tournamentId: string,
  open: { size: number; rule: BreakCategoryRule } | undefined,
  enabled = true,
) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.tournament.breakPreview.queryOptions({ tournamentId, ...(open ? { open } : {}) }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The released break per category (empty until released), as the public page shows it. */
export function useReleasedBreak(slug: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tournament.releasedBreak.queryOptions({ slug }), retry: false });
}

/** The organizer's break commands; each re-reads the preview and the tournament on success. */
export function useBreakActions(slug: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const common = {
    onError: (error: unknown) => void toast.error(tournamentErrorMessage(error)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.tournament.breakPreview.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.tournament.releasedBreak.queryKey({ slug }) });
      void queryClient.invalidateQueries({ queryKey: trpc.tournament.get.queryKey({ slug }) });
    },
  };
  return {
    setCategory: useMutation({ ...trpc.tournament.setBreakCategory.mutationOptions(), ...common }),
    createCategory: useMutation({ ...trpc.tournament.createBreakCategory.mutationOptions(), ...common }),
    setEligibility: useMutation({ ...trpc.tournament.setBreakEligibility.mutationOptions(), ...common }),
    deleteCategory: useMutation({ ...trpc.tournament.deleteBreakCategory.mutationOptions(), ...common }),
    release: useMutation({ ...trpc.tournament.releaseBreak.mutationOptions(), ...common }),
  };
}
