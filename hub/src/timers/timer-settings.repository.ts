import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { matchProgress, type Format, type MatchState } from '@bianshi/shared';
import type { Db } from '../db/database';
import { matches, timers } from './timer.schema';

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
 * The `timers.settings` expression that sets one schedule entry (by match id) inside the
 * `schedule` object, computed by the database from the row as it is when the UPDATE takes its
 * lock: two edits of different entries at once both land, whatever each of them read before.
 */
export function withScheduleEntry(matchId: string, entry: unknown): SQL {
  return sql`jsonb_set(coalesce(${timers.settings}, '{}'::jsonb), '{schedule}', coalesce(${timers.settings}->'schedule', '{}'::jsonb) || jsonb_build_object(${matchId}::text, ${JSON.stringify(entry)}::jsonb))`;
}

/** The `timers.settings` expression that merges top-level keys (a key set to null is removed). */
function mergedSettings(patch: Record<string, unknown>): SQL {
  const removed = Object.entries(patch)
    .filter(([, value]) => value === null)
    .map(([key]) => key);
  const kept = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null));
  let expression = sql`coalesce(${timers.settings}, '{}'::jsonb) || ${JSON.stringify(kept)}::jsonb`;
  for (const key of removed) expression = sql`(${expression}) - ${key}::text`;
  return expression;
}

/**
 * Data access for the management pages: timer facts (name, settings, format, keys) and the
 * list of a timer's matches. Writes touch one column each so concurrent edits of different
 * settings sections never overwrite each other.
 */
export class TimerSettingsRepository {
  constructor(private readonly db: Db) {}

  /** Sets name and description. */
  async updateInfo(timerId: string, info: { name: string; description: string }): Promise<void> {
    await this.db
      .update(timers)
      .set({ ...info, updatedAt: new Date() })
      .where(eq(timers.id, timerId));
  }

  /**
   * Merges top-level keys into `timers.settings` in one statement (jsonb `||`), so two pages
   * saving different sections at once both land. A key set to null is removed.
   */
  /** The topic each of some timers' displays shows now (`settings.topic`; null when none). */
  async shownTopics(timerIds: readonly string[]): Promise<Map<string, string | null>> {
    if (timerIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: timers.id, topic: sql<string | null>`${timers.settings}->>'topic'` })
      .from(timers)
      .where(inArray(timers.id, [...timerIds]));
    return new Map(rows.map((row) => [row.id, row.topic]));
  }

  async mergeSettings(timerId: string, patch: Record<string, unknown>): Promise<void> {
    await this.db
      .update(timers)
      .set({ settings: mergedSettings(patch), updatedAt: new Date() })
      .where(eq(timers.id, timerId));
  }

  /**
   * Imports a configuration: the format and the settings in one transaction and one statement,
   * so a reader (or a racing import) sees both or neither.
   */
  async importConfig(timerId: string, format: Format, patch: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(timers)
        .set({ format, settings: mergedSettings(patch), updatedAt: new Date() })
        .where(eq(timers.id, timerId));
    });
  }

  /** Sets one match's schedule entry without touching the others (see {@link withScheduleEntry}). */
  async setScheduleEntry(timerId: string, matchId: string, entry: unknown): Promise<void> {
    await this.db
      .update(timers)
      .set({ settings: withScheduleEntry(matchId, entry), updatedAt: new Date() })
      .where(eq(timers.id, timerId));
  }

  /** Sets or clears the view key (null: the display is public again). */
  async setViewKey(timerId: string, viewKey: string | null): Promise<void> {
    await this.db.update(timers).set({ viewKey, updatedAt: new Date() }).where(eq(timers.id, timerId));
  }

  /** Replaces the key of the timer's judge link. */
  async setJudgeKey(timerId: string, judgeKey: string): Promise<void> {
    await this.db.update(timers).set({ judgeKey, updatedAt: new Date() }).where(eq(timers.id, timerId));
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
    await this.db
      .update(timers)
      .set({ currentMatchId: matchId, updatedAt: new Date() })
      .where(eq(timers.id, timerId));
    return true;
  }

  /** Inserts a match without making it current (a planned match on the schedule), with its schedule entry, atomically. */
  async planMatch(match: { id: string; timerId: string; state: MatchState }, entry: unknown): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(matches).values({
        id: match.id,
        timerId: match.timerId,
        state: match.state,
        version: match.state.version,
        status: matchProgress(match.state),
        nextDeadline: null,
      });
      await tx
        .update(timers)
        .set({ settings: withScheduleEntry(match.id, entry), updatedAt: new Date() })
        .where(eq(timers.id, match.timerId));
    });
  }

  /** The timer's matches, newest first (at most `limit`). */
  async listMatches(timerId: string, limit = 200): Promise<MatchSummary[]> {
    const rows = await this.db
      .select({
        id: matches.id,
        status: matches.status,
        version: matches.version,
        state: matches.state,
        createdAt: matches.createdAt,
      })
      .from(matches)
      .where(eq(matches.timerId, timerId))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(limit);
    return rows.map((row) => {
      const state = row.state as MatchState;
      return {
        id: row.id,
        // From the state: rows written before statuses were derived may say ready after time was used.
        status: matchProgress(state),
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
    return { id: row.id, format: state.format, createdAt: state.createdAt, status: matchProgress(state) };
  }
}
