/**
 * What is due next: bells, per-turn caps, a clock reaching zero, overtime bells and the end of a
 * timeout, each at an absolute instant computed from the state. Nothing here mutates.
 *
 * The cursor: for the running clock, every threshold (in used-time) at or below its used time at
 * `processedUntil` has been handled; items strictly above it are pending. Adjusting time moves
 * the cursor with the used time: what an adjustment crosses forward is handled by the adjustment
 * itself (`crossedItems`, rung once at that instant), and marks crossed again after time is
 * given back are pending again, so they ring when the clock runs through them.
 */
import type { Stage } from '../formats/format.schema';
import {
  currentRuntime,
  currentStage,
  runningClockIndex,
  usedAt,
  type ClockState,
  type MatchState,
} from './match-state';

/** One thing due at an instant. */
export type DueItem =
  | { kind: 'bell'; at: number; clock: number; bellIndex: number }
  | { kind: 'turnCap'; at: number; clock: number; turn: number; label: string; capMs: number }
  | { kind: 'zero'; at: number; clock: number }
  | { kind: 'overtimeBell'; at: number; clock: number; n: number }
  | { kind: 'timeoutEnd'; at: number };

/** Order of items due at the same instant: warning bells first, then caps, zero, overtime, timeouts. */
const PRIORITY: Record<DueItem['kind'], number> = {
  bell: 0,
  turnCap: 1,
  zero: 2,
  overtimeBell: 3,
  timeoutEnd: 4,
};

/** Whether a stage's clocks keep running past zero. Prep clocks always stop (a pool cannot go negative). */
export function overtimeContinues(stage: Stage): boolean {
  switch (stage.kind) {
    case 'single':
    case 'dual':
      return stage.overtime === 'continue';
    case 'prep':
    case 'none':
      return false;
  }
}

/** Whether a clock has nothing left to give: it stops at zero and has reached it. */
export function isExhausted(stage: Stage, clock: ClockState, at: number): boolean {
  return !overtimeContinues(stage) && usedAt(clock, at) >= clock.budgetMs;
}

/** All items due at the earliest pending instant (in priority order), or null when nothing is pending. */
export function nextDueGroup(state: MatchState): { at: number; items: DueItem[] } | null {
  if (state.finishedAt !== null) return null;
  const candidates: DueItem[] = [...clockItems(state)];
  if (state.timeout !== null)
    candidates.push({ kind: 'timeoutEnd', at: state.timeout.startedAt + state.timeout.durationMs });
  if (candidates.length === 0) return null;
  const at = Math.min(...candidates.map((item) => item.at));
  const items = candidates
    .filter((item) => item.at === at)
    .sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind]);
  return { at, items };
}

/** The next instant at which something happens (a bell, cap, zero, hand-over, timeout end), or null. */
export function nextDeadline(state: MatchState): number | null {
  return nextDueGroup(state)?.at ?? null;
}

/** The pending items of the running clock: for each kind, the first threshold above the cursor. */
function clockItems(state: MatchState): DueItem[] {
  const clockIndex = runningClockIndex(state);
  if (clockIndex === null) return [];
  const clock = currentRuntime(state).clocks[clockIndex];
  if (clock === undefined) return [];
  const cursorMs = usedAt(clock, state.processedUntil);
  return pendingMarks(state, clockIndex, cursorMs).map(
    ({ thresholdMs, item }) => ({ ...item, at: state.processedUntil + (thresholdMs - cursorMs) }) as DueItem,
  );
}

/**
 * What an adjustment that moves clock `clockIndex` of the current stage forward from `fromUsedMs`
 * to `toUsedMs` of used time runs through, in the order running would meet it, each at `at`:
 * bells, the turn's cap, zero, an overtime bell. Nothing for a backward move.
 */
export function crossedItems(
  state: MatchState,
  clockIndex: number,
  fromUsedMs: number,
  toUsedMs: number,
  at: number,
): DueItem[] {
  if (toUsedMs <= fromUsedMs) return [];
  return pendingMarks(state, clockIndex, fromUsedMs)
    .filter(({ thresholdMs }) => thresholdMs <= toUsedMs)
    .sort((a, b) => a.thresholdMs - b.thresholdMs || PRIORITY[a.item.kind] - PRIORITY[b.item.kind])
    .map(({ item }) => ({ ...item, at }) as DueItem);
}

/** A clock item without its instant, and the used time at which it falls. */
interface Mark {
  thresholdMs: number;
  item: DistributiveOmit<Exclude<DueItem, { kind: 'timeoutEnd' }>, 'at'>;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The marks of clock `clockIndex` of the current stage above `cursorMs`: for each kind, those still ahead. */
function pendingMarks(state: MatchState, clockIndex: number, cursorMs: number): Mark[] {
  const stage = currentStage(state);
  if (stage.kind === 'none') return [];
  const runtime = currentRuntime(state);
  const clock = runtime.clocks[clockIndex];
  if (clock === undefined) return [];
  const continues = overtimeContinues(stage);
  const budgetMs = clock.budgetMs;
  const marks: Mark[] = [];

  stage.bells.forEach((bell, bellIndex) => {
    const thresholdMs = bell.from === 'start' ? bell.offsetMs : budgetMs - bell.offsetMs;
    if (thresholdMs <= cursorMs || thresholdMs < 0) return;
    if (!continues && thresholdMs > budgetMs) return;
    marks.push({ thresholdMs, item: { kind: 'bell', clock: clockIndex, bellIndex } });
  });

  // The cap belongs to the turn in progress, which only the active clock has.
  if (
    stage.kind !== 'prep' &&
    stage.turnCap !== undefined &&
    runtime.turnCount > 0 &&
    clockIndex === runtime.activeClock
  ) {
    const turn = runtime.turnCount - 1;
    const spec = stage.turnCap.turns[turn % stage.turnCap.turns.length];
    const thresholdMs = runtime.turnStartUsedMs + (spec?.capMs ?? 0);
    if (spec !== undefined && thresholdMs > cursorMs && (continues || thresholdMs <= budgetMs)) {
      marks.push({
        thresholdMs,
        item: { kind: 'turnCap', clock: clockIndex, turn, label: spec.label, capMs: spec.capMs },
      });
    }
  }

  if (budgetMs > cursorMs) marks.push({ thresholdMs: budgetMs, item: { kind: 'zero', clock: clockIndex } });

  if (continues && stage.kind !== 'prep' && stage.overtimeBells !== undefined) {
    const { graceMs, everyMs } = stage.overtimeBells;
    const firstMs = budgetMs + graceMs;
    const n = cursorMs < firstMs ? 0 : Math.floor((cursorMs - firstMs) / everyMs) + 1;
    marks.push({
      thresholdMs: firstMs + n * everyMs,
      item: { kind: 'overtimeBell', clock: clockIndex, n: n + 1 },
    });
  }
  return marks;
}
