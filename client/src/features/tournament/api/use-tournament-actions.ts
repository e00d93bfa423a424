/** The organizer's commands to one tournament; every failure toasts its Chinese message. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from './tournament-errors';

/**
 * Mutations of the tournament console. Each re-reads the tournament when it succeeds (the
 * watch subscription would too; this makes the acting screen update without waiting for it).
 */
export function useTournamentActions(slug: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const common = {
    onError: (error: unknown) => void toast.error(tournamentErrorMessage(error)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.tournament.get.queryKey({ slug }) }),
  };
  return {
    update: useMutation({ ...trpc.tournament.update.mutationOptions(), ...common }),
    // Callers show this one's refusals themselves (beside the form, or as a toast for a role change).
    addOrganizer: useMutation({
      ...trpc.tournament.addOrganizer.mutationOptions(),
      onSuccess: common.onSuccess,
    }),
    removeOrganizer: useMutation({ ...trpc.tournament.removeOrganizer.mutationOptions(), ...common }),
    importTeams: useMutation({ ...trpc.tournament.importTeams.mutationOptions(), ...common }),
    removeTeam: useMutation({ ...trpc.tournament.removeTeam.mutationOptions(), ...common }),
    addJudge: useMutation({ ...trpc.tournament.addJudge.mutationOptions(), ...common }),
    removeJudge: useMutation({ ...trpc.tournament.removeJudge.mutationOptions(), ...common }),
    rotateJudgeLink: useMutation({ ...trpc.tournament.rotateJudgeLink.mutationOptions(), ...common }),
    setConflicts: useMutation({ ...trpc.tournament.setConflicts.mutationOptions(), ...common }),
    generateDraw: useMutation({ ...trpc.tournament.generateDraw.mutationOptions(), ...common }),
    setDraw: useMutation({ ...trpc.tournament.setDraw.mutationOptions(), ...common }),
    addRound: useMutation({ ...trpc.tournament.addRound.mutationOptions(), ...common }),
    drawRound: useMutation({ ...trpc.tournament.drawRound.mutationOptions(), ...common }),
    setAbsent: useMutation({ ...trpc.tournament.setAbsent.mutationOptions(), ...common }),
    updateFixture: useMutation({ ...trpc.tournament.updateFixture.mutationOptions(), ...common }),
    assignJudges: useMutation({ ...trpc.tournament.assignJudges.mutationOptions(), ...common }),
    publishRound: useMutation({ ...trpc.tournament.publishRound.mutationOptions(), ...common }),
    setTopic: useMutation({ ...trpc.tournament.setTopic.mutationOptions(), ...common }),
    releaseTopic: useMutation({ ...trpc.tournament.releaseTopic.mutationOptions(), ...common }),
    setRoundMotions: useMutation({ ...trpc.tournament.setRoundMotions.mutationOptions(), ...common }),
    releaseRoundMotions: useMutation({ ...trpc.tournament.releaseRoundMotions.mutationOptions(), ...common }),
    setFixtureMotion: useMutation({ ...trpc.tournament.setFixtureMotion.mutationOptions(), ...common }),
    confirmResult: useMutation({ ...trpc.tournament.confirmResult.mutationOptions(), ...common }),
    editResult: useMutation({ ...trpc.tournament.editResult.mutationOptions(), ...common }),
    editBpResult: useMutation({ ...trpc.tournament.editBpResult.mutationOptions(), ...common }),
    createKnockout: useMutation({ ...trpc.tournament.createKnockout.mutationOptions(), ...common }),
    advanceKnockout: useMutation({ ...trpc.tournament.advanceKnockout.mutationOptions(), ...common }),
  };
}

/** The console's commands, as sections receive them. */
export type TournamentActions = ReturnType<typeof useTournamentActions>;
