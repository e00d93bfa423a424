/**
 * The match state: a pure, JSON-serializable value. Clocks store `{budgetMs, usedMs,
 * runningSince}`; what is left is derived from absolute server time, never ticked.
 */
import type { Format, SideId, Stage } from '../formats/format.schema';
import type { ShownResult } from './command.schema';
import { firstClockIndex, stageClockSpecs, stagePoolId } from '../formats/stage-clocks';

/** One clock. Used time at instant `t` is `usedMs + (t − runningSince)` while running. */
export interface ClockState {
  /** The side this clock belongs to; null for a neutral clock (缓冲时间, 准备时间 before BP). */
  side: SideId | null;
  /** Time allowed. For a clock drawing from a pool: what this stage may still take from it. */
  budgetMs: number;
  /** Time used, settled at the last start/pause/adjust (excludes the running portion). */
  usedMs: number;
  /** Server epoch ms at which the clock last started, or null when stopped. */
  runningSince: number | null;
}

/** The clocks of one stage plus the turn counter for per-turn caps. */
export interface StageRuntime {
  clocks: ClockState[];
  /** The clock `start` runs (dual/prep: the speaking side). */
  activeClock: number;
  /** Turns begun in this stage (each start or side switch begins one); 0 before the first. */
  turnCount: number;
  /** The active clock's used time when the current turn began. */
  turnStartUsedMs: number;
}

/** A team pool's balance for one side. `usedMs` sums settled use over every stage drawing on it. */
export interface PoolBalance {
  totalMs: number;
  usedMs: number;
}

/** A running timeout (技术暂停 / 暂停休整). */
export interface ActiveTimeout {
  side: SideId;
  startedAt: number;
  durationMs: number;
}

/** What is laid over the display: a message, a blackout, a flash (clients flash once per new `at`). */
export interface Overlay {
  message?: string;
  blackout: boolean;
  flash?: { at: number; colour: string };
  /** A finished match's result, shown over the clocks (在大屏显示结果). */
  result?: ShownResult;
}

/** Coarse status for screens: `ready` = current stage not begun, `paused` = begun but stopped (or a timeout runs). */
export const MATCH_STATUSES = ['ready', 'running', 'paused', 'finished'] as const;
/** A match status. */
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The whole match. */
export interface MatchState {
  /** Snapshot of the format at creation; later edits to the format do not affect the match. */
  format: Format;
  stageIndex: number;
  /** One runtime per format stage, so going back resumes where the stage was left. */
  stages: StageRuntime[];
  /** Pool balances by pool id then side. */
  pools: Record<string, Record<SideId, PoolBalance>>;
  timeoutsUsed: Record<SideId, number>;
  timeout: ActiveTimeout | null;
  overlay: Overlay;
  status: MatchStatus;
  /** Bumped by exactly one on every accepted command. */
  version: number;
  /**
   * Every bell, cap, zero and timeout end at or before this instant has been processed. Due
   * items are those after it, so each fires exactly once however late `expire` arrives.
   */
  processedUntil: number;
  createdAt: number;
  finishedAt: number | null;
}

/** A fresh match at version 0, on the first stage, nothing running. */
export function createMatch(format: Format, init: { now: number }): MatchState {
  const stages = format.stages.map((stage) => freshStageRuntime(stage));
  const pools: MatchState['pools'] = {};
  for (const pool of format.pools) {
    pools[pool.id] = {
      aff: { totalMs: pool.totalMs.aff, usedMs: 0 },
      neg: { totalMs: pool.totalMs.neg, usedMs: 0 },
    };
  }
  const state: MatchState = {
    format,
    stageIndex: 0,
    stages,
    pools,
    timeoutsUsed: { aff: 0, neg: 0 },
    timeout: null,
    overlay: { blackout: false },
    status: 'ready',
    version: 0,
    processedUntil: init.now,
    createdAt: init.now,
    finishedAt: null,
  };
  refreshPooledBudgets(state);
  return state;
}

/** A stage's runtime before it is entered: clocks at their nominal durations, nothing used. */
export function freshStageRuntime(stage: Stage): StageRuntime {
  return {
    clocks: stageClockSpecs(stage).map((spec) => ({
      side: spec.side,
      budgetMs: spec.durationMs ?? 0,
      usedMs: 0,
      runningSince: null,
    })),
    activeClock: firstClockIndex(stage),
    turnCount: 0,
    turnStartUsedMs: 0,
  };
}

/** A deep copy of everything mutable; the format snapshot is shared (it is never mutated). */
export function cloneState(state: MatchState): MatchState {
  return {
    ...state,
    stages: state.stages.map((runtime) => ({
      ...runtime,
      clocks: runtime.clocks.map((clock) => ({ ...clock })),
    })),
    pools: Object.fromEntries(
      Object.entries(state.pools).map(([id, sides]) => [
        id,
        { aff: { ...sides.aff }, neg: { ...sides.neg } },
      ]),
    ),
    timeoutsUsed: { ...state.timeoutsUsed },
    timeout: state.timeout === null ? null : { ...state.timeout },
    overlay: {
      ...state.overlay,
      ...(state.overlay.flash ? { flash: { ...state.overlay.flash } } : {}),
      ...(state.overlay.result ? { result: copyResult(state.overlay.result) } : {}),
    },
  };
}

function copyResult(result: ShownResult): ShownResult {
  return { ...result, ballots: result.ballots && { ...result.ballots }, teams: { ...result.teams } };
}

/** The current stage definition. */
export function currentStage(state: MatchState): Stage {
  return stageAt(state, state.stageIndex);
}

/** A stage definition by index; throws on a broken invariant. */
export function stageAt(state: MatchState, index: number): Stage {
  const stage = state.format.stages[index];
  if (stage === undefined) throw new Error(`stage ${index} out of range`);
  return stage;
}

/** The current stage's runtime. */
export function currentRuntime(state: MatchState): StageRuntime {
  const runtime = state.stages[state.stageIndex];
  if (runtime === undefined) throw new Error(`stage runtime ${state.stageIndex} missing`);
  return runtime;
}

/** Used time of a clock at instant `at` (including the running portion). */
export function usedAt(clock: ClockState, at: number): number {
  return clock.runningSince === null ? clock.usedMs : clock.usedMs + Math.max(0, at - clock.runningSince);
}

/** The index of the running clock of the current stage, or null. At most one clock ever runs. */
export function runningClockIndex(state: MatchState): number | null {
  const index = currentRuntime(state).clocks.findIndex((clock) => clock.runningSince !== null);
  return index === -1 ? null : index;
}

/** Stops a clock at `at`, folding the running portion into `usedMs`. */
export function stopClock(clock: ClockState, at: number): void {
  clock.usedMs = usedAt(clock, at);
  clock.runningSince = null;
}

/** Folds the running portion into `usedMs` and keeps running from `at`. */
export function settleClock(clock: ClockState, at: number): void {
  if (clock.runningSince === null) return;
  clock.usedMs = usedAt(clock, at);
  clock.runningSince = at;
}

/**
 * Re-derives pool balances from every stage's settled use, and the budget of each clock of the
 * current stage that draws on a pool: what the pool holds net of every other stage's use and of
 * what it keeps for reserved stages (`reserveHeldMs`), capped by the stage's own duration. Only
 * the current stage can run, so this stays exact until the next change.
 */
export function refreshPooledBudgets(state: MatchState): void {
  for (const [poolId, sides] of Object.entries(state.pools)) {
    for (const side of ['aff', 'neg'] as const) sides[side].usedMs = poolUsedExcept(state, poolId, side, -1);
  }
  const stage = currentStage(state);
  const poolId = stagePoolId(stage);
  if (poolId === null) return;
  const specs = stageClockSpecs(stage);
  currentRuntime(state).clocks.forEach((clock, i) => {
    const balance = clock.side === null ? undefined : state.pools[poolId]?.[clock.side];
    if (balance === undefined || clock.side === null) return;
    const heldMs = reserveHeldMs(state, poolId, clock.side, state.stageIndex);
    const availableMs = Math.max(
      0,
      balance.totalMs - poolUsedExcept(state, poolId, clock.side, state.stageIndex) - heldMs,
    );
    const capMs = specs[i]?.durationMs ?? Number.POSITIVE_INFINITY;
    clock.budgetMs = Math.min(capMs, availableMs);
  });
}

/**
 * What pool `poolId` keeps back from stage `stageIndex` for one side: its reserve less what that
 * side's reserved stages have used; nothing on a reserved stage itself, or for a side that has
 * no reserved stage.
 */
export function reserveHeldMs(state: MatchState, poolId: string, side: SideId, stageIndex: number): number {
  const reserve = state.format.pools.find((pool) => pool.id === poolId)?.reserve;
  if (reserve === undefined) return 0;
  let serves = false;
  let usedMs = 0;
  for (const [i, stage] of state.format.stages.entries()) {
    if (stagePoolId(stage) !== poolId || !reserve.stages.includes(stage.name)) continue;
    const clocks = (state.stages[i]?.clocks ?? []).filter((clock) => clock.side === side);
    if (clocks.length === 0) continue;
    if (i === stageIndex) return 0;
    serves = true;
    for (const clock of clocks) usedMs += clock.usedMs;
  }
  return serves ? Math.max(0, reserve.ms - usedMs) : 0;
}

/** Settled use of a pool by one side over every stage except `exceptStage`. */
function poolUsedExcept(state: MatchState, poolId: string, side: SideId, exceptStage: number): number {
  let total = 0;
  state.format.stages.forEach((stage, i) => {
    if (i === exceptStage || stagePoolId(stage) !== poolId) return;
    for (const clock of state.stages[i]?.clocks ?? []) if (clock.side === side) total += clock.usedMs;
  });
  return total;
}

/** The status implied by the rest of the state. */
export function deriveStatus(state: MatchState): MatchStatus {
  if (state.finishedAt !== null) return 'finished';
  if (runningClockIndex(state) !== null) return 'running';
  if (state.timeout !== null) return 'paused';
  return currentRuntime(state).clocks.some((clock) => clock.usedMs > 0) ? 'paused' : 'ready';
}

/**
 * Whether a match has begun: a clock has run or a timeout was taken. Until then its format may
 * still be replaced (`setFormat`); after, what speakers used is never rewritten.
 */
export function matchHasBegun(state: MatchState): boolean {
  return (
    matchProgress(state) !== 'ready' ||
    state.timeout !== null ||
    state.timeoutsUsed.aff > 0 ||
    state.timeoutsUsed.neg > 0
  );
}

/**
 * The status of a whole match for lists (/home, 记录): `status` says whether the *current stage*
 * has begun, so a match moved on to a fresh stage reads `ready`; a match in which any clock
 * used time is `paused` (or running/finished), never 未开始.
 */
export function matchProgress(state: MatchState): MatchStatus {
  if (state.status !== 'ready') return state.status;
  const begun = state.stages.some((runtime) =>
    runtime.clocks.some((clock) => clock.usedMs > 0 || clock.runningSince !== null),
  );
  return begun ? 'paused' : 'ready';
}
