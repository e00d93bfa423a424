import type { MatchState } from '@bianshi/shared';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { lobbies } from '../lobbies/lobby.schema';
import { matches, timers } from '../timers/timer.schema';
import { users } from '../auth/auth.schema';
import { topics } from '../library/library.schema';
import {
  tournamentBallots,
  tournamentBreakCategories,
  tournamentBreakEligibility,
  tournamentConflicts,
  tournamentFixtures,
  tournamentInstitutions,
  tournamentJudges,
  tournamentMotions,
  tournamentSpeakerCategories,
  tournamentSpeakers,
  tournamentResultHistory,
  tournamentResults,
  tournamentRounds,
  tournamentStaff,
  tournamentStages,
  tournamentTeams,
  tournaments,
} from './tournament.schema';

export type TournamentRow = typeof tournaments.$inferSelect;
export type TeamRow = typeof tournamentTeams.$inferSelect;
export type JudgeRow = typeof tournamentJudges.$inferSelect;
export type StageRow = typeof tournamentStages.$inferSelect;
export type RoundRow = typeof tournamentRounds.$inferSelect;
export type FixtureRow = typeof tournamentFixtures.$inferSelect;
export type BallotRow = typeof tournamentBallots.$inferSelect;
export type ResultRow = typeof tournamentResults.$inferSelect;
export type HistoryRow = typeof tournamentResultHistory.$inferSelect;
export type MotionRow = typeof tournamentMotions.$inferSelect;

/** What only a tab (an imported tournament, or one exported for Tabbycat) carries beyond the snapshot. */
export interface TabRows {
  institutions: Array<typeof tournamentInstitutions.$inferSelect>;
  speakers: Array<typeof tournamentSpeakers.$inferSelect>;
  breakCategories: Array<typeof tournamentBreakCategories.$inferSelect>;
  eligibility: Array<typeof tournamentBreakEligibility.$inferSelect>;
  speakerCategories: Array<typeof tournamentSpeakerCategories.$inferSelect>;
  conflicts: Array<typeof tournamentConflicts.$inferSelect>;
  motions: Array<typeof tournamentMotions.$inferSelect>;
}

/** A staff member with their account's name. */
export interface StaffRow {
  userId: string;
  role: 'organizer' | 'judgeCoordinator';
  name: string;
  email: string;
}

/** What a fixture's timer says about the match being played. */
export interface TimerProgress {
  shortid: string;
  status: MatchState['status'];
  stageIndex: number;
}

/** Every row of one tournament, read at once: what views, standings and the bracket are built from. */
export interface TournamentSnapshot {
  tournament: TournamentRow;
  staff: StaffRow[];
  teams: TeamRow[];
  judges: JudgeRow[];
  stages: StageRow[];
  rounds: RoundRow[];
  fixtures: FixtureRow[];
  results: ResultRow[];
  /** Ballots per fixture (counts for everyone; contents for staff). */
  ballots: BallotRow[];
  /** The rounds' motions, in their order within each round (motions in no round are left out). */
  motions: MotionRow[];
  timers: Map<string, TimerProgress>;
  lobbies: Map<string, { code: string; joinToken: string; visibility: string }>;
  topics: Map<string, { text: string; affText: string; negText: string }>;
}

/** A transaction or the database: repository methods that write take either. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Data access for tournaments. Nothing here knows about rooms, timers' rules or HTTP. */
export class TournamentRepository {
  constructor(readonly db: Db) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Db));
  }

  async find(id: string): Promise<TournamentRow | null> {
    const [row] = await this.db.select().from(tournaments).where(eq(tournaments.id, id)).limit(1);
    return row ?? null;
  }

  /** Tournaments an account owns. */
  async findBySlug(slug: string): Promise<TournamentRow | null> {
    const [row] = await this.db.select().from(tournaments).where(eq(tournaments.slug, slug)).limit(1);
    return row ?? null;
  }

  /** The staff role of `userId` (the owner is on the tournament row, not here). */
  async staffRole(tournamentId: string, userId: string): Promise<'organizer' | 'judgeCoordinator' | null> {
    const [row] = await this.db
      .select({ role: tournamentStaff.role })
      .from(tournamentStaff)
      .where(and(eq(tournamentStaff.tournamentId, tournamentId), eq(tournamentStaff.userId, userId)))
      .limit(1);
    return row?.role ?? null;
  }

  /** `userId`'s staff roles in some tournaments (the owner is on the tournament row, not here). */
  async staffRoles(
    userId: string,
    tournamentIds: readonly string[],
  ): Promise<Map<string, 'organizer' | 'judgeCoordinator'>> {
    if (tournamentIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: tournamentStaff.tournamentId, role: tournamentStaff.role })
      .from(tournamentStaff)
      .where(
        and(eq(tournamentStaff.userId, userId), inArray(tournamentStaff.tournamentId, [...tournamentIds])),
      );
    return new Map(rows.map((row) => [row.id, row.role]));
  }

  /** Public tournaments, or those `userId` owns or staffs; newest first. */
  async list(
    scope: { kind: 'public' } | { kind: 'mine'; userId: string },
    limit = 100,
  ): Promise<TournamentRow[]> {
    const where =
      scope.kind === 'public'
        ? eq(tournaments.visibility, 'public')
        : or(
            eq(tournaments.ownerId, scope.userId),
            inArray(
              tournaments.id,
              this.db
                .select({ id: tournamentStaff.tournamentId })
                .from(tournamentStaff)
                .where(eq(tournamentStaff.userId, scope.userId)),
            ),
          );
    return this.db
      .select()
      .from(tournaments)
      .where(where)
      .orderBy(sql`${tournaments.startDate} desc nulls last`, sql`${tournaments.createdAt} desc`)
      .limit(limit);
  }

  /** Which of some tournaments have a knockout stage drawn. */
  async withKnockout(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ id: tournamentStages.tournamentId })
      .from(tournamentStages)
      .where(and(inArray(tournamentStages.tournamentId, [...ids]), eq(tournamentStages.kind, 'knockout')));
    return new Set(rows.map((row) => row.id));
  }

  /** Team counts and live fixtures of some tournaments, for the list. */
  async listCounts(ids: readonly string[]): Promise<Map<string, { teams: number; live: number }>> {
    const out = new Map<string, { teams: number; live: number }>(
      ids.map((id) => [id, { teams: 0, live: 0 }]),
    );
    if (ids.length === 0) return out;
    const teamCounts = await this.db
      .select({ id: tournamentTeams.tournamentId, count: sql<number>`count(*)::int` })
      .from(tournamentTeams)
      .where(inArray(tournamentTeams.tournamentId, [...ids]))
      .groupBy(tournamentTeams.tournamentId);
    for (const row of teamCounts) out.get(row.id)!.teams = row.count;
    const live = await this.db
      .select({ id: tournamentFixtures.tournamentId, count: sql<number>`count(*)::int` })
      .from(tournamentFixtures)
      .innerJoin(timers, eq(timers.id, tournamentFixtures.timerId))
      .innerJoin(matches, eq(matches.id, timers.currentMatchId))
      .where(
        and(
          inArray(tournamentFixtures.tournamentId, [...ids]),
          sql`${matches.state}->>'status' in ('running', 'paused')`,
        ),
      )
      .groupBy(tournamentFixtures.tournamentId);
    for (const row of live) out.get(row.id)!.live = row.count;
    return out;
  }

  /** Every row of a tournament. */
  async snapshot(tournament: TournamentRow): Promise<TournamentSnapshot> {
    const id = tournament.id;
    const [staff, teams, judges, stages, rounds, fixtures, results, ballots, motions] = await Promise.all([
      this.db
        .select({
          userId: tournamentStaff.userId,
          role: tournamentStaff.role,
          name: users.displayName,
          email: users.email,
        })
        .from(tournamentStaff)
        .innerJoin(users, eq(users.id, tournamentStaff.userId))
        .where(eq(tournamentStaff.tournamentId, id))
        .orderBy(asc(tournamentStaff.createdAt)),
      this.db
        .select()
        .from(tournamentTeams)
        .where(eq(tournamentTeams.tournamentId, id))
        .orderBy(asc(tournamentTeams.position), asc(tournamentTeams.id)),
      this.db
        .select()
        .from(tournamentJudges)
        .where(eq(tournamentJudges.tournamentId, id))
        .orderBy(asc(tournamentJudges.position), asc(tournamentJudges.id)),
      this.db
        .select()
        .from(tournamentStages)
        .where(eq(tournamentStages.tournamentId, id))
        .orderBy(asc(tournamentStages.position)),
      this.db.select().from(tournamentRounds).where(eq(tournamentRounds.tournamentId, id)),
      this.db
        .select()
        .from(tournamentFixtures)
        .where(eq(tournamentFixtures.tournamentId, id))
        .orderBy(asc(tournamentFixtures.position)),
      this.db.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, id)),
      this.db.select().from(tournamentBallots).where(eq(tournamentBallots.tournamentId, id)),
      this.db
        .select()
        .from(tournamentMotions)
        .where(and(eq(tournamentMotions.tournamentId, id), isNotNull(tournamentMotions.roundId)))
        .orderBy(asc(tournamentMotions.seq), asc(tournamentMotions.id)),
    ]);
    const stageOrder = new Map(stages.map((stage) => [stage.id, stage.position]));
    rounds.sort(
      (x, y) => (stageOrder.get(x.stageId) ?? 0) - (stageOrder.get(y.stageId) ?? 0) || x.number - y.number,
    );
    const timerIds = fixtures.flatMap((fixture) => (fixture.timerId ? [fixture.timerId] : []));
    const lobbyIds = rounds.flatMap((round) => (round.lobbyId ? [round.lobbyId] : []));
    const topicIds = [...new Set(fixtures.flatMap((fixture) => (fixture.topicId ? [fixture.topicId] : [])))];
    const [timerRows, lobbyRows, topicRows] = await Promise.all([
      timerIds.length
        ? this.db
            .select({
              id: timers.id,
              shortid: timers.shortid,
              status: sql<MatchState['status']>`${matches.state}->>'status'`,
              stageIndex: sql<number>`(${matches.state}->>'stageIndex')::int`,
            })
            .from(timers)
            .innerJoin(matches, eq(matches.id, timers.currentMatchId))
            .where(inArray(timers.id, timerIds))
        : [],
      lobbyIds.length
        ? this.db
            .select({
              id: lobbies.id,
              code: lobbies.code,
              joinToken: lobbies.joinToken,
              visibility: lobbies.visibility,
            })
            .from(lobbies)
            .where(inArray(lobbies.id, lobbyIds))
        : [],
      topicIds.length
        ? this.db
            .select({ id: topics.id, text: topics.text, affText: topics.affText, negText: topics.negText })
            .from(topics)
            .where(inArray(topics.id, topicIds))
        : [],
    ]);
    return {
      tournament,
      staff,
      teams,
      judges,
      stages,
      rounds,
      fixtures,
      results,
      ballots,
      motions,
      timers: new Map(
        timerRows.map((row) => [
          row.id,
          { shortid: row.shortid, status: row.status, stageIndex: row.stageIndex },
        ]),
      ),
      lobbies: new Map(lobbyRows.map((row) => [row.id, row])),
      topics: new Map(topicRows.map((row) => [row.id, row])),
    };
  }

  /** A tournament's institutions, speakers, categories, conflicts and motions, in their order. */
  async tabRows(tournamentId: string): Promise<TabRows> {
    const [institutions, speakers, breakCategories, eligibility, speakerCategories, conflicts, motions] =
      await Promise.all([
        this.db
          .select()
          .from(tournamentInstitutions)
          .where(eq(tournamentInstitutions.tournamentId, tournamentId))
          .orderBy(asc(tournamentInstitutions.position)),
        this.db
          .select()
          .from(tournamentSpeakers)
          .where(eq(tournamentSpeakers.tournamentId, tournamentId))
          .orderBy(asc(tournamentSpeakers.teamId), asc(tournamentSpeakers.position)),
        this.db
          .select()
          .from(tournamentBreakCategories)
          .where(eq(tournamentBreakCategories.tournamentId, tournamentId))
          .orderBy(asc(tournamentBreakCategories.seq)),
        this.db
          .select()
          .from(tournamentBreakEligibility)
          .where(eq(tournamentBreakEligibility.tournamentId, tournamentId)),
        this.db
          .select()
          .from(tournamentSpeakerCategories)
          .where(eq(tournamentSpeakerCategories.tournamentId, tournamentId))
          .orderBy(asc(tournamentSpeakerCategories.seq)),
        this.db.select().from(tournamentConflicts).where(eq(tournamentConflicts.tournamentId, tournamentId)),
        this.db
          .select()
          .from(tournamentMotions)
          .where(eq(tournamentMotions.tournamentId, tournamentId))
          .orderBy(asc(tournamentMotions.seq)),
      ]);
    return { institutions, speakers, breakCategories, eligibility, speakerCategories, conflicts, motions };
  }

  /**
   * Where the current matches of some timers are, with their formats' stages (names, kinds,
   * sides): what ballots are gated on. `db` may be a transaction.
   */
  async matchProgress(
    timerIds: readonly string[],
    db: Tx = this.db,
  ): Promise<
    Map<
      string,
      { status: string; stageIndex: number; stages: Array<{ kind: string; name: string; side?: unknown }> }
    >
  > {
    if (timerIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: timers.id,
        status: sql<string>`${matches.state}->>'status'`,
        stageIndex: sql<number>`(${matches.state}->>'stageIndex')::int`,
        stages: sql<
          Array<{ kind: string; name: string; side?: unknown }>
        >`(select coalesce(jsonb_agg(jsonb_build_object('kind', s->'kind', 'name', s->'name', 'side', s->'side')), '[]'::jsonb) from jsonb_array_elements(${matches.state}->'format'->'stages') s)`,
      })
      .from(timers)
      .innerJoin(matches, eq(matches.id, timers.currentMatchId))
      .where(inArray(timers.id, [...timerIds]));
    return new Map(
      rows.map((row) => [row.id, { status: row.status, stageIndex: row.stageIndex, stages: row.stages }]),
    );
  }

  /** Bumps the version inside `tx` and returns the new one. */
  async bump(tx: Tx, tournamentId: string): Promise<number> {
    const [row] = await tx
      .update(tournaments)
      .set({ version: sql`${tournaments.version} + 1`, updatedAt: new Date() })
      .where(eq(tournaments.id, tournamentId))
      .returning({ version: tournaments.version });
    return row?.version ?? 0;
  }

  /** The judge holding a ballot token, or who held it before a rotation (`current` false). */
  async judgeByToken(token: string): Promise<{ judge: JudgeRow; current: boolean } | null> {
    const [row] = await this.db
      .select()
      .from(tournamentJudges)
      .where(
        or(
          eq(tournamentJudges.ballotToken, token),
          sql`${tournamentJudges.revokedTokens} @> ${JSON.stringify([token])}::jsonb`,
        ),
      )
      .limit(1);
    return row ? { judge: row, current: row.ballotToken === token } : null;
  }

  /** History of one fixture's result, oldest first. */
  async history(fixtureId: string): Promise<HistoryRow[]> {
    return this.db
      .select()
      .from(tournamentResultHistory)
      .where(eq(tournamentResultHistory.fixtureId, fixtureId))
      .orderBy(asc(tournamentResultHistory.at), asc(tournamentResultHistory.id));
  }
}

/** True when `error` is a unique violation (of `index`, when given). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth += 1) {
    const {
      code,
      message,
      constraint_name: constraint,
    } = cause as { code?: unknown; message?: unknown; constraint_name?: unknown };
    if (
      code === '23505' &&
      (!index || String(constraint ?? message ?? '').includes(index) || String(message ?? '').includes(index))
    )
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
