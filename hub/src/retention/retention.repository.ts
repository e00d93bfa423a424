import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { matches, timerInvites, timers } from '../timers/timer.schema';
import { sessions } from '../auth/auth.schema';

/** Hubs sharing a database run retention one at a time under this advisory lock. */
const RETENTION_LOCK_KEY = 7_420_140;

/** Deletions for the retention jobs. Each is idempotent: running twice, or on two hubs, deletes once. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` while holding the retention lock, or returns null at once when another hub
   * holds it (its run does the same deletions).
   */
  async exclusively<T>(work: (repository: RetentionRepository) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        locked: boolean;
      }[];
      if (rows[0]?.locked !== true) return null;
      return work(new RetentionRepository(tx as unknown as Db));
    });
  }

  /** Deletes sessions past their expiry; returns how many. */
  async deleteExpiredSessions(now: Date): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.idHash });
    return deleted.length;
  }

  /** Deletes invite links past their expiry; returns how many. */
  async deleteExpiredInvites(now: Date): Promise<number> {
    const deleted = await this.db
      .delete(timerInvites)
      .where(lt(timerInvites.expiresAt, now))
      .returning({ id: timerInvites.id });
    return deleted.length;
  }

  /** Timers nobody owns whose facts and matches were all last changed before `cutoff` (at most `limit`). */
  async abandonedTimerIds(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: timers.id })
      .from(timers)
      .where(this.abandoned(cutoff))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Deletes those of `ids` that are still abandoned (matches, events, invites and lobby entries go with them). */
  async deleteAbandonedTimers(ids: readonly string[], cutoff: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    const deleted = await this.db
      .delete(timers)
      .where(and(inArray(timers.id, [...ids]), this.abandoned(cutoff)))
      .returning({ id: timers.id });
    return deleted.map((row) => row.id);
  }

  /** The settings of each of `ids` that exists (for the upload sweep). */
  async timerSettings(ids: readonly string[]): Promise<Map<string, unknown>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: timers.id, settings: timers.settings })
      .from(timers)
      .where(inArray(timers.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.settings]));
  }

  private abandoned(cutoff: Date) {
    return and(
      isNull(timers.ownerId),
      lt(timers.updatedAt, cutoff),
      notExists(
        this.db
          .select({ one: sql`1` })
          .from(matches)
          .where(and(eq(matches.timerId, timers.id), sql`${matches.updatedAt} >= ${cutoff.toISOString()}`)),
      ),
    );
  }
}
