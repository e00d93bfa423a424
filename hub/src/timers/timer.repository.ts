import { and, count, eq, sql } from 'drizzle-orm';
import { matchProgress, type Format, type MatchEvent, type MatchState, type Command } from '@bianshi/shared';
import { lockAccount } from '../auth/account-lock';
import type { Db } from '../db/database';
import { withScheduleEntry } from './timer-settings.repository';
import { matchEvents, matches, timers } from './timer.schema';

/** A timer row as the hub uses it. */
export interface TimerRecord {
  id: string;
  shortid: string;
  name: string;
  description: string;
  format: Format;
  settings: Record<string, unknown>;
  controlKeyHash: string;
  /** The view key of a private timer (watching needs it), null for a public one. */
  viewKey: string | null;
  /** The key of the timer's judge link: its holder may watch as a judge. */
  judgeKey: string;
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

/** What a command decides under the row lock: maybe a write, and a value for the caller. */
export interface LockedDecision<T> {
  /** The new state and the log entries that produced it (one per command, oldest first). */
  write: { next: MatchState; entries: LoggedCommand[]; nextDeadline: number | null } | null;
  value: T;
  /** When the row was ahead of the caller's copy: read the log entries after this version. */
  catchUpFrom?: number;
}

/**
 * Work that commits with a match change or not at all, inside its transaction, after the log
 * entries are written (the webhook outbox). It must not read the match row again. It may
 * return a function to run once the transaction has committed (waking the outbox).
 */
export type CommitHook = (
  tx: Db,
  change: { matchId: string; next: MatchState; entries: readonly LoggedCommand[] },
) => Promise<(() => void) | void>;

/** Data access for timers, matches and the command log. Nothing here knows about sockets. */
export class TimerRepository {
  private readonly commitHooks: CommitHook[] = [];

  constructor(private readonly db: Db) {}

  /** Adds a {@link CommitHook}, run in every transaction that commits a match change. */
  onCommit(hook: CommitHook): void {
    this.commitHooks.push(hook);
  }

  /** Runs the commit hooks in `tx`; returns what they want run after the commit. */
  private async runCommitHooks(
    tx: Db,
    matchId: string,
    write: NonNullable<LockedDecision<unknown>['write']>,
  ): Promise<(() => void)[]> {
    const after: (() => void)[] = [];
    for (const hook of this.commitHooks) {
      const then = await hook(tx, { matchId, next: write.next, entries: write.entries });
      if (then) after.push(then);
    }
    return after;
  }

  /** Inserts a timer together with its first match, atomically. */
  /**
   * Writes a timer and its first match. `admit`, for an owned timer, is handed the number of
   * timers its owner already has, counted inside the transaction with the owner's account row
   * locked (`FOR UPDATE`), and throws to refuse: two creations racing for the last place of a
   * plan are counted one after the other, on every hub sharing the database.
   */
  async createTimer(
    timer: TimerRecord,
    firstMatch: MatchRow,
    admit?: (owned: number) => void,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (admit && timer.ownerId) {
        await lockAccount(tx, timer.ownerId);
        const [row] = await tx.select({ n: count() }).from(timers).where(eq(timers.ownerId, timer.ownerId));
        admit(row?.n ?? 0);
      }
      await tx.insert(timers).values({ ...timer, currentMatchId: null });
      await tx.insert(matches).values(matchRow(firstMatch));
      await tx.update(timers).set({ currentMatchId: firstMatch.id }).where(eq(timers.id, timer.id));
    });
  }

  /**
   * Writes many timers, each with its first match, in two statements (a round of 100 rooms
   * published at once: one statement per table instead of four round trips per timer). No plan
   * check: the caller decides who may create them. Atomic with the caller's transaction.
   */
  async createTimers(created: ReadonlyArray<{ timer: TimerRecord; match: MatchRow }>): Promise<void> {
    if (created.length === 0) return;
    await this.db.transaction(async (tx) => {
      // `current_match_id` has no foreign key, so a timer may name its match before the match exists.
      await tx
        .insert(timers)
        .values(created.map(({ timer, match }) => ({ ...timer, currentMatchId: match.id })));
      await tx.insert(matches).values(created.map(({ match }) => matchRow(match)));
    });
  }

  async findTimer(id: string): Promise<TimerRecord | null> {
    const [row] = await this.db.select().from(timers).where(eq(timers.id, id)).limit(1);
    return row ? toTimer(row) : null;
  }

  async findTimerByShortId(shortid: string): Promise<TimerRecord | null> {
    const [row] = await this.db
      .select()
      .from(timers)
      .where(eq(timers.shortid, shortid.toLowerCase()))
      .limit(1);
    return row ? toTimer(row) : null;
  }

  /**
   * A timer's settings and its current match (with the match's creation time), or null when the
   * timer does not exist or has no match.
   */
  async currentMatchOf(
    timerId: string,
  ): Promise<{ timerId: string; settings: unknown; matchId: string; createdAt: number | null } | null> {
    const [row] = await this.db
      .select({
        settings: timers.settings,
        matchId: timers.currentMatchId,
        createdAt: sql<number | null>`(${matches.state}->>'createdAt')::bigint`,
      })
      .from(timers)
      .leftJoin(matches, eq(matches.id, timers.currentMatchId))
      .where(eq(timers.id, timerId));
    if (!row?.matchId) return null;
    return {
      timerId,
      settings: row.settings,
      matchId: row.matchId,
      createdAt: row.createdAt === null ? null : Number(row.createdAt),
    };
  }

  async findMatch(id: string): Promise<MatchRow | null> {
    const [row] = await this.db.select().from(matches).where(eq(matches.id, id)).limit(1);
    return row
      ? { id: row.id, timerId: row.timerId, state: row.state as MatchState, version: row.version }
      : null;
  }

  /** Matches whose clocks may need the scheduler: everything not finished with a deadline. */
  async findScheduledMatches(): Promise<MatchRow[]> {
    const rows = await this.db
      .select()
      .from(matches)
      .where(sql`${matches.nextDeadline} is not null`);
    return rows.map((row) => ({
      id: row.id,
      timerId: row.timerId,
      state: row.state as MatchState,
      version: row.version,
    }));
  }

  /** Starts a new match on a timer and makes it current, with its schedule entry when given, atomically. */
  async addMatch(match: MatchRow, scheduleEntry: unknown = null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(matches).values(matchRow(match));
      await tx
        .update(timers)
        .set({
          currentMatchId: match.id,
          updatedAt: new Date(),
          ...(scheduleEntry === null ? {} : { settings: withScheduleEntry(match.id, scheduleEntry) }),
        })
        .where(eq(timers.id, match.timerId));
    });
  }

  /**
   * Decides and commits one step of a match: `decide` sees the row as committed, and what it
   * decides (new state + log entries) is written atomically. Commands on one match are thereby
   * serialized across every hub. When the row is ahead of the caller's copy, the decision
   * names `catchUpFrom` and gets back the log entries it missed.
   *
   * Usually the row is still at the version the caller knows (`known`): then the decision is
   * made on that copy and written with a compare-and-set on the version, with no read of the
   * stored state. Only when that write finds the row moved on (another hub committed), or
   * when the decision writes nothing (a refusal must be judged on the committed row), is the
   * row read and locked and the decision made again.
   */
  async commitLocked<T>(
    matchId: string,
    known: { state: MatchState; version: number },
    decide: (row: { state: MatchState; version: number }) => LockedDecision<T>,
  ): Promise<{ found: false } | { found: true; value: T; missed: LoggedCommand[] }> {
    const guess = decide(known);
    let afterCommit: (() => void)[] = [];
    if (guess.write && guess.catchUpFrom === undefined) {
      const write = guess.write;
      const committed = await this.db.transaction(async (tx) => {
        const updated = await tx
          .update(matches)
          .set(matchUpdate(write))
          .where(and(eq(matches.id, matchId), eq(matches.version, known.version)))
          .returning({ version: matches.version });
        if (updated.length === 0) return false;
        if (write.entries.length > 0)
          await tx.insert(matchEvents).values(write.entries.map((entry) => ({ matchId, ...entry })));
        afterCommit = await this.runCommitHooks(tx, matchId, write);
        return true;
      });
      if (committed) {
        for (const then of afterCommit) then();
        return { found: true, value: guess.value, missed: [] };
      }
    }
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ state: matches.state, version: matches.version })
        .from(matches)
        .where(eq(matches.id, matchId))
        .for('update');
      if (!row) return { found: false } as const;
      let missed: LoggedCommand[] = [];
      const decision = decide({ state: row.state as MatchState, version: row.version });
      if (decision.catchUpFrom !== undefined && decision.catchUpFrom < row.version) {
        missed = (
          await tx
            .select()
            .from(matchEvents)
            .where(
              and(eq(matchEvents.matchId, matchId), sql`${matchEvents.version} > ${decision.catchUpFrom}`),
            )
            .orderBy(matchEvents.version)
        ).map(toLogged);
      }
      if (decision.write) {
        await tx.update(matches).set(matchUpdate(decision.write)).where(eq(matches.id, matchId));
        if (decision.write.entries.length > 0)
          await tx.insert(matchEvents).values(decision.write.entries.map((entry) => ({ matchId, ...entry })));
        afterCommit = await this.runCommitHooks(tx, matchId, decision.write);
      }
      return { found: true, value: decision.value, missed } as const;
    });
    for (const then of afterCommit) then();
    return result;
  }

  /** The command log of a match in order, optionally only after a version. */
  async log(matchId: string, afterVersion = 0): Promise<LoggedCommand[]> {
    const rows = await this.db
      .select()
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, matchId), sql`${matchEvents.version} > ${afterVersion}`))
      .orderBy(matchEvents.version);
    return rows.map(toLogged);
  }
}

/** The columns a committed step changes. */
function matchUpdate(write: NonNullable<LockedDecision<unknown>['write']>) {
  const { next, nextDeadline } = write;
  return {
    state: next,
    version: next.version,
    status: matchProgress(next),
    nextDeadline,
    updatedAt: new Date(),
  };
}

function matchRow(match: MatchRow) {
  return {
    id: match.id,
    timerId: match.timerId,
    state: match.state,
    version: match.version,
    status: matchProgress(match.state),
    nextDeadline: null,
  };
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
    viewKey: row.viewKey,
    judgeKey: row.judgeKey,
    ownerId: row.ownerId,
    currentMatchId: row.currentMatchId,
  };
}

function toLogged(row: typeof matchEvents.$inferSelect): LoggedCommand {
  return {
    version: row.version,
    command: row.command as Command,
    events: row.events as MatchEvent[],
    at: row.at,
    actor: row.actor,
  };
}
