import {
  bpStandings,
  poolStandings,
  seededRandom,
  tabEngine,
  type AddRound,
  type RoundAbsentInput,
  type RoundDrawInput,
  type RoundDrawRecord,
} from '@bianshi/shared';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import { T } from './messages';
import { confirmedBpResults, confirmedResults, knockoutStarted, mainKnockout } from './tournament-view';
import type { TournamentChanges } from './tournament-changes';
import type {
  RoundRow,
  TournamentRepository,
  TournamentRow,
  TournamentSnapshot,
} from './tournament.repository';
import { tournamentFixtures, tournamentRounds, tournamentStages } from './tournament.schema';

type NewFixture = typeof tournamentFixtures.$inferInsert;

/** Preliminary rounds a stage may hold (Tabbycat's largest examples run 9). */
export const MAX_PRELIMINARY_ROUNDS = 16;

/**
 * Rounds drawn one at a time, as Swiss tournaments run: the organizer adds a preliminary round
 * (random or power-paired), and draws it when the rounds before it are published and — for
 * power pairing — their results confirmed. The pairing is the tab engine's; this service builds
 * its inputs (standings order, wins, institutions, the rooms of earlier rounds) from the tables
 * and writes the rooms as the round's fixtures. Imported Tabbycat rounds carry their draw kind
 * and are drawn the same way.
 */
export class RoundDrawService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly clock: Clock,
  ) {}

  /** Adds a draft preliminary round at the end of the group stage (made, without pools, when absent). */
  async addRound(tournament: TournamentRow, input: AddRound): Promise<{ roundId: string }> {
    const snapshot = await this.repository.snapshot(tournament);
    const group = snapshot.stages.find((stage) => stage.kind === 'group');
    if (group && group.pools.length > 0)
      throw new HubError('CONFLICT', T.roundRobinStage, 'round-robin-stage');
    const knockout = mainKnockout(snapshot);
    // Once the break is made (the bracket seeded, or BP rooms drafted) the preliminary rounds are over.
    if (knockout && knockoutStarted(snapshot, knockout))
      throw new HubError('CONFLICT', T.knockoutStarted, 'knockout-started');
    const stageId = group?.id ?? newId();
    const rounds = snapshot.rounds.filter((round) => round.stageId === stageId);
    if (rounds.length >= MAX_PRELIMINARY_ROUNDS)
      throw new HubError('BAD_REQUEST', T.tooManyRounds(MAX_PRELIMINARY_ROUNDS), 'too-many-rounds');
    const number = Math.max(0, ...rounds.map((round) => round.number)) + 1;
    const roundId = newId();
    await this.changes.write(tournament.id, async (tx) => {
      if (!group)
        await tx.insert(tournamentStages).values({
          id: stageId,
          tournamentId: tournament.id,
          kind: 'group',
          name: T.preliminaryStage,
          position: 0,
        });
      await tx.insert(tournamentRounds).values({
        id: roundId,
        tournamentId: tournament.id,
        stageId,
        number,
        name: input.name || T.roundName(number),
        abbreviation: `R${number}`,
        drawKind: input.drawKind,
      });
    });
    return { roundId };
  }

  /**
   * Check-in: the teams or judges absent from a draft round (any kind of round). The draw and
   * the automatic panels leave them out; judges already placed in its rooms stay until changed.
   */
  async setAbsent(tournament: TournamentRow, input: RoundAbsentInput): Promise<void> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === input.roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    if (round.status !== 'draft') throw new HubError('CONFLICT', T.roundPublished, 'round-published');
    const known = new Set<string>(
      input.kind === 'teams'
        ? snapshot.teams.map((team) => team.id)
        : snapshot.judges.filter((judge) => !judge.revoked).map((judge) => judge.id),
    );
    if (input.ids.some((id) => !known.has(id)))
      throw new HubError('BAD_REQUEST', T.absentUnknown(input.kind), 'absent-unknown');
    const absent = { ...round.absent, [input.kind]: [...new Set(input.ids)] };
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentRounds)
        .set({ absent })
        .where(and(eq(tournamentRounds.id, round.id), eq(tournamentRounds.status, 'draft'))),
    );
  }

  /**
   * Draws (or draws again) a draft random or power-paired round: its fixtures are replaced by
   * the engine's rooms, top room first, with venues in order. The seed is recorded on the round.
   */
  async drawRound(
    tournament: TournamentRow,
    input: RoundDrawInput,
    byName: string,
  ): Promise<{ roundId: string; seed: string; rooms: number; repeats: number; clashes: number }> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === input.roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    if (round.status !== 'draft') throw new HubError('CONFLICT', T.roundPublished, 'round-published');
    const stage = snapshot.stages.find((candidate) => candidate.id === round.stageId);
    if (stage?.kind !== 'group' || (round.drawKind !== 'random' && round.drawKind !== 'power'))
      throw new HubError('BAD_REQUEST', T.roundNotDrawable, 'round-not-drawable');
    const kind = round.drawKind;
    const roomSize = tournament.teamsPerRoom === 4 ? 4 : 2;
    const earlier = snapshot.rounds
      .filter((other) => other.stageId === round.stageId && other.number < round.number)
      .sort((a, b) => a.number - b.number);
    checkEarlierRounds(snapshot, earlier, kind);
    const present = presentTeams(snapshot, round);
    const teamCount = present.length;
    if (teamCount < 2) throw new HubError('BAD_REQUEST', T.drawTooFewTeams, 'draw-too-few-teams');
    if (roomSize === 4 && teamCount % 4 !== 0)
      throw new HubError('BAD_REQUEST', T.drawBpTeams(teamCount), 'draw-bp-teams');
    if (teamCount % 2 === 1) throw new HubError('BAD_REQUEST', T.drawOddTeams(teamCount), 'draw-odd-teams');

    const seed = input.seed ?? newId();
    const { teams, history } = drawInputs({ ...snapshot, teams: present }, earlier);
    const drawn = tabEngine.draw(kind, teams, history, {
      random: seededRandom(`${seed}:${round.id}`),
      roomSize,
      pullup: input.pullup,
    });
    const index = tabEngine.indexHistory(history, roomSize);
    const institution = new Map(teams.map((team) => [team.id, team.institution]));
    let repeats = 0;
    let clashes = 0;
    const venues = tournament.venues;
    // A topic set for the whole round (before or after an earlier draw) stays with its new rooms.
    const before = snapshot.fixtures.filter((fixture) => fixture.roundId === round.id);
    const topic =
      before.length > 0 &&
      before.every(
        (fixture) =>
          fixture.topicId === before[0]!.topicId && fixture.topicReleaseAt === before[0]!.topicReleaseAt,
      )
        ? { topicId: before[0]!.topicId, topicReleaseAt: before[0]!.topicReleaseAt }
        : {};
    // Top room first: swaps against repeats may have moved a room below a weaker one.
    const rooms = [...drawn.rooms].sort((x, y) => (y.bracket ?? 0) - (x.bracket ?? 0));
    const fixtures: NewFixture[] = rooms.map((room, position) => {
      // Two-team rooms: [aff, neg]; BP rooms: [OG, OO, CG, CO].
      const [aff, neg, cg, co] = room.teams as [string, string, string?, string?];
      const pairs = room.teams.flatMap((team, at) => room.teams.slice(at + 1).map((other) => [team, other]));
      if (pairs.some(([x, y]) => tabEngine.metBefore(index, x!, y!) > 0)) repeats += 1;
      if (
        pairs.some(([x, y]) => {
          const home = institution.get(x!);
          return home && home === institution.get(y!);
        })
      )
        clashes += 1;
      return {
        id: newId(),
        tournamentId: tournament.id,
        roundId: round.id,
        position,
        affTeamId: aff,
        negTeamId: neg,
        cgTeamId: cg ?? null,
        coTeamId: co ?? null,
        sidesDrawn: true,
        venue: venues.length ? venues[position % venues.length]! : '',
        bracket: room.bracket,
        pullups: room.pullups,
        ...topic,
      };
    });
    const record: RoundDrawRecord = {
      kind,
      pullup: kind === 'power' ? input.pullup : null,
      seed,
      at: this.clock.now(),
      byName,
      repeats,
      clashes,
    };
    await this.changes.write(tournament.id, async (tx) => {
      // The round row is locked first: a publish that raced us sees the new fixtures or none.
      const [still] = await tx
        .update(tournamentRounds)
        .set({ draw: record })
        .where(and(eq(tournamentRounds.id, round.id), eq(tournamentRounds.status, 'draft')))
        .returning({ id: tournamentRounds.id });
      if (!still) throw new HubError('CONFLICT', T.roundPublished, 'round-published');
      await tx.delete(tournamentFixtures).where(eq(tournamentFixtures.roundId, round.id));
      if (fixtures.length) await tx.insert(tournamentFixtures).values(fixtures);
    });
    return { roundId: round.id, seed, rooms: fixtures.length, repeats, clashes };
  }
}

/** Teams of the tournament present for `round` (not marked absent), in the snapshot's order. */
function presentTeams(snapshot: TournamentSnapshot, round: RoundRow): TournamentSnapshot['teams'] {
  const absent = new Set(round.absent.teams);
  return snapshot.teams.filter((team) => !absent.has(team.id));
}

/** Earlier rounds must be published, and (for power pairing) every result in them confirmed. */
function checkEarlierRounds(
  snapshot: TournamentSnapshot,
  earlier: readonly RoundRow[],
  kind: 'random' | 'power',
): void {
  const unpublished = earlier.find((round) => round.status !== 'published');
  if (unpublished)
    throw new HubError(
      'BAD_REQUEST',
      T.roundEarlierUnpublished(unpublished.name),
      'round-earlier-unpublished',
    );
  if (kind !== 'power') return;
  const confirmed = new Set(
    snapshot.results.filter((result) => result.confirmed).map((result) => result.fixtureId),
  );
  for (const round of earlier) {
    const open = snapshot.fixtures.filter(
      (fixture) => fixture.roundId === round.id && !confirmed.has(fixture.id),
    ).length;
    if (open > 0)
      throw new HubError('BAD_REQUEST', T.roundEarlierOpen(round.name, open), 'round-earlier-open');
  }
}

/**
 * The engine's inputs: every team in standings order (the tournament's tie-breaks over the
 * confirmed results of `earlier`), with its wins and institution (the imported institution, or
 * the school), and the rooms of `earlier` as history, oldest first.
 */
export function drawInputs(
  snapshot: TournamentSnapshot,
  earlier: readonly RoundRow[],
): { teams: tabEngine.DrawTeam[]; history: tabEngine.HistoryRound[] } {
  const roundIds = new Set(earlier.map((round) => round.id));
  const fixtures = snapshot.fixtures.filter((fixture) => roundIds.has(fixture.roundId));
  const bp = snapshot.tournament.teamsPerRoom === 4;
  // BP brackets are team points (3-2-1-0 summed); two-team brackets are wins.
  const rows = bp
    ? bpStandings(snapshot.teams, confirmedBpResults(snapshot, roundIds))
    : poolStandings(
        snapshot.teams.map((team) => ({ id: team.id, name: team.name, poolId: null })),
        confirmedResults(snapshot, roundIds),
        snapshot.tournament.tieBreaks,
      );
  const team = new Map(snapshot.teams.map((row) => [row.id, row]));
  const teams = rows.map((row) => {
    const source = team.get(row.teamId)!;
    return {
      id: row.teamId,
      institution: source.institutionId ?? (source.schoolKey || null),
      points: bp ? (row.teamPoints ?? 0) : row.wins,
    };
  });
  const history = earlier.map((round) => ({
    rooms: fixtures
      .filter((fixture) => fixture.roundId === round.id && fixture.affTeamId && fixture.negTeamId)
      .map((fixture) => ({
        teams:
          bp && fixture.cgTeamId && fixture.coTeamId
            ? [fixture.affTeamId!, fixture.negTeamId!, fixture.cgTeamId, fixture.coTeamId]
            : [fixture.affTeamId!, fixture.negTeamId!],
        pullups: fixture.pullups,
      })),
  }));
  return { teams, history };
}
