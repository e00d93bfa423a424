/**
 * A timer's reading: what a screen, an overlay, a stream deck or a lighting desk needs at one
 * instant, with the arithmetic done (`remainingMs`, `overtimeMs`, the deadline as an absolute
 * server time) and the words a screen shows (stage, side, speaker, teams, topic, next stage).
 * Every input of the integrations API (`/api/v1` reads, Server-Sent Events, webhooks, OSC, the
 * Companion module) speaks this one shape; the raw `MatchState` stays available beside it.
 */
import { z } from 'zod';
import type { SideId, Stage } from '../formats/format.schema';
import { clockViews, project } from '../timer/clock-view';
import { currentRuntime, currentStage, type MatchState } from '../timer/match-state';
import { SPEAKER_POSITIONS } from './messages';

/** The last this many ms before zero are a clock's `danger` phase (the display's red). */
export const READING_DANGER_WINDOW_MS = 10_000;

const side = z.enum(['aff', 'neg']).nullable();

/** One clock of the current stage. */
export const clockReadingSchema = z
  .object({
    index: z.int().min(0).meta({ description: '本环节内的第几个钟（从 0 起）' }),
    side: side.meta({ description: '`aff` 正方、`neg` 反方，中立的钟为 null' }),
    sideLabel: z.string().nullable().meta({ description: '赛制里这一方的名称，如「正方」' }),
    teamName: z
      .string()
      .nullable()
      .meta({ description: '这一方的队名（管理页「队伍」里填写），未填为 null' }),
    budgetMs: z.int().meta({ description: '这个钟的总时长（毫秒）' }),
    usedMs: z.int().meta({ description: '已用时间（毫秒），含正在走的部分' }),
    remainingMs: z.int().min(0).meta({ description: '剩余时间（毫秒），不小于 0' }),
    overtimeMs: z.int().min(0).meta({ description: '超时时间（毫秒），未超时为 0' }),
    running: z.boolean().meta({ description: '这个钟是否正在走' }),
    active: z.boolean().meta({ description: '是否是当前发言方的钟（`start` 会启动它）' }),
    direction: z.enum(['down', 'up']).meta({ description: '`down` 倒计时显示剩余，`up` 正计时显示已用' }),
    phase: z
      .enum(['normal', 'warning', 'danger', 'overtime'])
      .meta({ description: '颜色阶段：正常、提醒（第一声铃之后）、最后 10 秒、超时' }),
    deadline: z.int().nullable().meta({
      description:
        '正在走时，剩余时间归零的服务器时刻（Unix 毫秒；已超时则在过去）；停着时为 null。屏幕用 `deadline − 服务器当前时间` 显示剩余时间。',
    }),
  })
  .meta({ id: 'ClockReading' });

/** The current stage. */
export const stageReadingSchema = z
  .object({
    index: z.int().min(0).meta({ description: '第几个环节（从 0 起）' }),
    count: z.int().min(1).meta({ description: '环节总数' }),
    name: z.string().meta({ description: '环节名，如「正方一辩立论」' }),
    kind: z
      .enum(['single', 'dual', 'prep', 'none'])
      .meta({ description: '`single` 单钟、`dual` 双钟交替、`prep` 准备时间、`none` 无钟' }),
    side: side.meta({ description: '正在发言的一方（双钟环节为当前方）' }),
    sideLabel: z.string().nullable(),
    teamName: z.string().nullable(),
    speaker: z
      .object({
        position: z.int().min(1).meta({ description: '第几辩' }),
        label: z.string().meta({ description: '如「一辩」' }),
        name: z.string().nullable().meta({ description: '辩手姓名（管理页「队伍」里填写），未填为 null' }),
      })
      .nullable(),
  })
  .meta({ id: 'StageReading' });

const team = z.object({ name: z.string().nullable(), school: z.string().nullable() });

/** The reading of a match at `serverNow`. */
export const timerReadingSchema = z
  .object({
    serverNow: z.int().meta({ description: '计算这份读数的服务器时刻（Unix 毫秒）' }),
    version: z.int().min(0).meta({ description: '比赛版本号，每个命令加一' }),
    status: z
      .enum(['ready', 'running', 'paused', 'finished'])
      .meta({ description: '`ready` 本环节未开始、`running`、`paused`、`finished`' }),
    stage: stageReadingSchema,
    next: z
      .object({ index: z.int().min(0), name: z.string() })
      .nullable()
      .meta({ description: '下一个环节，已是最后一个时为 null' }),
    clocks: z.array(clockReadingSchema),
    active: clockReadingSchema.nullable().meta({ description: '当前发言方的钟；无钟环节为 null' }),
    teams: z.object({ aff: team, neg: team }),
    topic: z.string().nullable().meta({ description: '辩题（管理页填写），未填为 null' }),
    overlay: z
      .object({ message: z.string().nullable(), blackout: z.boolean() })
      .meta({ description: '大屏覆盖：消息与黑屏' }),
    timeout: z
      .object({
        side: z.enum(['aff', 'neg']),
        endsAt: z.int().meta({ description: '技术暂停结束的服务器时刻（Unix 毫秒）' }),
      })
      .nullable(),
  })
  .meta({ id: 'TimerReading' });

/** One clock's reading. */
export type ClockReading = z.infer<typeof clockReadingSchema>;
/** A match's reading at an instant. */
export type TimerReading = z.infer<typeof timerReadingSchema>;

/** What a reading takes from the timer: its display settings (`teams`, `topic`), read tolerantly. */
export interface ReadingTimer {
  settings: Record<string, unknown> | null | undefined;
}

/**
 * The reading of `state` at server time `now`: due boundaries are projected (a clock that reached
 * zero reads stopped, a relay reads handed over) exactly as screens would render them.
 */
export function timerReading(state: MatchState, timer: ReadingTimer, now: number): TimerReading {
  const projected = project(state, now);
  const stage = currentStage(projected);
  const runtime = currentRuntime(projected);
  const teams = readTeams(timer.settings);
  const labelOf = (id: SideId | null) => (id === null ? null : (projected.format.sides[id]?.label ?? null));
  const teamOf = (id: SideId | null) => (id === null ? null : teams[id].name);
  const clocks = clockViews(projected, now).map((view) => {
    const firstBellMs = firstBellElapsedMs(stage, view.budgetMs);
    return {
      index: view.index,
      side: view.side,
      sideLabel: labelOf(view.side),
      teamName: teamOf(view.side),
      budgetMs: view.budgetMs,
      usedMs: view.usedMs,
      remainingMs: view.remainingMs,
      overtimeMs: view.overtimeMs,
      running: view.running,
      active: view.active,
      direction: view.direction,
      phase: phaseOf(view.budgetMs, view.usedMs, view.running, firstBellMs),
      deadline: view.running ? now + view.budgetMs - view.usedMs : null,
    };
  });
  const speaking =
    stage.kind === 'single'
      ? stage.side
      : stage.kind === 'none'
        ? null
        : (runtime.clocks[runtime.activeClock]?.side ?? null);
  const nextStage = projected.format.stages[projected.stageIndex + 1];
  const settings = isRecord(timer.settings) ? timer.settings : {};
  const message = projected.overlay.message;
  return {
    serverNow: now,
    version: projected.version,
    status: projected.status,
    stage: {
      index: projected.stageIndex,
      count: projected.format.stages.length,
      name: stage.name,
      kind: stage.kind,
      side: speaking,
      sideLabel: labelOf(speaking),
      teamName: teamOf(speaking),
      speaker: speakerOf(stage, teams),
    },
    next: nextStage ? { index: projected.stageIndex + 1, name: nextStage.name } : null,
    clocks,
    active: clocks.find((clock) => clock.active) ?? null,
    teams: {
      aff: { name: teams.aff.name, school: teams.aff.school },
      neg: { name: teams.neg.name, school: teams.neg.school },
    },
    topic: text(settings.topic, 300),
    overlay: {
      message: typeof message === 'string' && message ? message : null,
      blackout: projected.overlay.blackout,
    },
    timeout: projected.timeout
      ? { side: projected.timeout.side, endsAt: projected.timeout.startedAt + projected.timeout.durationMs }
      : null,
  };
}

/** Elapsed time of a stage's earliest scheduled bell for a clock of `budgetMs`; Infinity without one. */
export function firstBellElapsedMs(stage: Stage, budgetMs: number): number {
  if (stage.kind === 'none') return Number.POSITIVE_INFINITY;
  let first = Number.POSITIVE_INFINITY;
  for (const bell of stage.bells) {
    const at = bell.from === 'start' ? bell.offsetMs : budgetMs - bell.offsetMs;
    if (at >= 0 && at < first) first = at;
  }
  return first;
}

/** The colour phase the display shows: overtime past zero, danger in the last 10 s, warning from the first bell. */
function phaseOf(
  budgetMs: number,
  usedMs: number,
  running: boolean,
  firstBellMs: number,
): ClockReading['phase'] {
  if (budgetMs <= 0) return 'normal';
  const remainingMs = budgetMs - usedMs;
  if (remainingMs <= 0 && usedMs > 0) return 'overtime';
  if (remainingMs <= READING_DANGER_WINDOW_MS && remainingMs > 0 && (running || usedMs > 0)) return 'danger';
  if (usedMs >= firstBellMs && usedMs > 0) return 'warning';
  return 'normal';
}

interface TeamFacts {
  name: string | null;
  school: string | null;
  debaters: string[];
}

function speakerOf(stage: Stage, teams: Record<SideId, TeamFacts>): TimerReading['stage']['speaker'] {
  if (stage.kind !== 'single' || stage.speaker === undefined) return null;
  const name = stage.side === null ? null : teams[stage.side].debaters[stage.speaker - 1]?.trim() || null;
  return { position: stage.speaker, label: SPEAKER_POSITIONS[stage.speaker - 1] ?? `${stage.speaker}`, name };
}

/** Teams from `timer.settings.teams` as the management pages write them; anything malformed reads as unset. */
function readTeams(settings: unknown): Record<SideId, TeamFacts> {
  const teams = isRecord(settings) && isRecord(settings.teams) ? settings.teams : {};
  const one = (value: unknown): TeamFacts => {
    if (!isRecord(value)) return { name: null, school: null, debaters: [] };
    const debaters = Array.isArray(value.debaters)
      ? value.debaters.slice(0, 8).map((name) => text(name, 40) ?? '')
      : [];
    return { name: text(value.name, 80), school: text(value.school, 80), debaters };
  };
  return { aff: one(teams.aff), neg: one(teams.neg) };
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
