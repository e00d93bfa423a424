/**
 * Derived readings of a state at an instant: what each clock shows, what pools hold, which bells
 * fall in an interval. Never stored; computed from absolute time so every screen agrees.
 */
import type { SideId } from '../formats/format.schema';
import { stageClockSpecs, stagePoolId } from '../formats/stage-clocks';
import { advanceDraft } from './advance';
import type { BellEvent, MatchEvent } from './match-event';
import {
  cloneState,
  currentRuntime,
  currentStage,
  reserveHeldMs,
  usedAt,
  type MatchState,
} from './match-state';

/** What one clock of the current stage shows at an instant. */
export interface ClockView {
  index: number;
  side: SideId | null;
  budgetMs: number;
  usedMs: number;
  /** Time left, never below zero. */
  remainingMs: number;
  /** Time past zero, zero until then. */
  overtimeMs: number;
  running: boolean;
  /** Whether this is the clock `start` runs (the speaking side). */
  active: boolean;
  /** Display direction: `down` shows `remainingMs`, `up` shows `usedMs`. */
  direction: 'down' | 'up';
}

/**
 * The clocks of the current stage at `now`, from the state as it is. For exact readings after a
 * boundary the hub has not yet processed (a relay hand-over), pass `project(state, now)`.
 */
export function clockViews(state: MatchState, now: number): ClockView[] {
  const stage = currentStage(state);
  const runtime = currentRuntime(state);
  const direction = stage.kind === 'none' ? 'down' : stage.direction;
  return runtime.clocks.map((clock, index) => {
    const usedMs = usedAt(clock, now);
    return {
      index,
      side: clock.side,
      budgetMs: clock.budgetMs,
      usedMs,
      remainingMs: Math.max(0, clock.budgetMs - usedMs),
      overtimeMs: Math.max(0, usedMs - clock.budgetMs),
      running: clock.runningSince !== null,
      active: index === runtime.activeClock,
      direction,
    };
  });
}

/**
 * The state as it will be at `now` if no command arrives: everything due is processed (clocks
 * stop at zero, relays hand over). Does not bump the version. Use it to render between pushes.
 */
export function project(state: MatchState, now: number): MatchState {
  const draft = cloneState(state);
  advanceDraft(draft, Math.max(now, state.processedUntil), []);
  return draft;
}

/** Remaining time of the active clock at `now` (negative in overtime), or null when the stage has no clock. */
export function remaining(state: MatchState, now: number): number | null {
  const view = activeView(project(state, now), now);
  return view === null ? null : view.budgetMs - view.usedMs;
}

/** Elapsed (used) time of the active clock at `now`, or null when the stage has no clock. */
export function elapsed(state: MatchState, now: number): number | null {
  return activeView(project(state, now), now)?.usedMs ?? null;
}

function activeView(state: MatchState, now: number): ClockView | null {
  return clockViews(state, now).find((view) => view.active) ?? null;
}

/** A pool's reading for one side at an instant, including the running clock's live draw. */
export interface PoolView {
  poolId: string;
  side: SideId;
  totalMs: number;
  usedMs: number;
  balanceMs: number;
  /** What the pool keeps from the current stage for its reserved stages (新国辩: 结辩 3:00); 0 when none. */
  heldMs: number;
}

/** Every pool's balance per side at `now`. */
export function poolViews(state: MatchState, now: number): PoolView[] {
  const projected = project(state, now);
  const poolId = stagePoolId(currentStage(projected));
  const live: Record<SideId, number> = { aff: 0, neg: 0 };
  for (const clock of currentRuntime(projected).clocks) {
    if (clock.side !== null && clock.runningSince !== null)
      live[clock.side] += usedAt(clock, now) - clock.usedMs;
  }
  return Object.entries(projected.pools).flatMap(([id, sides]) =>
    (['aff', 'neg'] as const).map((side) => {
      const usedMs = sides[side].usedMs + (id === poolId ? live[side] : 0);
      const heldMs = reserveHeldMs(projected, id, side, projected.stageIndex);
      return {
        poolId: id,
        side,
        totalMs: sides[side].totalMs,
        usedMs,
        balanceMs: sides[side].totalMs - usedMs,
        heldMs,
      };
    }),
  );
}

/** A speech that has used all its pool gives it before what the pool keeps for a later stage. */
export interface ReserveReached {
  poolId: string;
  side: SideId;
  /** What the pool still keeps, for `stages`. */
  heldMs: number;
  /** The reserved stages of that side, by name. */
  stages: string[];
}

/**
 * Whether the speaking clock of the current stage has stopped where its pool's reserve begins
 * (新国辩: the speeches before 结辩 may not spend its 3:00), rather than at a cap of its own or
 * at the pool's end; null otherwise. What a console warns about.
 */
export function reserveReached(state: MatchState, now: number): ReserveReached | null {
  const projected = project(state, now);
  const stage = currentStage(projected);
  const poolId = stagePoolId(stage);
  const runtime = currentRuntime(projected);
  const clock = runtime.clocks[runtime.activeClock];
  if (poolId === null || clock === undefined || clock.side === null) return null;
  const side = clock.side;
  const heldMs = reserveHeldMs(projected, poolId, side, projected.stageIndex);
  const capMs = stageClockSpecs(stage)[runtime.activeClock]?.durationMs ?? null;
  if (heldMs <= 0 || usedAt(clock, now) < clock.budgetMs || (capMs !== null && clock.budgetMs >= capMs))
    return null;
  const names = projected.format.pools.find((pool) => pool.id === poolId)?.reserve?.stages ?? [];
  const stages = projected.format.stages
    .filter(
      (candidate) =>
        names.includes(candidate.name) &&
        stagePoolId(candidate) === poolId &&
        stageClockSpecs(candidate).some((spec) => spec.side === side),
    )
    .map((candidate) => candidate.name);
  return { poolId, side, heldMs, stages: [...new Set(stages)] };
}

/**
 * The bells due in (t0, t1] that the state has not yet processed, assuming no command arrives in
 * between, each exactly once and in order. Bells at or before `processedUntil` have already rung.
 */
export function bellsBetween(state: MatchState, t0: number, t1: number): BellEvent[] {
  const draft = cloneState(state);
  advanceDraft(draft, Math.max(t0, state.processedUntil), []);
  const events: MatchEvent[] = [];
  advanceDraft(draft, Math.max(t1, draft.processedUntil), events);
  return events.filter(
    (event): event is BellEvent => event.type === 'bell' && event.at > t0 && event.at <= t1,
  );
}
