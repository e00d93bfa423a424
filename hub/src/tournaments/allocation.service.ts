/**
 * Judge allocation by hand on a draft round: what the allocation screen judges clashes against
 * (institutions, the tab's conflicts, absences), and saving the rooms' panels with their roles
 * (chair, panellists, trainees; shared/src/tournament/panels.ts). Clashes are the staff's to
 * weigh and never refuse a save; what cannot be stored is refused in Chinese: a room not of the
 * round, a judge not of the tournament, a judge twice in the round, panellists without a chair.
 */
import {
  panelColumns,
  panelMembers,
  panelOf,
  type ClashContext,
  type Panel,
  type SetPanelsInput,
} from '@bianshi/shared';
import { and, eq } from 'drizzle-orm';
import { HubError } from '../lib/errors';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import {
  tournamentConflicts,
  tournamentFixtures,
  tournamentInstitutions,
  tournamentRounds,
} from './tournament.schema';

/** The clash context of a round, for its allocation screen. */
export interface AllocationContext extends ClashContext {
  roundId: string;
}

export class AllocationService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
  ) {}

  /** What clashes of `roundId`'s panels are judged against (staff). */
  async context(tournament: TournamentRow, roundId: string): Promise<AllocationContext> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    const [institutions, conflicts] = await Promise.all([
      this.repository.db
        .select()
        .from(tournamentInstitutions)
        .where(eq(tournamentInstitutions.tournamentId, tournament.id)),
      this.repository.db
        .select()
        .from(tournamentConflicts)
        .where(eq(tournamentConflicts.tournamentId, tournament.id)),
    ]);
    const institutionNames: Record<string, string> = {};
    for (const institution of institutions) institutionNames[institution.id] = institution.name;
    for (const team of snapshot.teams)
      if (team.schoolKey && team.school) institutionNames[team.schoolKey] = team.school;
    const of = (kind: string, pick: (row: (typeof conflicts)[number]) => string | null) =>
      conflicts.filter((row) => row.kind === kind).map((row) => ({ row, other: pick(row) }));
    const teamInstitution = of('teamInstitution', (row) => row.institutionId);
    const judgeInstitution = of('judgeInstitution', (row) => row.institutionId);
    const judgeTeam = of('judgeTeam', (row) => row.teamId);
    const judgeJudge = of('judgeJudge', (row) => row.otherJudgeId);
    const keys = (list: ReadonlyArray<string | null>) => [
      ...new Set(list.filter((key): key is string => !!key)),
    ];
    return {
      roundId,
      teams: snapshot.teams.map((team) => ({
        id: team.id,
        name: team.name,
        institutions: keys([
          team.institutionId,
          team.schoolKey,
          ...teamInstitution.filter(({ row }) => row.teamId === team.id).map(({ other }) => other),
        ]),
      })),
      judges: snapshot.judges
        .filter((judge) => !judge.revoked)
        .map((judge) => ({
          id: judge.id,
          name: judge.name,
          rating: judge.baseScore,
          institutions: keys([judge.institutionId]),
          conflictInstitutions: keys([
            ...judge.conflicts,
            ...judgeInstitution.filter(({ row }) => row.judgeId === judge.id).map(({ other }) => other),
          ]),
          conflictTeams: keys(
            judgeTeam.filter(({ row }) => row.judgeId === judge.id).map(({ other }) => other),
          ),
          // Either side of a judge-judge conflict.
          conflictJudges: keys([
            ...judgeJudge.filter(({ row }) => row.judgeId === judge.id).map(({ other }) => other),
            ...judgeJudge.filter(({ other }) => other === judge.id).map(({ row }) => row.judgeId),
          ]),
        })),
      institutionNames,
      absentJudges: round.absent.judges,
    };
  }

  /**
   * Saves the panels of a draft round's rooms (rooms not listed keep theirs). Every judge at
   * most once in the whole round, in one role; all or nothing, and only while the round is a draft.
   */
  async setPanels(tournament: TournamentRow, input: SetPanelsInput): Promise<{ rooms: number }> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === input.roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    if (round.status !== 'draft') throw new HubError('CONFLICT', T.roundPublished, 'round-published');
    const fixtures = snapshot.fixtures.filter((fixture) => fixture.roundId === round.id);
    const byId = new Map(fixtures.map((fixture) => [fixture.id, fixture]));
    const panels = new Map<string, Panel>();
    for (const entry of input.panels) {
      if (!byId.has(entry.fixtureId))
        throw new HubError('BAD_REQUEST', T.panelRoomUnknown, 'panel-room-unknown');
      if (panels.has(entry.fixtureId))
        throw new HubError('BAD_REQUEST', T.panelRoomTwice, 'panel-room-twice');
      panels.set(entry.fixtureId, {
        chair: entry.chair,
        panellists: entry.panellists,
        trainees: entry.trainees,
      });
    }
    const judges = new Map(
      snapshot.judges.filter((judge) => !judge.revoked).map((judge) => [judge.id, judge.name]),
    );
    const seen = new Set<string>();
    // The round as it will be: the new panels, and the rooms not listed as they are.
    for (const fixture of fixtures) {
      const panel = panels.get(fixture.id) ?? panelOf(fixture);
      const listed = panels.has(fixture.id);
      if (listed && panel.chair === null && panel.panellists.length > 0)
        throw new HubError(
          'BAD_REQUEST',
          T.panelNoChair(fixture.venue || `第 ${fixture.position + 1} 场`),
          'panel-no-chair',
        );
      for (const id of panelMembers(panel)) {
        if (listed && !judges.has(id))
          throw new HubError('BAD_REQUEST', T.panelJudgeUnknown, 'panel-judge-unknown');
        if (seen.has(id))
          throw new HubError('BAD_REQUEST', T.panelJudgeTwice(judges.get(id) ?? id), 'panel-judge-twice');
        seen.add(id);
      }
    }
    await this.changes.write(tournament.id, async (tx) => {
      // The round row first: a publish that raced us sees these panels or none.
      const [still] = await tx
        .select({ id: tournamentRounds.id })
        .from(tournamentRounds)
        .where(and(eq(tournamentRounds.id, round.id), eq(tournamentRounds.status, 'draft')))
        .for('update');
      if (!still) throw new HubError('CONFLICT', T.roundPublished, 'round-published');
      for (const [fixtureId, panel] of panels)
        await tx
          .update(tournamentFixtures)
          .set(panelColumns(panel))
          .where(and(eq(tournamentFixtures.id, fixtureId), eq(tournamentFixtures.roundId, round.id)));
    });
    return { rooms: panels.size };
  }
}
