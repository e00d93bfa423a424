/**
 * Per-frame clock readings from a match state. Built once per state (allocations allowed),
 * then `keyOf(index, now)` is pure arithmetic on numbers — safe to call every animation frame.
 * A key changes exactly when the shown text, the colour phase or the running flag changes.
 */
import {
  nextDeadline,
  overtimeContinues,
  project,
  stageAt,
  type MatchState,
  type SideId,
  type Stage,
} from '@bianshi/shared';
import { formatShown, shownValue, type ClockTextMode } from './time-format';

/** Colour phase of a clock: normal, warning (from the first bell), danger (last 10 s), overtime (past zero). */
export type ClockPhase = 'normal' | 'warning' | 'danger' | 'overtime';

/** The last this many ms before zero are the danger phase (and show tenths). */
export const DANGER_WINDOW_MS = 10_000;

const PHASES: readonly ClockPhase[] = ['normal', 'warning', 'danger', 'overtime'];
const MODES: readonly ClockTextMode[] = ['seconds', 'tenths', 'overtime', 'up'];

/** Everything a screen needs to draw one clock at an instant. */
export interface ClockReading {
  index: number;
  side: SideId | null;
  /** The exact text shown, e.g. `03:29`, `09.9`, `+00:12`. */
  text: string;
  mode: ClockTextMode;
  /** The shown value in the mode's unit (seconds or tenths). */
  value: number;
  phase: ClockPhase;
  running: boolean;
  /** The clock `start` runs (the speaking side). */
  active: boolean;
  budgetMs: number;
  usedMs: number;
  /** Fraction of the budget used, 0–1 (1 past zero). */
  progress: number;
}

interface ClockPlan {
  side: SideId | null;
  budgetMs: number;
  usedMs: number;
  runningSince: number;
  running: boolean;
  active: boolean;
  /** Elapsed ms at which the warning phase begins (the first bell); Infinity without bells. */
  warningAtMs: number;
  continues: boolean;
  up: boolean;
}

/** Options of a model. */
export interface ClockModelOptions {
  /** Tenths in the last 10 s (count-down clocks). Default true. */
  tenths?: boolean;
}

/**
 * The clocks of a state's current stage, readable at any instant. When `now` passes the
 * state's next deadline (a clock stopping at zero, a relay hand-over) the model re-projects
 * the state once, so the display is exact even before the hub's change arrives or while offline.
 */
export class ClockModel {
  private source: MatchState;
  private projected: MatchState;
  private validUntil: number;
  private plans: ClockPlan[] = [];
  private stage: Stage;
  private readonly tenths: boolean;

  constructor(state: MatchState, options: ClockModelOptions = {}) {
    this.source = state;
    this.projected = state;
    this.tenths = options.tenths ?? true;
    this.stage = stageAt(state, state.stageIndex);
    this.validUntil = nextDeadline(state) ?? Number.POSITIVE_INFINITY;
    this.plan();
  }

  /** The state the model was built from. */
  get state(): MatchState {
    return this.source;
  }

  /** The state as of the latest instant read (after any local projection). */
  get current(): MatchState {
    return this.projected;
  }

  /** How many clocks the current stage has (0 for a stage without a clock). */
  get clockCount(): number {
    return this.plans.length;
  }

  /**
   * Whether what the clocks show can change with time alone: a clock runs, or the state has a
   * deadline ahead (a relay hand-over). False for a paused or stopped stage.
   */
  get ticking(): boolean {
    return this.validUntil !== Number.POSITIVE_INFINITY || this.plans.some((plan) => plan.running);
  }

  /** A number that changes exactly when what clock `index` shows changes. Allocation-free on the hot path. */
  keyOf(index: number, now: number): number {
    if (now >= this.validUntil) this.reproject(now);
    const plan = this.plans[index];
    if (plan === undefined) return -1;
    const used = plan.running ? plan.usedMs + Math.max(0, now - plan.runningSince) : plan.usedMs;
    const modeIndex = this.modeIndex(plan, used);
    const value = shownValue(MODES[modeIndex]!, this.modeMs(plan, modeIndex, used));
    const phaseIndex = this.phaseIndex(plan, used);
    return ((value * 4 + modeIndex) * 4 + phaseIndex) * 4 + (plan.running ? 2 : 0) + (plan.active ? 1 : 0);
  }

  /** A number that changes when any clock of the stage changes what it shows. */
  keyOfAll(now: number): number {
    let key = 0;
    for (let i = 0; i < this.plans.length; i++) key = key * 31 + this.keyOf(i, now);
    return key;
  }

  /** Full reading of clock `index` at `now` (allocates; call on render, not every frame). */
  read(index: number, now: number): ClockReading | null {
    if (now >= this.validUntil) this.reproject(now);
    const plan = this.plans[index];
    if (plan === undefined) return null;
    const used = plan.running ? plan.usedMs + Math.max(0, now - plan.runningSince) : plan.usedMs;
    const modeIndex = this.modeIndex(plan, used);
    const mode = MODES[modeIndex]!;
    const value = shownValue(mode, this.modeMs(plan, modeIndex, used));
    const shownUsed = plan.continues ? used : Math.min(used, plan.budgetMs);
    return {
      index,
      side: plan.side,
      text: formatShown(mode, value),
      mode,
      value,
      phase: PHASES[this.phaseIndex(plan, used)]!,
      running: plan.running,
      active: plan.active,
      budgetMs: plan.budgetMs,
      usedMs: shownUsed,
      progress: plan.budgetMs > 0 ? Math.min(1, shownUsed / plan.budgetMs) : 0,
    };
  }

  /** Readings of every clock of the stage. */
  readAll(now: number): ClockReading[] {
    const readings: ClockReading[] = [];
    for (let i = 0; i < this.plans.length; i++) {
      const reading = this.read(i, now);
      if (reading) readings.push(reading);
    }
    return readings;
  }

  private modeIndex(plan: ClockPlan, used: number): number {
    const remaining = plan.budgetMs - used;
    if (plan.up) return 3;
    if (remaining < 0 && plan.continues) return 2;
    // Tenths only once the seconds display would read below 10 (so 00:10 is never skipped).
    if (this.tenths && remaining > 0 && remaining <= DANGER_WINDOW_MS - 100) return 1;
    return 0;
  }

  private modeMs(plan: ClockPlan, modeIndex: number, used: number): number {
    switch (modeIndex) {
      case 2:
        return used - plan.budgetMs;
      case 3:
        return plan.continues ? used : Math.min(used, plan.budgetMs);
      default:
        return plan.budgetMs - used;
    }
  }

  private phaseIndex(plan: ClockPlan, used: number): number {
    if (plan.budgetMs <= 0) return 0;
    const remaining = plan.budgetMs - used;
    if (remaining <= 0 && used > 0) return 3;
    if (remaining <= DANGER_WINDOW_MS && remaining > 0 && (plan.running || used > 0)) return 2;
    if (used >= plan.warningAtMs && used > 0) return 1;
    return 0;
  }

  private reproject(now: number): void {
    this.projected = project(this.source, now);
    this.stage = stageAt(this.projected, this.projected.stageIndex);
    this.validUntil = nextDeadline(this.projected) ?? Number.POSITIVE_INFINITY;
    if (this.validUntil <= now) this.validUntil = Number.POSITIVE_INFINITY;
    this.plan();
  }

  private plan(): void {
    const state = this.projected;
    const stage = this.stage;
    const runtime = state.stages[state.stageIndex];
    const continues = overtimeContinues(stage);
    const up = stage.kind !== 'none' && stage.direction === 'up';
    this.plans = (runtime?.clocks ?? []).map((clock, index) => ({
      side: clock.side,
      budgetMs: clock.budgetMs,
      usedMs: clock.usedMs,
      runningSince: clock.runningSince ?? 0,
      running: clock.runningSince !== null,
      active: index === runtime?.activeClock,
      warningAtMs: firstBellElapsedMs(stage, clock.budgetMs),
      continues,
      up,
    }));
  }
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
