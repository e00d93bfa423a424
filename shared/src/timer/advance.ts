/**
 * Processing what is due: moves a draft state forward to an instant, handling each bell, cap,
 * zero, relay hand-over, overtime bell and timeout end at the instant it was due, in order.
 * `apply` runs this before every command, so nothing is lost when `expire` comes late or never.
 */
import {
  currentRuntime,
  currentStage,
  stopClock,
  type ClockState,
  type MatchState,
  type StageRuntime,
} from './match-state';
import { nextDueGroup, overtimeContinues, type DueItem } from './due-items';
import type { MatchEvent } from './match-event';

/** Upper bound on items handled in one advance (hours of 15-s overtime bells fit easily). */
const MAX_ITEMS_PER_ADVANCE = 100_000;

/**
 * Mutates `draft`: processes every item due at or before `until`, appending events, and moves
 * `processedUntil` to `until`. Returns whether anything was due.
 */
export function advanceDraft(draft: MatchState, until: number, events: MatchEvent[]): boolean {
  let processed = false;
  for (let guard = 0; ; guard += 1) {
    if (guard > MAX_ITEMS_PER_ADVANCE) throw new Error('advance: too many due items');
    const group = nextDueGroup(draft);
    if (group === null || group.at > until) break;
    for (const item of group.items) processItem(draft, item, events);
    draft.processedUntil = group.at;
    processed = true;
  }
  draft.processedUntil = Math.max(draft.processedUntil, until);
  return processed;
}

/** Begins a new turn for the per-turn cap: the active clock's used time is the turn's origin. */
export function beginTurn(runtime: StageRuntime, clock: ClockState): void {
  runtime.turnCount += 1;
  runtime.turnStartUsedMs = clock.usedMs;
}

/**
 * Handles what an adjustment ran a clock through (`crossedItems`), each once, as running through
 * it would: bells ring, a cap signals or pauses, zero expires the clock. A stopped clock moved
 * to zero only records that it expired: it was not running, so nothing stops or hands over.
 */
export function runThrough(draft: MatchState, items: readonly DueItem[], events: MatchEvent[]): void {
  for (const item of items) {
    const clock = item.kind === 'zero' ? currentRuntime(draft).clocks[item.clock] : undefined;
    if (item.kind !== 'zero' || (clock !== undefined && clock.runningSince !== null)) {
      processItem(draft, item, events);
      continue;
    }
    if (clock === undefined) continue;
    const ref = { stageIndex: draft.stageIndex, clock: item.clock, side: clock.side, at: item.at };
    events.push({ type: 'clockExpired', ...ref });
    if (overtimeContinues(currentStage(draft))) events.push({ type: 'overtimeStarted', ...ref });
  }
}

function processItem(draft: MatchState, item: DueItem, events: MatchEvent[]): void {
  const stageIndex = draft.stageIndex;
  const stage = currentStage(draft);
  const runtime = currentRuntime(draft);
  switch (item.kind) {
    case 'timeoutEnd': {
      const timeout = draft.timeout;
      if (timeout === null) return;
      draft.timeout = null;
      events.push({
        type: 'timeoutEnded',
        side: timeout.side,
        usedMs: timeout.durationMs,
        early: false,
        at: item.at,
      });
      events.push({
        type: 'bell',
        which: 'timeout',
        count: 1,
        sound: 'bell',
        at: item.at,
        stageIndex,
        clock: null,
        side: timeout.side,
      });
      return;
    }
    case 'bell': {
      const clock = runtime.clocks[item.clock];
      const bell = stage.kind === 'none' ? undefined : stage.bells[item.bellIndex];
      if (clock === undefined || bell === undefined) return;
      events.push({
        type: 'bell',
        which: 'scheduled',
        count: bell.count,
        sound: bell.sound,
        at: item.at,
        stageIndex,
        clock: item.clock,
        side: clock.side,
        bellIndex: item.bellIndex,
      });
      return;
    }
    case 'overtimeBell': {
      const clock = runtime.clocks[item.clock];
      const spec = stage.kind === 'single' || stage.kind === 'dual' ? stage.overtimeBells : undefined;
      if (clock === undefined || spec === undefined) return;
      events.push({
        type: 'bell',
        which: 'overtime',
        count: spec.count,
        sound: spec.sound,
        at: item.at,
        stageIndex,
        clock: item.clock,
        side: clock.side,
        bellIndex: item.n,
      });
      return;
    }
    case 'turnCap': {
      const clock = runtime.clocks[item.clock];
      const cap = stage.kind === 'single' || stage.kind === 'dual' ? stage.turnCap : undefined;
      if (clock === undefined || cap === undefined) return;
      const ref = { stageIndex, clock: item.clock, side: clock.side, at: item.at };
      events.push({ type: 'turnCapReached', turn: item.turn, label: item.label, capMs: item.capMs, ...ref });
      if (cap.bell !== undefined)
        events.push({ type: 'bell', which: 'turnCap', count: cap.bell.count, sound: cap.bell.sound, ...ref });
      if (cap.onCap === 'pause' && clock.runningSince !== null) {
        stopClock(clock, item.at);
        events.push({ type: 'clockPaused', reason: 'turnCap', usedMs: clock.usedMs, ...ref });
      }
      return;
    }
    case 'zero':
      reachZero(draft, item.clock, item.at, events);
      return;
    default: {
      const exhaustive: never = item;
      throw new Error(`unknown due item ${JSON.stringify(exhaustive)}`);
    }
  }
}

/**
 * A clock reaches zero at `at`: it keeps running into overtime, or stops; in a relay stage the
 * other side's clock then runs alone from the same instant if it has time left.
 */
export function reachZero(draft: MatchState, clockIndex: number, at: number, events: MatchEvent[]): void {
  const stage = currentStage(draft);
  const runtime = currentRuntime(draft);
  const clock = runtime.clocks[clockIndex];
  if (clock === undefined) return;
  const ref = { stageIndex: draft.stageIndex, clock: clockIndex, side: clock.side, at };
  events.push({ type: 'clockExpired', ...ref });
  if (overtimeContinues(stage)) {
    events.push({ type: 'overtimeStarted', ...ref });
    return;
  }
  if (clock.runningSince !== null) stopClock(clock, at);
  events.push({ type: 'clockPaused', reason: 'expired', usedMs: clock.usedMs, ...ref });
  if (stage.kind !== 'dual' || stage.endBehaviour !== 'relay') return;
  const otherIndex = clockIndex === 0 ? 1 : 0;
  const other = runtime.clocks[otherIndex];
  if (other === undefined || other.usedMs >= other.budgetMs) return;
  other.runningSince = at;
  runtime.activeClock = otherIndex;
  beginTurn(runtime, other);
  events.push({ type: 'relayHandOver', toClock: otherIndex, toSide: other.side, ...ref });
  events.push({
    type: 'clockStarted',
    stageIndex: draft.stageIndex,
    clock: otherIndex,
    side: other.side,
    at,
  });
}
