import { and, desc, eq, sql } from 'drizzle-orm';
import type { Format, MatchState } from '@bianshi/shared';
import type { Db } from './database';
import { matches, timers } from './schema';

/** A match of a timer as the schedule and record pages list it. */
export interface MatchSummary {
  id: string;
  status: string;
  version: number;
  formatId: string;
  formatName: string;
  stageCount: number;
  /** Server epoch ms the match was created. */
  createdAt: number;
  finishedAt: number | null;
}

/** A match's format snapshot and creation instant: what a record is derived from. */
export interface MatchRecordSource {
  id: string;
  format: Format;
  createdAt: number;
  status: string;
}

/**
 * Data access for the management pages: timer facts (name, settings, format, keys) and the
 * list of a timer's matches. Writes touch one column each so concurrent edits of different
 * settings sections never overwrite each other.
 */
export class ManageRepository {
  constructor(private readonly db: Db) {}

  /** Sets name and description. */
  async updateInfo(timerId: string, info: { name: string; description: string }): Promise<void> {
    await this.db.update(timers).set({ ...info, updatedAt: new Date() }).where(eq(timers.id, timerId));
  }

  /**
   * Merges top-level keys into `timers.settings` in one statement (jsonb `||`), so two pages
   * saving different sections at once both land. A key set to null is removed.
   */
  async mergeSettings(timerId: string, patch: Record<string, unknown>): Promise<void> {
    const removed = Object.entries(patch).filter(([, value]) => value === null).map(([key]) => key);
    const kept = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
    let expression = sql`coalesce(${timers.settings}, '{}'::jsonb) || ${JSON.stringify(kept)}::jsonb`;
    for (const key of removed) expression = sql`(${expression}) - ${key}::text`;
    await this.db.update(timers).set({ settings: expression, updatedAt: new Date() }).where(eq(timers.id, timerId));
  }

  /** Replaces the format the timer's next matches start from. Running matches keep their snapshot. */
  async setFormat(timerId: string, format: Format): Promise<void> {
    await this.db.update(timers).set({ format, updatedAt: new Date() }).where(eq(timers.id, timerId));
  }

  /** Replaces the hash of the control key; the old key stops matching at once. */
  async setControlKeyHash(timerId: string, controlKeyHash: string): Promise<void> {
    await this.db.update(timers).set({ controlKeyHash, updatedAt: new Date() }).where(eq(timers.id, timerId));
  }

  /** Makes one of the timer's matches current; false when the match is not this timer's. */
  async setCurrentMatch(timerId: string, matchId: string): Promise<boolean> {
    const [match] = await this.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.id, matchId), eq(matches.timerId, timerId)))
      .limit(1);
    if (!match) return false;
    await this.db.update(timers).set({ currentMatchId: matchId, updatedAt: new Date() }).where(eq(timers.id, timerId));
    return true;
  }

  /** Inserts a match without making it current (a planned match on the schedule). */
  async insertMatch(match: { id: string; timerId: string; state: MatchState }): Promise<void> {
    await this.db.insert(matches).values({
      id: match.id,
      timerId: match.timerId,
      state: match.state,
      version: match.state.version,
      status: match.state.status,
      nextDeadline: null,
    });
  }

  /** The timer's matches, newest first (at most `limit`). */
  async listMatches(timerId: string, limit = 200): Promise<MatchSummary[]> {
    const rows = await this.db
      .select({ id: matches.id, status: matches.status, version: matches.version, state: matches.state, createdAt: matches.createdAt })
      .from(matches)
      .where(eq(matches.timerId, timerId))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(limit);
    return rows.map((row) => {
      const state = row.state as MatchState;
      return {
        id: row.id,
        status: row.status,
        version: row.version,
        formatId: state.format.id,
        formatName: state.format.name,
        stageCount: state.format.stages.length,
        createdAt: state.createdAt ?? row.createdAt.getTime(),
        finishedAt: state.finishedAt,
      };
    });
  }

  /** The format snapshot and creation instant of one of the timer's matches; null when not found. */
  async recordSource(timerId: string, matchId: string): Promise<MatchRecordSource | null> {
    const [row] = await this.db
      .select({ id: matches.id, state: matches.state, status: matches.status })
      .from(matches)
      .where(and(eq(matches.id, matchId), eq(matches.timerId, timerId)))
      .limit(1);
    if (!row) return null;
    const state = row.state as MatchState;
    return { id: row.id, format: state.format, createdAt: state.createdAt, status: row.status };
  }
}
