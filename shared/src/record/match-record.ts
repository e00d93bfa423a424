/**
 * The match record (比赛记录), derived from the command log by replaying it through the same
 * reducer: per stage and clock the time allotted, used, overtime, pauses and bells rung; per side
 * the totals; and the full event timeline.
 */
import type { Format, SideId, Stage } from '../formats/format.schema';
import type { Command } from '../timer/command.schema';
import type { MatchEvent } from '../timer/match-event';
import { createMatch, usedAt, type MatchState } from '../timer/match-state';
import { replayLog, replayedState, type Replay } from '../timer/undo';

/** One accepted command as the hub logs it: the command, the server instant, and (optionally) the events it produced. */
export interface MatchLogEntry {
  command: Command;
  at: number;
  events?: MatchEvent[];
}

/** One clock of one stage in the record. */
export interface ClockRecord {
  clock: number;
  side: SideId | null;
  allottedMs: number;
  usedMs: number;
  overtimeMs: number;
  /** Times the timekeeper paused this clock (pause/toggle), not counting stops at zero or stage changes. */
  pauses: number;
  /** Bells that rang on this clock: scheduled, overtime, turn-cap, and rung by hand while it was active. */
  bellsRung: number;
}

/** One stage in the record. */
export interface StageRecord {
  stageIndex: number;
  name: string;
  kind: Stage['kind'];
  clocks: ClockRecord[];
  /** Every bell of the stage: its clocks' bells, plus bells rung by hand on a stage without a clock. */
  bellsRung: number;
}

/** The whole record. */
export interface MatchRecord {
  formatId: string;
  formatName: string;
  startedAt: number | null;
  finishedAt: number | null;
  stages: StageRecord[];
  totals: Record<SideId, { usedMs: number; overtimeMs: number }>;
  timeoutsUsed: Record<SideId, number>;
  /** Every event in order, as replay produced it. */
  timeline: MatchEvent[];
  /** Log entries the reducer refused on replay (zero for a hub's own log). */
  rejected: number;
  /** The state after the last entry. */
  finalState: MatchState;
}

/**
 * Replays `log` from a fresh match of `format` (undos included, as the hub applied them) and
 * summarises it. `createdAt` defaults to the first entry's instant. `asOf` is the instant a clock
 * still running is read at (a live match's record counts its speaker's time so far); without it,
 * the last processed instant.
 */
export function deriveRecord(
  format: Format,
  log: readonly MatchLogEntry[],
  createdAt?: number,
  asOf?: number,
): MatchRecord {
  const replay = replayLog(createMatch(format, { now: createdAt ?? log[0]?.at ?? 0 }), log);
  const state = replayedState(replay);
  const timeline = replay.steps.flatMap((step) => step.events);
  const endAt = state.finishedAt ?? Math.max(state.processedUntil, asOf ?? 0);
  const counts = countByClock(replay.steps);
  const totals: MatchRecord['totals'] = {
    aff: { usedMs: 0, overtimeMs: 0 },
    neg: { usedMs: 0, overtimeMs: 0 },
  };
  const stages = format.stages.map((stage, stageIndex): StageRecord => {
    const clocks = (state.stages[stageIndex]?.clocks ?? []).map((clock, index): ClockRecord => {
      const usedMs = usedAt(clock, endAt);
      const overtimeMs = Math.max(0, usedMs - clock.budgetMs);
      if (clock.side !== null) {
        totals[clock.side].usedMs += usedMs;
        totals[clock.side].overtimeMs += overtimeMs;
      }
      const key = `${stageIndex}:${index}`;
      return {
        clock: index,
        side: clock.side,
        allottedMs: clock.budgetMs,
        usedMs,
        overtimeMs,
        pauses: counts.pauses.get(key) ?? 0,
        bellsRung: counts.bells.get(key) ?? 0,
      };
    });
    return {
      stageIndex,
      name: stage.name,
      kind: stage.kind,
      clocks,
      bellsRung: counts.stageBells.get(stageIndex) ?? 0,
    };
  });
  const firstStart = timeline.find((event) => event.type === 'clockStarted');
  return {
    formatId: format.id,
    formatName: format.name,
    startedAt: firstStart?.at ?? null,
    finishedAt: state.finishedAt,
    stages,
    totals,
    timeoutsUsed: { ...state.timeoutsUsed },
    timeline,
    rejected: replay.rejected,
    finalState: state,
  };
}

/**
 * Pauses and bells per clock, and bells per stage, counted from the timeline so the counts and
 * the timeline always agree. A bell rung by hand (no clock of its own) counts on the clock that
 * was active in its stage then; on a stage without a clock, on the stage only.
 */
function countByClock(steps: Replay['steps']): {
  pauses: Map<string, number>;
  bells: Map<string, number>;
  stageBells: Map<number, number>;
} {
  const pauses = new Map<string, number>();
  const bells = new Map<string, number>();
  const stageBells = new Map<number, number>();
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const step of steps) {
    for (const event of step.events) {
      if (event.type === 'clockPaused' && event.reason === 'command')
        bump(pauses, `${event.stageIndex}:${event.clock}`);
      if (event.type !== 'bell') continue;
      bump(stageBells, event.stageIndex);
      const runtime = step.state.stages[event.stageIndex];
      const clock = event.clock ?? (runtime && runtime.clocks.length > 0 ? runtime.activeClock : null);
      if (clock !== null) bump(bells, `${event.stageIndex}:${clock}`);
    }
  }
  return { pauses, bells, stageBells };
}

/** Column headers of the CSV export (zh-CN). */
export const RECORD_CSV_HEADERS = [
  '阶段',
  '名称',
  '方',
  '计时器',
  '分配(秒)',
  '已用(秒)',
  '超时(秒)',
  '暂停次数',
  '响铃次数',
] as const;

/**
 * The rows of a stage in exports: one per clock, or for a stage without a clock on which bells
 * were rung by hand, one row of its own (so the bell column adds up to the timeline's bells).
 */
export function clockRows(stage: StageRecord): ClockRecord[] {
  if (stage.clocks.length > 0 || stage.bellsRung === 0) return stage.clocks;
  return [
    { clock: 0, side: null, allottedMs: 0, usedMs: 0, overtimeMs: 0, pauses: 0, bellsRung: stage.bellsRung },
  ];
}

/** The per-stage rows as CSV (RFC 4180 quoting), with `sideLabel` naming each side. */
export function recordToCsv(record: MatchRecord, sideLabel: (side: SideId | null) => string): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const rows = record.stages.flatMap((stage) =>
    clockRows(stage).map((clock) => [
      stage.stageIndex + 1,
      stage.name,
      sideLabel(clock.side),
      clock.clock + 1,
      seconds(clock.allottedMs),
      seconds(clock.usedMs),
      seconds(clock.overtimeMs),
      clock.pauses,
      clock.bellsRung,
    ]),
  );
  return [[...RECORD_CSV_HEADERS], ...rows].map((row) => row.map(quote).join(',')).join('\r\n');
}
