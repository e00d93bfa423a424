import type { MatchState, ResultSheet } from '@bianshi/shared';
import { and, desc, eq, exists, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { matches, timerMembers, timers } from '../timers/timer.schema';
import { matchResults } from './library.schema';

/** A match with its timer and saved result, as lists show it. */
export interface RecordListRow {
  matchId: string;
  timerId: string;
  timerName: string;
  timerShortid: string;
  timerPublic: boolean;
  timerSettings: Record<string, unknown>;
  currentMatchId: string | null;
  status: string;
  formatId: string;
  formatName: string;
  createdAt: number;
  finishedAt: number | null;
  sheet: ResultSheet | null;
}

/** A match's own row: its state (format snapshot, status) and timer id. */
export interface RecordMatchRow {
  id: string;
  timerId: string;
  state: MatchState;
  status: string;
}

const listColumns = {
  matchId: matches.id,
  timerId: timers.id,
  timerName: timers.name,
  timerShortid: timers.shortid,
  viewKey: timers.viewKey,
  timerSettings: timers.settings,
  currentMatchId: timers.currentMatchId,
  status: matches.status,
  formatId: sql<string>`${matches.state}->'format'->>'id'`,
  formatName: sql<string>`${matches.state}->'format'->>'name'`,
  createdAt: matches.createdAt,
  finishedAt: sql<string | null>`${matches.state}->>'finishedAt'`,
  sheet: matchResults.sheet,
};

type ListRecord = { [K in keyof typeof listColumns]: unknown };

function toListRow(row: ListRecord): RecordListRow {
  return {
    matchId: row.matchId as string,
    timerId: row.timerId as string,
    timerName: row.timerName as string,
    timerShortid: row.timerShortid as string,
    timerPublic: row.viewKey === null,
    timerSettings: (row.timerSettings ?? {}) as Record<string, unknown>,
    currentMatchId: row.currentMatchId as string | null,
    status: row.status as string,
    formatId: row.formatId as string,
    formatName: row.formatName as string,
    createdAt: (row.createdAt as Date).getTime(),
    finishedAt: row.finishedAt === null || row.finishedAt === undefined ? null : Number(row.finishedAt),
    sheet: (row.sheet ?? null) as ResultSheet | null,
  };
}

/** Data access for match records: which matches exist for whom, and their result sheets. */
export class RecordRepository {
  constructor(private readonly db: Db) {}

  async match(matchId: string): Promise<RecordMatchRow | null> {
    const [row] = await this.db
      .select({ id: matches.id, timerId: matches.timerId, state: matches.state, status: matches.status })
      .from(matches)
      .where(eq(matches.id, matchId))
      .limit(1);
    return row ? { ...row, state: row.state as MatchState } : null;
  }

  async result(matchId: string): Promise<{ sheet: ResultSheet; version: number } | null> {
    const [row] = await this.db
      .select({ sheet: matchResults.sheet, version: matchResults.version })
      .from(matchResults)
      .where(eq(matchResults.matchId, matchId))
      .limit(1);
    return row ? { sheet: row.sheet as ResultSheet, version: row.version } : null;
  }

  /** Saves a sheet (insert or replace), bumping its version; the links are copied out for filters. */
  async saveResult(
    matchId: string,
    timerId: string,
    sheet: ResultSheet,
    updatedBy: string | null,
    startedAt: number | null,
  ): Promise<number> {
    const links = {
      sheet,
      affSchoolId: sheet.teams.aff.schoolId,
      negSchoolId: sheet.teams.neg.schoolId,
      affTeamId: sheet.teams.aff.teamId,
      negTeamId: sheet.teams.neg.teamId,
      topicId: sheet.topicId,
      winner: sheet.winner,
      updatedBy,
      updatedAt: new Date(),
      startedAt,
    };
    const [row] = await this.db
      .insert(matchResults)
      .values({ matchId, timerId, ...links })
      .onConflictDoUpdate({
        target: matchResults.matchId,
        set: { ...links, version: sql`${matchResults.version} + 1` },
      })
      .returning({ version: matchResults.version });
    return row?.version ?? 1;
  }

  /** Begun matches of the timers an account owns or is a member of, newest first. */
  async ofAccount(userId: string, limit = 500): Promise<RecordListRow[]> {
    const member = this.db
      .select({ one: sql`1` })
      .from(timerMembers)
      .where(and(eq(timerMembers.timerId, timers.id), eq(timerMembers.userId, userId)));
    const rows = await this.db
      .select(listColumns)
      .from(matches)
      .innerJoin(timers, eq(timers.id, matches.timerId))
      .leftJoin(matchResults, eq(matchResults.matchId, matches.id))
      .where(and(gt(matches.version, 0), or(eq(timers.ownerId, userId), exists(member))))
      .orderBy(desc(matches.createdAt))
      .limit(limit);
    return rows.map(toListRow);
  }

  /**
   * Begun matches (or matches with a saved result, e.g. a tournament result entered by hand)
   * that name a school on either side: by their saved sheet, or (no sheet yet) by their timer's
   * teams settings.
   */
  async ofSchool(schoolId: string, limit = 300): Promise<RecordListRow[]> {
    const bySettings = sql`(${matchResults.matchId} is null and (${timers.settings}->'teams'->'aff'->>'schoolId' = ${schoolId} or ${timers.settings}->'teams'->'neg'->>'schoolId' = ${schoolId}))`;
    const rows = await this.db
      .select(listColumns)
      .from(matches)
      .innerJoin(timers, eq(timers.id, matches.timerId))
      .leftJoin(matchResults, eq(matchResults.matchId, matches.id))
      .where(
        and(
          or(gt(matches.version, 0), isNotNull(matchResults.matchId)),
          or(eq(matchResults.affSchoolId, schoolId), eq(matchResults.negSchoolId, schoolId), bySettings),
        ),
      )
      .orderBy(desc(matches.createdAt))
      .limit(limit);
    return rows.map(toListRow);
  }
}
