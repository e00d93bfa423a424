/** Pure helpers: what the display writes about the current stage, sides, teams and speakers. */
import {
  currentRuntime,
  poolViews,
  stageClockSpecs,
  stagePoolId,
  type MatchState,
  type SideId,
  type Stage,
} from '@bianshi/shared';
import { format } from '../../i18n/format';
import { display as displayText } from '../../i18n/zh-CN/display';
import { formatSeconds } from '../../lib/clock';
import type { DisplaySettings } from '../../lib/display-settings';

const t = displayText;

/** The side's label from the format (正方/反方, or Government/Opposition). */
export function sideLabel(state: MatchState, side: SideId | null): string | null {
  if (side === null) return null;
  return state.format.sides[side]?.label ?? t.sides[side];
}

/** The team name for a side: from the timer's teams, else null. */
export function teamName(settings: DisplaySettings, side: SideId | null): string | null {
  return side === null ? null : settings.teams[side].name;
}

/** The side that speaks in this stage (single: its side; dual/prep: the active clock's side). */
export function speakingSide(state: MatchState, stage: Stage): SideId | null {
  if (stage.kind === 'single') return stage.side;
  if (stage.kind === 'none') return null;
  const runtime = state.stages[state.stageIndex];
  return runtime?.clocks[runtime.activeClock]?.side ?? null;
}

/** 一辩 张三 / 一辩 / null when the stage has no speaker position. */
export function speakerLine(stage: Stage, settings: DisplaySettings): string | null {
  if (stage.kind !== 'single' || stage.speaker === undefined) return null;
  const position = t.speaker[stage.speaker - 1] ?? `${stage.speaker}`;
  const name =
    stage.side === null ? '' : (settings.teams[stage.side].debaters[stage.speaker - 1] ?? '').trim();
  return name ? `${position} ${name}` : position;
}

/** 第 4 / 18 环节. */
export function stageCounter(state: MatchState): string {
  return format(t.stageOf, { n: state.stageIndex + 1, total: state.format.stages.length });
}

/**
 * How wide a heading is on one line, in em, for fitting it to its box: CJK characters and
 * full-width punctuation 1, Latin letters and digits about 0.6, spaces 0.3.
 */
export function headingEms(text: string): number {
  let ems = 0;
  for (const char of text)
    ems +=
      char === ' '
        ? 0.3
        : /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(char)
          ? 1
          : 0.6;
  return Math.max(ems, 1);
}

/** How wide a clock text is, in em, for fitting the digits to their box (tabular digits). */
export function textEms(text: string): number {
  let ems = 0;
  for (const char of text) ems += char === ':' || char === '.' ? 0.34 : 0.62;
  return Math.max(ems, 1);
}

/**
 * What a clock drawing on a team's shared pool is (新国辩: 18:00 is the team's remaining total,
 * not this speech's time): `label` names it (正方剩余总时间); with a stage allowance of its own
 * the clock shows that allowance, and `detail` gives the team's remaining total beside it. When
 * the pool keeps time for a later stage (结辩至少保留 3:00) the clock shows what this stage may
 * use (正方本环节可用), and `detail` says what is kept and for which stage.
 */
export function poolNote(
  state: MatchState,
  stage: Stage,
  side: SideId | null,
  now: number,
): { label: string; detail: string | null } | null {
  const poolId = stagePoolId(stage);
  if (poolId === null || side === null) return null;
  const pool = state.format.pools.find((value) => value.id === poolId);
  if (!pool) return null;
  const sideText = sideLabel(state, side) ?? '';
  const total = format(pool.kind === 'prep' ? t.pool.prepLeft : t.pool.totalLeft, { side: sideText });
  const allowanceMs = stageClockSpecs(stage).find((spec) => spec.side === side)?.durationMs ?? null;
  const balance = poolViews(state, now).find((view) => view.poolId === poolId && view.side === side);
  const heldMs = balance?.heldMs ?? 0;
  const left = `${total} ${clockText(Math.max(0, balance?.balanceMs ?? 0))}`;
  const held =
    heldMs > 0
      ? format(t.pool.held, {
          stage: reservedStageName(state, pool.reserve?.stages ?? [], poolId, side),
          time: clockText(heldMs),
        })
      : null;
  if (allowanceMs !== null) {
    return {
      label: format(t.pool.allowance, { time: formatSeconds(Math.round(allowanceMs / 1000)) }),
      detail: held ? `${left}，${held}` : left,
    };
  }
  if (held === null) return { label: total, detail: null };
  return { label: format(t.pool.available, { side: sideText }), detail: `${left}，${held}` };
}

/** m:ss of a duration, rounded up to the second as the clocks show it. */
function clockText(ms: number): string {
  return formatSeconds(Math.ceil(ms / 1000));
}

/** The reserved stage a side's pool keeps time for (the first one of that side). */
function reservedStageName(
  state: MatchState,
  names: readonly string[],
  poolId: string,
  side: SideId,
): string {
  const stage = state.format.stages.find(
    (candidate) =>
      names.includes(candidate.name) &&
      stagePoolId(candidate) === poolId &&
      stageClockSpecs(candidate).some((spec) => spec.side === side),
  );
  return stage?.name ?? names[0] ?? '';
}

/**
 * The cover (封面): a stage without a clock whose name says it is one. The display heads it with
 * the match's title instead of the word 封面.
 */
export function isCoverStage(stage: Stage): boolean {
  return stage.kind === 'none' && /^(封面|cover)$/i.test(stage.name.trim());
}

/** Whether the speaking clock has stopped at zero (时间到), from the state as it was pushed. */
export function stoppedAtZero(state: MatchState): boolean {
  const clock = currentRuntime(state).clocks[currentRuntime(state).activeClock];
  return (
    clock !== undefined && clock.runningSince === null && clock.budgetMs > 0 && clock.usedMs >= clock.budgetMs
  );
}
