import { and, eq, sql } from 'drizzle-orm';
import type { Format, MatchEvent, MatchState, Command } from '@bianshi/shared';
import type { Db } from './database';
import { matchEvents, matches, timers } from './schema';

/** A timer row as the hub uses it. */
export interface TimerRecord {
  id: string;
  shortid: string;
  name: string;
  description: string;
  format: Format;
  settings: Record<string, unknown>;
  controlKeyHash: string;
  viewKeyHash: string | null;
  ownerId: string | null;
  currentMatchId: string | null;
}

/** A match row as the hub uses it. */
export interface MatchRow {
  id: string;
  timerId: string;
  state: MatchState;
  version: number;
}

/** One accepted command as stored in the log. */
export interface LoggedCommand {
  version: number;
  command: Command;
  events: MatchEvent[];
  at: number;
  actor: string;
}

/** The outcome of trying to commit a command against an expected version. */
export type CommitResult = { ok: true } | { ok: false; reason: 'conflict'; currentVersion: number } | { ok: false; reason: 'missing' };

/** Data access for timers, matches and the command log. Nothing here knows about sockets. */
export class TimerRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a timer together with its first match, atomically. */
  async createTimer(timer: TimerRecord, firstMatch: MatchRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(timers).values({ ...timer, currentMatchId: null });
      await tx.insert(matches).values(matchRow(firstMatch));
      await tx.update(timers).set({ currentMatchId: firstMatch.id }).where(eq(timers.id, timer.id));
    });
  }

  async findTimer(id: string): Promise<TimerRecord | null> {
    const [row] = await this.db.select().from(timers).where(eq(timers.id, id)).limit(1);
    return row ? toTimer(row) : null;
  }

  async findTimerByShortId(shortid: string): Promise<TimerRecord | null> {
    const [row] = await this.db.select().from(timers).where(eq(timers.shortid, shortid.toLowerCase())).limit(1);
    return row ? toTimer(row) : null;
  }

  async findMatch(id: string): Promise<MatchRow | null> {
    const [row] = await this.db.select().from(matches).where(eq(matches.id, id)).limit(1);
    return row ? { id: row.id, timerId: row.timerId, state: row.state as MatchState, version: row.version } : null;
  }

  /** Matches whose clocks may need the scheduler: everything not finished with a deadline. */
  async findScheduledMatches(): Promise<MatchRow[]> {
    const rows = await this.db
      .select()
      .from(matches)
      .where(sql`${matches.nextDeadline} is not null`);
    return rows.map((row) => ({ id: row.id, timerId: row.timerId, state: row.state as MatchState, version: row.version }));
  }

  /** Starts a new match on a timer and makes it current. */
  async addMatch(match: MatchRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(matches).values(matchRow(match));
      await tx.update(timers).set({ currentMatchId: match.id, updatedAt: new Date() }).where(eq(timers.id, match.timerId));
    });
  }

  /**
   * Commits one accepted command: locks the match row, checks that nobody moved it past
   * `previousVersion`, writes the new state and appends the log entry, all in one transaction.
   */
  async commit(matchId: string, previousVersion: number, next: MatchState, entry: LoggedCommand, nextDeadline: number | null): Promise<CommitResult> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: matches.version })
        .from(matches)
        .where(eq(matches.id, matchId))
        .for('update');
      if (!current) return { ok: false, reason: 'missing' } as const;
      if (current.version !== previousVersion) return { ok: false, reason: 'conflict', currentVersion: current.version } as const;
      await tx
        .update(matches)
        .set({ state: next, version: next.version, status: next.status, nextDeadline, updatedAt: new Date() })
        .where(and(eq(matches.id, matchId), eq(matches.version, previousVersion)));
      await tx.insert(matchEvents).values({ matchId, ...entry });
      return { ok: true } as const;
    });
  }

  /** The command log of a match in order, optionally only after a version. */
  async log(matchId: string, afterVersion = 0): Promise<LoggedCommand[]> {
    const rows = await this.db
      .select()
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, matchId), sql`${matchEvents.version} > ${afterVersion}`))
      .orderBy(matchEvents.version);
    return rows.map((row) => ({
      version: row.version,
      command: row.command as Command,
      events: row.events as MatchEvent[],
      at: row.at,
      actor: row.actor,
    }));
  }
}

function matchRow(match: MatchRow) {
  return { id: match.id, timerId: match.timerId, state: match.state, version: match.version, status: match.state.status, nextDeadline: null };
}

function toTimer(row: typeof timers.$inferSelect): TimerRecord {
  return {
    id: row.id,
    shortid: row.shortid,
    name: row.name,
    description: row.description,
    format: row.format as Format,
    settings: (row.settings ?? {}) as Record<string, unknown>,
    controlKeyHash: row.controlKeyHash,
    viewKeyHash: row.viewKeyHash,
    ownerId: row.ownerId,
    currentMatchId: row.currentMatchId,
  };
}
