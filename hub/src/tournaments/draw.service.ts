import {
  assignJudges,
  drawPools,
  drawSides,
  judgeCanSit,
  roundRobin,
  type DrawRecord,
  type FixturePatch,
  type GeneratedDraw,
  type JudgeShortfall,
  type ManualDraw,
  type SideId,
} from '@bianshi/shared';
import { eq, inArray } from 'drizzle-orm';
import { topics } from '../library/library.schema';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import type {
  FixtureRow,
  TournamentRepository,
  TournamentRow,
  TournamentSnapshot,
} from './tournament.repository';
import { tournamentFixtures, tournamentRounds, tournamentStages, tournamentTeams } from './tournament.schema';
import type { ScheduledReleases } from './scheduled-releases';
import type { TopicPublisher } from './topic-publisher';

type NewFixture = typeof tournamentFixtures.$inferInsert;

/** Pool names: A组, B组, … */
function poolName(index: number): string {
  return `${String.fromCharCode(65 + index)}组`;
}

/**
 * The draw and the rounds before they are published: group draws (seeded or by hand), fixture
 * edits, judge assignment, topics, and the knockout (seeded from standings, drafted a round at
 * a time as winners advance).
 */
export class DrawService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly topicsOut: TopicPublisher,
    private readonly clock: Clock,
    private readonly releases: Pick<ScheduledReleases, 'rearm'>,
  ) {}

  /** Pools drawn by the seeded PRNG (the seed is recorded), then round robin and sides. */
  async generateDraw(tournament: TournamentRow, draw: GeneratedDraw, byName: string) {
    const snapshot = await this.repository.snapshot(tournament);
    if (snapshot.teams.length < 2) throw new HubError('BAD_REQUEST', T.drawTooFewTeams, 'draw-too-few-teams');
    if (draw.poolCount > Math.floor(snapshot.teams.length / 2))
      throw new HubError('BAD_REQUEST', T.drawTooManyPools, 'draw-too-many-pools');
    const seed = draw.seed ?? newId();
    const pools = drawPools(snapshot.teams, draw.poolCount, seed).map((teamIds, index) => ({
      name: poolName(index),
      teamIds,
    }));
    return this.writeGroupStage(snapshot, pools, { method: 'generated', seed, at: this.clock.now(), byName });
  }

  /** The same with pools set by hand; every team must be in exactly one pool. */
  async setDraw(tournament: TournamentRow, draw: ManualDraw, byName: string) {
    const snapshot = await this.repository.snapshot(tournament);
    const names = new Map(snapshot.teams.map((team) => [team.id, team.name]));
    const seen = new Set<string>();
    for (const id of draw.pools.flatMap((pool) => pool.teamIds)) {
      if (!names.has(id)) throw new HubError('BAD_REQUEST', T.drawUnknownTeam(id), 'draw-unknown-team');
      if (seen.has(id)) throw new HubError('BAD_REQUEST', T.drawTeamTwice(names.get(id)!), 'draw-team-twice');
      seen.add(id);
    }
    const missing = snapshot.teams.find((team) => !seen.has(team.id));
    if (missing) throw new HubError('BAD_REQUEST', T.drawMissingTeam(missing.name), 'draw-missing-team');
    const seed = draw.seed ?? newId();
    return this.writeGroupStage(snapshot, draw.pools, {
      method: 'manual',
      seed,
      at: this.clock.now(),
      byName,
    });
  }

  /** Replaces the group stage (and any knockout) while nothing is published: pools, rounds, fixtures. */
  private async writeGroupStage(
    snapshot: TournamentSnapshot,
    pools: ReadonlyArray<{ name: string; teamIds: string[] }>,
    draw: DrawRecord,
  ) {
    if (snapshot.rounds.some((round) => round.status === 'published'))
      throw new HubError('CONFLICT', T.drawExists, 'draw-published');
    const { tournament } = snapshot;
    const stageId = newId();
    const stagePools = pools.map((pool) => ({ id: newId(), name: pool.name, teamIds: pool.teamIds }));
    const schedules = stagePools.map((pool) => ({ pool, rounds: roundRobin(pool.teamIds) }));
    const roundCount = Math.max(0, ...schedules.map((schedule) => schedule.rounds.length));
    const history = new Map<string, Record<SideId, number>>();
    const rounds = Array.from({ length: roundCount }, (_, index) => ({
      id: newId(),
      tournamentId: tournament.id,
      stageId,
      number: index + 1,
      name: `小组赛第 ${index + 1} 轮`,
    }));
    const fixtures: NewFixture[] = [];
    rounds.forEach((round, index) => {
      let position = 0;
      for (const { pool, rounds: poolRounds } of schedules) {
        const pairings = poolRounds[index]?.pairings ?? [];
        for (const sided of drawSides(pairings, `${draw.seed}:${pool.name}:${index + 1}`, history)) {
          for (const [team, side] of [
            [sided.aff, 'aff'],
            [sided.neg, 'neg'],
          ] as const) {
            const count = history.get(team) ?? { aff: 0, neg: 0 };
            history.set(team, { ...count, [side]: count[side] + 1 });
          }
          fixtures.push({
            id: newId(),
            tournamentId: tournament.id,
            roundId: round.id,
            position,
            poolId: pool.id,
            affTeamId: sided.aff,
            negTeamId: sided.neg,
            sidesDrawn: true,
            venue: tournament.venues[position % Math.max(1, tournament.venues.length)] ?? '',
          });
          position += 1;
        }
      }
    });
    await this.changes.write(tournament.id, async (tx) => {
      await tx.delete(tournamentStages).where(eq(tournamentStages.tournamentId, tournament.id));
      await tx.insert(tournamentStages).values({
        id: stageId,
        tournamentId: tournament.id,
        kind: 'group',
        name: '小组赛',
        position: 0,
        pools: stagePools,
        draw,
      });
      if (rounds.length) await tx.insert(tournamentRounds).values(rounds);
      if (fixtures.length) await tx.insert(tournamentFixtures).values(fixtures);
      await tx
        .update(tournamentTeams)
        .set({ poolId: null })
        .where(eq(tournamentTeams.tournamentId, tournament.id));
      for (const pool of stagePools)
        await tx
          .update(tournamentTeams)
          .set({ poolId: pool.id })
          .where(inArray(tournamentTeams.id, pool.teamIds));
    });
    return { stageId, seed: draw.seed, roundIds: rounds.map((round) => round.id) };
  }

  /** Edits a fixture of a drafted round: sides (then no longer "drawn"), venue, judges, start time. */
  async updateFixture(tournament: TournamentRow, fixtureId: string, patch: FixturePatch): Promise<void> {
    const snapshot = await this.repository.snapshot(tournament);
    const fixture = draftFixture(snapshot, fixtureId);
    const set: Partial<NewFixture> = {};
    if (patch.sides) {
      const pair = new Set([fixture.affTeamId, fixture.negTeamId]);
      if (patch.sides.aff === patch.sides.neg || !pair.has(patch.sides.aff) || !pair.has(patch.sides.neg))
        throw new HubError('BAD_REQUEST', T.sidesMismatch, 'sides-mismatch');
      Object.assign(set, { affTeamId: patch.sides.aff, negTeamId: patch.sides.neg, sidesDrawn: false });
    }
    if (patch.venue !== undefined) {
      if (patch.venue !== '' && !tournament.venues.includes(patch.venue))
        throw new HubError('BAD_REQUEST', T.venueUnknown(patch.venue), 'venue-unknown');
      set.venue = patch.venue;
    }
    if (patch.judgeIds) {
      checkJudges(snapshot, fixture, patch.judgeIds);
      set.judgeIds = [...new Set(patch.judgeIds)];
      // A trainee given a vote is no longer a trainee.
      set.traineeIds = fixture.traineeIds.filter((id) => !set.judgeIds!.includes(id));
    }
    if (patch.startsAt !== undefined) set.startsAt = patch.startsAt;
    if (Object.keys(set).length === 0) return;
    await this.changes.write(tournament.id, (tx) =>
      tx.update(tournamentFixtures).set(set).where(eq(tournamentFixtures.id, fixtureId)),
    );
  }

  /** Assigns judges to every fixture of a drafted round (hand-placed judges are kept); reports shortfalls. */
  async assignJudges(tournament: TournamentRow, roundId: string): Promise<{ shortfalls: JudgeShortfall[] }> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    if (round.status !== 'draft') throw new HubError('CONFLICT', T.roundPublished, 'round-published');
    const { judgesByFixture, shortfalls } = planJudges(snapshot, roundId);
    await this.changes.write(tournament.id, async (tx) => {
      for (const [fixtureId, judgeIds] of judgesByFixture)
        await tx.update(tournamentFixtures).set({ judgeIds }).where(eq(tournamentFixtures.id, fixtureId));
    });
    return { shortfalls };
  }

  /** Sets the topic (or none) of one fixture or every fixture of a round, with its release time. */
  async setTopic(
    tournament: TournamentRow,
    input: {
      roundId: string;
      fixtureId?: string | undefined;
      topicId: string | null;
      releaseAt: number | null;
    },
  ): Promise<void> {
    const snapshot = await this.repository.snapshot(tournament);
    const targets = roundFixtures(snapshot, input.roundId).filter(
      (fixture) => !input.fixtureId || fixture.id === input.fixtureId,
    );
    if (input.fixtureId && targets.length === 0)
      throw new HubError('NOT_FOUND', T.fixtureNotFound, 'fixture-not-found');
    if (input.topicId) {
      const [topic] = await this.repository.db
        .select({ id: topics.id })
        .from(topics)
        .where(eq(topics.id, input.topicId))
        .limit(1);
      if (!topic) throw new HubError('BAD_REQUEST', T.topicNotFound, 'topic-not-found');
    }
    const ids = targets.map((fixture) => fixture.id);
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentFixtures)
        .set({ topicId: input.topicId, topicReleaseAt: input.releaseAt })
        .where(inArray(tournamentFixtures.id, ids)),
    );
    if (input.releaseAt !== null && input.releaseAt <= this.clock.now())
      await this.topicsOut.push(tournament, ids);
    else if (input.releaseAt !== null) this.releases.rearm();
  }

  /** Releases a round's topics now: public on the page and shown on every published fixture's timer. */
  async releaseTopic(tournament: TournamentRow, roundId: string): Promise<{ released: number }> {
    const snapshot = await this.repository.snapshot(tournament);
    const now = this.clock.now();
    const withTopic = roundFixtures(snapshot, roundId).filter((fixture) => fixture.topicId);
    if (withTopic.length === 0) throw new HubError('BAD_REQUEST', T.noTopic, 'no-topic');
    const pending = withTopic
      .filter((fixture) => fixture.topicReleaseAt === null || fixture.topicReleaseAt > now)
      .map((fixture) => fixture.id);
    if (pending.length)
      await this.changes.write(tournament.id, (tx) =>
        tx
          .update(tournamentFixtures)
          .set({ topicReleaseAt: now })
          .where(inArray(tournamentFixtures.id, pending)),
      );
    await this.topicsOut.push(
      tournament,
      withTopic.map((fixture) => fixture.id),
    );
    return { released: pending.length };
  }
}

/** Fixtures of a round (NOT_FOUND when the round is not the tournament's). */
export function roundFixtures(snapshot: TournamentSnapshot, roundId: string): FixtureRow[] {
  if (!snapshot.rounds.some((round) => round.id === roundId))
    throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
  return snapshot.fixtures.filter((fixture) => fixture.roundId === roundId);
}

/** A fixture of a drafted round; NOT_FOUND or CONFLICT (published). */
function draftFixture(snapshot: TournamentSnapshot, fixtureId: string): FixtureRow {
  const fixture = snapshot.fixtures.find((candidate) => candidate.id === fixtureId);
  if (!fixture) throw new HubError('NOT_FOUND', T.fixtureNotFound, 'fixture-not-found');
  if (snapshot.rounds.find((round) => round.id === fixture.roundId)?.status !== 'draft')
    throw new HubError('CONFLICT', T.roundPublished, 'round-published');
  return fixture;
}

/** School keys of a fixture's two teams. */
function fixtureSchools(snapshot: TournamentSnapshot, fixture: FixtureRow): string[] {
  return [fixture.affTeamId, fixture.negTeamId].map(
    (id) => snapshot.teams.find((team) => team.id === id)?.schoolKey ?? '',
  );
}

/** Hand-placed judges: known, not revoked, no conflict, not in another fixture of the round. */
function checkJudges(snapshot: TournamentSnapshot, fixture: FixtureRow, judgeIds: readonly string[]): void {
  const schools = fixtureSchools(snapshot, fixture);
  const elsewhere = new Set(
    snapshot.fixtures
      .filter((other) => other.roundId === fixture.roundId && other.id !== fixture.id)
      .flatMap((other) => [...other.judgeIds, ...other.traineeIds]),
  );
  for (const id of judgeIds) {
    const judge = snapshot.judges.find((candidate) => candidate.id === id && !candidate.revoked);
    if (!judge) throw new HubError('BAD_REQUEST', T.judgeNotFound, 'judge-not-found');
    if (!judgeCanSit(judge, schools)) {
      const school =
        snapshot.teams.find(
          (team) =>
            team.schoolKey !== '' &&
            judge.conflicts.includes(team.schoolKey) &&
            schools.includes(team.schoolKey),
        )?.school ?? '';
      throw new HubError('BAD_REQUEST', T.judgeConflict(judge.name, school), 'judge-conflict');
    }
    if (elsewhere.has(id)) throw new HubError('BAD_REQUEST', T.judgeTwiceInRound(judge.name), 'judge-twice');
  }
}

/** Judges for a round's fixtures: hand-placed ones kept, the rest by importance, rating and load, avoiding conflicts. */
export function planJudges(snapshot: TournamentSnapshot, roundId: string) {
  const published = new Set(
    snapshot.rounds.filter((round) => round.status === 'published').map((round) => round.id),
  );
  // Judges marked absent for the round sit in no new panel (hand-placed ones stay until changed).
  const absent = new Set(snapshot.rounds.find((round) => round.id === roundId)?.absent.judges ?? []);
  const load = new Map<string, number>();
  for (const fixture of snapshot.fixtures)
    if (published.has(fixture.roundId))
      for (const id of fixture.judgeIds) load.set(id, (load.get(id) ?? 0) + 1);
  return assignJudges(
    snapshot.fixtures
      .filter((fixture) => fixture.roundId === roundId)
      .map((fixture) => ({
        id: fixture.id,
        schoolKeys: fixtureSchools(snapshot, fixture),
        judgeIds: fixture.judgeIds,
        traineeIds: fixture.traineeIds,
        // A power-paired room's bracket, else the top of the draw first.
        importance: fixture.bracket ?? -fixture.position / 1000,
      })),
    snapshot.judges
      .filter((judge) => !judge.revoked && !absent.has(judge.id))
      .map((judge) => ({
        id: judge.id,
        conflicts: judge.conflicts,
        load: load.get(judge.id) ?? 0,
        rating: judge.baseScore ?? 0,
      })),
    snapshot.tournament.judgesPerFixture,
  );
}
