import type { ResultValues } from '@bianshi/shared';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { recordFixtureResult } from './library-link';
import type { BallotRow, FixtureRow, ResultRow, TeamRow } from './tournament.repository';
import {
  tournamentBallots,
  tournamentFixtures,
  tournamentJudges,
  tournamentResultHistory,
  tournamentResults,
  tournamentRounds,
  tournamentTeams,
  tournaments,
} from './tournament.schema';

/** What a judge's ballot says (the row's columns besides who and where). */
export type BallotValues = Pick<
  typeof tournamentBallots.$inferInsert,
  | 'submissionId'
  | 'winner'
  | 'speakerScores'
  | 'ranking'
  | 'positionScores'
  | 'bestDebater'
  | 'comment'
  | 'submittedAt'
>;
/** A result's columns besides its fixture and tournament. */
export type ResultSet = Omit<typeof tournamentResults.$inferInsert, 'fixtureId' | 'tournamentId'>;
export type NewHistoryEntry = typeof tournamentResultHistory.$inferInsert;

/**
 * Data access for judges' ballots and fixtures' results. The service writes inside the
 * tournament's change transaction: {@link in} binds the same queries to it.
 */
export class BallotRepository {
  constructor(private readonly db: Db) {}

  /** This repository's queries inside `tx`. */
  in(tx: Db): BallotRepository {
    return new BallotRepository(tx);
  }

  /** Locks a fixture's row for the rest of the transaction (serializes its ballots across hubs). */
  async lockFixture(fixtureId: string): Promise<FixtureRow | null> {
    const [fixture] = await this.db
      .select()
      .from(tournamentFixtures)
      .where(eq(tournamentFixtures.id, fixtureId))
      .for('update');
    return fixture ?? null;
  }

  /**
   * Locks, in id order, the tournament's fixtures that have ballots and no confirmed result
   * (their pending result follows the ballots).
   */
  async lockUndecidedFixtures(tournamentId: string): Promise<FixtureRow[]> {
    const balloted = this.db
      .selectDistinct({ id: tournamentBallots.fixtureId })
      .from(tournamentBallots)
      .where(eq(tournamentBallots.tournamentId, tournamentId));
    const decided = this.db
      .select({ id: tournamentResults.fixtureId })
      .from(tournamentResults)
      .where(and(eq(tournamentResults.tournamentId, tournamentId), eq(tournamentResults.confirmed, true)));
    return this.db
      .select()
      .from(tournamentFixtures)
      .where(
        and(
          eq(tournamentFixtures.tournamentId, tournamentId),
          inArray(tournamentFixtures.id, balloted),
          notInArray(tournamentFixtures.id, decided),
        ),
      )
      .orderBy(asc(tournamentFixtures.id))
      .for('update');
  }

  /** Whether the tournament gives a room's chair the casting vote on level votes. */
  async castingVote(tournamentId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ castingVote: tournaments.castingVote })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    return row?.castingVote ?? true;
  }

  /** A fixture of a tournament. */
  async findFixture(tournamentId: string, fixtureId: string): Promise<FixtureRow | null> {
    const [fixture] = await this.db
      .select()
      .from(tournamentFixtures)
      .where(and(eq(tournamentFixtures.id, fixtureId), eq(tournamentFixtures.tournamentId, tournamentId)));
    return fixture ?? null;
  }

  /** The ballot recorded under a submission id, if any. */
  async ballotBySubmission(submissionId: string): Promise<BallotRow | null> {
    const [earlier] = await this.db
      .select()
      .from(tournamentBallots)
      .where(eq(tournamentBallots.submissionId, submissionId))
      .limit(1);
    return earlier ?? null;
  }

  async roundStatus(roundId: string): Promise<string | undefined> {
    const [round] = await this.db
      .select({ status: tournamentRounds.status })
      .from(tournamentRounds)
      .where(eq(tournamentRounds.id, roundId));
    return round?.status;
  }

  /** Records a judge's ballot on a fixture, or replaces the one they gave before. */
  async saveBallot(
    at: { fixtureId: string; judgeId: string; tournamentId: string },
    values: BallotValues,
  ): Promise<void> {
    await this.db
      .insert(tournamentBallots)
      .values({ ...at, ...values })
      .onConflictDoUpdate({
        target: [tournamentBallots.fixtureId, tournamentBallots.judgeId],
        set: values,
      });
  }

  async ballotsOf(fixtureId: string): Promise<BallotRow[]> {
    return this.db.select().from(tournamentBallots).where(eq(tournamentBallots.fixtureId, fixtureId));
  }

  /** A fixture's ballots with their judges' names. */
  async ballotsWithJudges(fixtureId: string) {
    return this.db
      .select({ ballot: tournamentBallots, judgeName: tournamentJudges.name })
      .from(tournamentBallots)
      .innerJoin(tournamentJudges, eq(tournamentJudges.id, tournamentBallots.judgeId))
      .where(eq(tournamentBallots.fixtureId, fixtureId));
  }

  async resultOf(fixtureId: string): Promise<ResultRow | null> {
    const [row] = await this.db
      .select()
      .from(tournamentResults)
      .where(eq(tournamentResults.fixtureId, fixtureId));
    return row ?? null;
  }

  /** Deletes a fixture's result unless it is confirmed. */
  async deletePendingResult(fixtureId: string): Promise<void> {
    await this.db
      .delete(tournamentResults)
      .where(and(eq(tournamentResults.fixtureId, fixtureId), eq(tournamentResults.confirmed, false)));
  }

  /** Writes a fixture's pending (unconfirmed) result. */
  async savePendingResult(
    fixture: FixtureRow,
    values: ResultValues,
    speakerPoints: { aff: number; neg: number } | null,
  ): Promise<void> {
    await this.db
      .insert(tournamentResults)
      .values({
        fixtureId: fixture.id,
        tournamentId: fixture.tournamentId,
        ...values,
        speakerPoints,
        confirmed: false,
      })
      .onConflictDoUpdate({
        target: tournamentResults.fixtureId,
        set: { ...values, speakerPoints },
      });
  }

  /** Writes a fixture's result as `set` says. */
  async saveResult(fixture: FixtureRow, set: ResultSet): Promise<void> {
    await this.db
      .insert(tournamentResults)
      .values({ fixtureId: fixture.id, tournamentId: fixture.tournamentId, ...set })
      .onConflictDoUpdate({ target: tournamentResults.fixtureId, set });
  }

  async appendHistory(entry: NewHistoryEntry): Promise<void> {
    await this.db.insert(tournamentResultHistory).values(entry);
  }

  /** Writes a confirmed result into its match's result sheet: the library's record of the match. */
  async recordInLibrary(fixture: FixtureRow, values: ResultValues): Promise<void> {
    await recordFixtureResult(this.db, fixture, values);
  }

  async teamsOf(tournamentId: string): Promise<TeamRow[]> {
    return this.db.select().from(tournamentTeams).where(eq(tournamentTeams.tournamentId, tournamentId));
  }
}
