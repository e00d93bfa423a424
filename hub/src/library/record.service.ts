import {
  ballotsText,
  deriveRecord,
  pauseIntervals,
  recordStageRows,
  resultSheetSchema,
  type Command,
  type Format,
  type MatchRecord,
  type RecordStageRow,
  type ResultSheet,
  type SideId,
} from '@bianshi/shared';
import type { TimerRecord, TimerRepository } from '../timers/timer.repository';
import { HubError } from '../lib/errors';
import { atLeast, type TimerRole } from '../timers/roles';
import { recordStatus, sheetFromSettings } from '../timers/match-record';
import type { TimerService } from '../timers/timer.service';
import { L } from './messages';
import type { RecordListRow, RecordRepository } from './record.repository';
import { parseInput } from './topic.service';

/** Who asks for a record: an account (or nobody) and the control keys they present. */
export interface RecordCaller {
  user: { id: string } | null;
  presentedKeys(timerId: string): string[];
}

/** A bell as the record shows it. */
export interface RecordBell {
  at: number;
  stageIndex: number;
  side: SideId | null;
  which: string;
  count: number;
}

/** The whole record of one match, as the page and the integrations API read it. */
export interface RecordView {
  matchId: string;
  timerId: string;
  timerName: string;
  timerShortid: string;
  public: boolean;
  format: { id: string; name: string };
  sides: Record<SideId, string>;
  /** `finished`, `abandoned` (left before finishing for another match), or the live status. */
  status: string;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  stages: RecordStageRow[];
  totals: MatchRecord['totals'];
  timeoutsUsed: MatchRecord['timeoutsUsed'];
  bells: RecordBell[];
  pauses: Array<{ stageIndex: number; fromAt: number; toAt: number | null }>;
  result: ResultSheet;
  /** 0 while the sheet was never saved (it then shows what the timer's settings say). */
  resultVersion: number;
  canEdit: boolean;
}

/** Looks up an account's membership role on a timer. */
export type MembershipLookup = (timerId: string, userId: string) => Promise<TimerRole | null>;

/**
 * Match records: timing derived from the event log by the shared reducer, the result sheet
 * from `match_results` (or the timer's settings until saved). Visible to everyone when the
 * timer is public, else to its owner, members and control-key holders; hidden is NOT_FOUND.
 */
export class RecordService {
  private readonly resultListeners = new Set<
    (change: { matchId: string; timerId: string; version: number; result: ResultSheet }) => void
  >();

  constructor(
    readonly repository: RecordRepository,
    private readonly timerRepository: TimerRepository,
    private readonly timers: TimerService,
    private readonly memberships: MembershipLookup,
  ) {}

  /** True when the caller may see the timer's records. */
  async canSee(timer: TimerRecord, caller: RecordCaller): Promise<boolean> {
    if (timer.viewKey === null) return true;
    if (caller.user && caller.user.id === timer.ownerId) return true;
    if (this.timers.canControl(timer, caller.presentedKeys(timer.id))) return true;
    return caller.user ? (await this.memberships(timer.id, caller.user.id)) !== null : false;
  }

  private async visible(matchId: string, caller: RecordCaller) {
    const match = await this.repository.match(matchId);
    const timer = match ? await this.timerRepository.findTimer(match.timerId) : null;
    if (!match || !timer || !(await this.canSee(timer, caller)))
      throw new HubError('NOT_FOUND', L.recordNotFound, 'record-not-found');
    return { match, timer };
  }

  /** One record; NOT_FOUND when it does not exist or the caller may not see it. */
  async get(matchId: string, caller: RecordCaller): Promise<RecordView> {
    const { match, timer } = await this.visible(matchId, caller);
    const format: Format = match.state.format;
    const log = await this.timerRepository.log(match.id);
    const record = deriveRecord(
      format,
      log.map((entry) => ({ command: entry.command as Command, at: entry.at })),
      match.state.createdAt,
      // A clock still running counts the time used so far.
      this.timers.now(),
    );
    const saved = await this.repository.result(match.id);
    const role = await this.timers.roleOf(timer, caller);
    return {
      matchId: match.id,
      timerId: timer.id,
      timerName: timer.name,
      timerShortid: timer.shortid,
      public: timer.viewKey === null,
      format: { id: format.id, name: format.name },
      sides: { aff: format.sides?.aff?.label ?? '正方', neg: format.sides?.neg?.label ?? '反方' },
      status: recordStatus(match.status, match.id, timer.currentMatchId),
      createdAt: match.state.createdAt,
      startedAt: record.startedAt,
      finishedAt: record.finishedAt,
      stages: recordStageRows(record),
      totals: record.totals,
      timeoutsUsed: record.timeoutsUsed,
      bells: record.timeline.flatMap((event) =>
        event.type === 'bell'
          ? [
              {
                at: event.at,
                stageIndex: event.stageIndex,
                side: event.side,
                which: event.which,
                count: event.count,
              },
            ]
          : [],
      ),
      pauses: pauseIntervals(record),
      result: saved?.sheet ?? sheetFromSettings(timer.settings),
      resultVersion: saved?.version ?? 0,
      canEdit: atLeast(role, 'editor'),
    };
  }

  /** Saves the result sheet (owner and editor only); the timing never changes. */
  async updateResult(matchId: string, input: unknown, caller: RecordCaller): Promise<{ version: number }> {
    const { match, timer } = await this.visible(matchId, caller);
    if (!atLeast(await this.timers.roleOf(timer, caller), 'editor'))
      throw new HubError('FORBIDDEN', L.recordEditForbidden, 'record-edit-forbidden');
    const sheet = parseInput(resultSheetSchema, input, '比赛结果');
    const version = await this.repository.saveResult(
      match.id,
      timer.id,
      sheet,
      caller.user?.id ?? null,
      match.state.createdAt,
    );
    for (const listener of this.resultListeners)
      listener({ matchId: match.id, timerId: timer.id, version, result: sheet });
    return { version };
  }

  /**
   * Runs `listener` after a result sheet was saved (the integrations' `result.recorded`
   * webhook). Returns the function that removes it.
   */
  onResultSaved(
    listener: (change: { matchId: string; timerId: string; version: number; result: ResultSheet }) => void,
  ): () => void {
    this.resultListeners.add(listener);
    return () => this.resultListeners.delete(listener);
  }

  /** The caller's matches (timers they own or are a member of), filtered. */
  async mine(userId: string, filters: RecordFilters = {}): Promise<RecordSummary[]> {
    const rows = await this.repository.ofAccount(userId);
    return rows.map(summary).filter((row) => matchesFilters(row, filters));
  }

  /** Public records naming a school, with the school's side. */
  async ofSchool(
    schoolId: string,
  ): Promise<Array<RecordSummary & { side: SideId | null; won: boolean | null }>> {
    const rows = (await this.repository.ofSchool(schoolId)).filter((row) => row.timerPublic);
    return rows.map((row) => {
      const item = summary(row);
      const side =
        item.result.teams.aff.schoolId === schoolId
          ? 'aff'
          : item.result.teams.neg.schoolId === schoolId
            ? 'neg'
            : null;
      return { ...item, side, won: side && item.result.winner ? item.result.winner === side : null };
    });
  }
}

/** Filters of the record list. */
export interface RecordFilters {
  from?: number;
  to?: number;
  formatId?: string;
  school?: string;
  topic?: string;
}

/** One record in a list. */
export interface RecordSummary {
  matchId: string;
  timerId: string;
  timerName: string;
  timerShortid: string;
  status: string;
  format: { id: string; name: string };
  createdAt: number;
  finishedAt: number | null;
  result: ResultSheet;
  ballots: string;
}

function summary(row: RecordListRow): RecordSummary {
  const result = row.sheet ?? sheetFromSettings(row.timerSettings);
  return {
    matchId: row.matchId,
    timerId: row.timerId,
    timerName: row.timerName,
    timerShortid: row.timerShortid,
    status: recordStatus(row.status, row.matchId, row.currentMatchId),
    format: { id: row.formatId, name: row.formatName },
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    result,
    ballots: ballotsText(result.ballots),
  };
}

function matchesFilters(row: RecordSummary, filters: RecordFilters): boolean {
  if (filters.from !== undefined && row.createdAt < filters.from) return false;
  if (filters.to !== undefined && row.createdAt > filters.to) return false;
  if (filters.formatId && row.format.id !== filters.formatId) return false;
  const school = filters.school?.trim();
  if (school) {
    const { aff, neg } = row.result.teams;
    if (
      ![aff.school, neg.school, aff.name, neg.name, aff.schoolId ?? '', neg.schoolId ?? ''].some(
        (value) => value && (value === school || value.includes(school)),
      )
    )
      return false;
  }
  const topic = filters.topic?.trim();
  if (topic && !(row.result.topic.includes(topic) || row.result.topicId === topic)) return false;
  return true;
}
