/**
 * The reducer: `apply(state, command, now)` → a new state and the events that happened, or a
 * typed error with a zh-CN message and the state untouched. Pure and deterministic: the same
 * state, command and instant always give the same result. Hub and offline client share it.
 */
import { stagePoolId } from '../formats/stage-clocks';
import { advanceDraft, beginTurn, reachZero, runThrough } from './advance';
import type { Command, CommandOf, CommandType } from './command.schema';
import { crossedItems, isExhausted, overtimeContinues } from './due-items';
import type { MatchEvent, PauseReason } from './match-event';
import {
  cloneState,
  createMatch,
  currentRuntime,
  currentStage,
  deriveStatus,
  freshStageRuntime,
  matchHasBegun,
  refreshPooledBudgets,
  runningClockIndex,
  settleClock,
  stopClock,
  usedAt,
  type ClockState,
  type MatchState,
} from './match-state';
import { TIMER_ERROR_MESSAGES, type CommandErrorCode } from './messages';

/** A refused command: a stable code for programs and a zh-CN message for people. */
export interface CommandError {
  code: CommandErrorCode;
  message: string;
}

/** The outcome of `apply`. */
export type ApplyResult =
  { ok: true; state: MatchState; events: MatchEvent[] } | { ok: false; error: CommandError };

/** Builds a `CommandError` from its code. */
export function commandError(code: CommandErrorCode): CommandError {
  return { code, message: TIMER_ERROR_MESSAGES[code] };
}

/** Commands still accepted after `finish`. */
const ALLOWED_WHEN_FINISHED: ReadonlySet<CommandType> = new Set(['overlay', 'ringBell', 'expire']);

/**
 * Applies one command at server instant `now` (clamped to never go back before
 * `processedUntil`). Everything due up to `now` is processed first, so its events precede the
 * command's own. On success the version is bumped by exactly one.
 */
export function apply(state: MatchState, command: Command, now: number): ApplyResult {
  if (state.finishedAt !== null && !ALLOWED_WHEN_FINISHED.has(command.type))
    return { ok: false, error: commandError('finished') };
  const at = Math.max(now, state.processedUntil);
  const draft = cloneState(state);
  const events: MatchEvent[] = [];
  const processedDue = advanceDraft(draft, at, events);
  const ctx: Ctx = { draft, at, events, processedDue };
  const handler = HANDLERS[command.type] as Handler<CommandType>;
  const code = handler(ctx, command);
  if (code !== null) return { ok: false, error: commandError(code) };
  refreshPooledBudgets(draft);
  draft.status = deriveStatus(draft);
  draft.version = state.version + 1;
  return { ok: true, state: draft, events };
}

/** What a handler works on: the draft (already advanced to `at`) and the event list. */
interface Ctx {
  draft: MatchState;
  at: number;
  events: MatchEvent[];
  /** Whether advancing to `at` processed anything (what `expire` reports). */
  processedDue: boolean;
}

type Handler<T extends CommandType> = (ctx: Ctx, command: CommandOf<T>) => CommandErrorCode | null;

/** One handler per command type; the mapped type makes the compiler check completeness. */
const HANDLERS: { [T in CommandType]: Handler<T> } = {
  start: (ctx) => start(ctx),
  pause: (ctx) => pause(ctx, 'command'),
  toggle: (ctx) => (runningClockIndex(ctx.draft) === null ? start(ctx) : pause(ctx, 'command')),
  switchSide,
  next: (ctx) => changeStage(ctx, ctx.draft.stageIndex + 1, 'no-next-stage'),
  prev: (ctx) => changeStage(ctx, ctx.draft.stageIndex - 1, 'no-prev-stage'),
  goto: (ctx, command) =>
    command.stageIndex === ctx.draft.stageIndex
      ? 'same-stage'
      : changeStage(ctx, command.stageIndex, 'stage-out-of-range'),
  resetStage,
  adjust,
  setBudget,
  ringBell: (ctx, command) => {
    ctx.events.push({
      type: 'bell',
      which: 'manual',
      count: command.count,
      sound: command.sound,
      at: ctx.at,
      stageIndex: ctx.draft.stageIndex,
      clock: null,
      side: null,
    });
    return null;
  },
  timeoutStart,
  timeoutEnd: (ctx) => {
    const timeout = ctx.draft.timeout;
    if (timeout === null) return 'no-timeout';
    ctx.draft.timeout = null;
    ctx.events.push({
      type: 'timeoutEnded',
      side: timeout.side,
      usedMs: ctx.at - timeout.startedAt,
      early: true,
      at: ctx.at,
    });
    return null;
  },
  overlay,
  finish: (ctx) => {
    stopRunning(ctx, 'finish');
    const timeout = ctx.draft.timeout;
    if (timeout !== null)
      ctx.events.push({
        type: 'timeoutEnded',
        side: timeout.side,
        usedMs: ctx.at - timeout.startedAt,
        early: true,
        at: ctx.at,
      });
    ctx.draft.timeout = null;
    ctx.draft.finishedAt = ctx.at;
    ctx.events.push({ type: 'matchFinished', at: ctx.at });
    return null;
  },
  setFormat,
  // Undo needs the command log, which the reducer never sees: the hub plans it (undo.ts).
  undo: () => 'undo-needs-log',
  expire: (ctx) => (ctx.processedDue ? null : 'nothing-due'),
};

/**
 * A new format for a match that has not begun: fresh clocks and pools from it, the same stage
 * (or the last one, when the new format is shorter), overlays kept. Refused once any clock has
 * run or a timeout was taken, so no time a speaker used is ever rewritten.
 */
function setFormat(ctx: Ctx, command: CommandOf<'setFormat'>): CommandErrorCode | null {
  const { draft } = ctx;
  if (matchHasBegun(draft)) return 'match-begun';
  const fresh = createMatch(command.format, { now: draft.createdAt });
  draft.format = fresh.format;
  draft.stages = fresh.stages;
  draft.pools = fresh.pools;
  draft.stageIndex = Math.min(draft.stageIndex, fresh.stages.length - 1);
  return null;
}

function start(ctx: Ctx): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  const stage = currentStage(draft);
  const runtime = currentRuntime(draft);
  const clock = runtime.clocks[runtime.activeClock];
  if (clock === undefined) return 'no-clock';
  if (draft.timeout !== null) return 'timeout-active';
  if (runningClockIndex(draft) !== null) return 'already-running';
  if (isExhausted(stage, clock, at)) return 'clock-exhausted';
  clock.runningSince = at;
  beginTurn(runtime, clock);
  events.push({
    type: 'clockStarted',
    stageIndex: draft.stageIndex,
    clock: runtime.activeClock,
    side: clock.side,
    at,
  });
  return null;
}

function pause(ctx: Ctx, reason: PauseReason): CommandErrorCode | null {
  return stopRunning(ctx, reason) ? null : 'not-running';
}

/** Stops whichever clock runs, with a `clockPaused` event; false when none ran. */
function stopRunning(ctx: Ctx, reason: PauseReason): boolean {
  const index = runningClockIndex(ctx.draft);
  const clock = index === null ? undefined : currentRuntime(ctx.draft).clocks[index];
  if (index === null || clock === undefined) return false;
  stopClock(clock, ctx.at);
  ctx.events.push({
    type: 'clockPaused',
    reason,
    usedMs: clock.usedMs,
    stageIndex: ctx.draft.stageIndex,
    clock: index,
    side: clock.side,
    at: ctx.at,
  });
  return true;
}

function switchSide(ctx: Ctx): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  const runtime = currentRuntime(draft);
  if (runtime.clocks.length < 2) return currentStage(draft).kind === 'none' ? 'no-clock' : 'not-dual';
  const from = runtime.activeClock;
  const to = from === 0 ? 1 : 0;
  const target = runtime.clocks[to];
  const source = runtime.clocks[from];
  if (target === undefined || source === undefined) return 'no-such-clock';
  const wasRunning = source.runningSince !== null;
  if (wasRunning && isExhausted(currentStage(draft), target, at)) return 'clock-exhausted';
  if (wasRunning) stopRunning(ctx, 'switchSide');
  runtime.activeClock = to;
  events.push({
    type: 'sideSwitched',
    toClock: to,
    toSide: target.side,
    stageIndex: draft.stageIndex,
    clock: from,
    side: source.side,
    at,
  });
  if (wasRunning) {
    target.runningSince = at;
    beginTurn(runtime, target);
    events.push({ type: 'clockStarted', stageIndex: draft.stageIndex, clock: to, side: target.side, at });
  }
  return null;
}

function changeStage(ctx: Ctx, to: number, outOfRange: CommandErrorCode): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  if (!Number.isInteger(to) || to < 0 || to >= draft.format.stages.length) return outOfRange;
  stopRunning(ctx, 'stageChange');
  const from = draft.stageIndex;
  draft.stageIndex = to;
  refreshPooledBudgets(draft);
  events.push({ type: 'stageChanged', from, to, at });
  return null;
}

function resetStage(ctx: Ctx): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  stopRunning(ctx, 'stageChange');
  draft.stages[draft.stageIndex] = freshStageRuntime(currentStage(draft));
  refreshPooledBudgets(draft);
  events.push({ type: 'stageReset', stageIndex: draft.stageIndex, at });
  return null;
}

/** Resolves `clock`/`side` (or neither: the active clock) to a clock of the current stage. */
function targetClock(
  draft: MatchState,
  target: { clock?: number | undefined; side?: 'aff' | 'neg' | undefined },
): { index: number; clock: ClockState } | CommandErrorCode {
  const runtime = currentRuntime(draft);
  if (runtime.clocks.length === 0) return 'no-clock';
  const index =
    target.clock ??
    (target.side === undefined
      ? runtime.activeClock
      : runtime.clocks.findIndex((clock) => clock.side === target.side));
  const clock = runtime.clocks[index];
  if (clock === undefined || (target.side !== undefined && clock.side !== target.side))
    return 'no-such-clock';
  return { index, clock };
}

/**
 * Gives (`deltaMs` > 0) or takes time. The result is clamped to what the clock can hold: never
 * below zero used, and never past its budget when it stops at zero, so −10 秒 with 4 s left
 * takes the 4 s. Moving forward runs the clock through what lies between, once, at this
 * instant (the 30 s bell of 0:38 → 0:28 rings); moving back rings nothing.
 */
function adjust(ctx: Ctx, command: CommandOf<'adjust'>): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  const found = targetClock(draft, command);
  if (typeof found === 'string') return found;
  const { index, clock } = found;
  const fromMs = usedAt(clock, at);
  const ceilingMs = overtimeContinues(currentStage(draft))
    ? Number.POSITIVE_INFINITY
    : Math.max(clock.budgetMs, fromMs);
  const usedMs = Math.min(ceilingMs, Math.max(0, fromMs - command.deltaMs));
  const crossed = crossedItems(draft, index, fromMs, usedMs, at);
  settleClock(clock, at);
  clock.usedMs = usedMs;
  events.push({
    type: 'clockAdjusted',
    deltaMs: fromMs - usedMs,
    usedMs,
    stageIndex: draft.stageIndex,
    clock: index,
    side: clock.side,
    at,
  });
  runThrough(draft, crossed, events);
  return null;
}

function setBudget(ctx: Ctx, command: CommandOf<'setBudget'>): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  if (command.poolId !== undefined) return setPoolTotal(ctx, command.poolId, command.side, command.budgetMs);
  const found = targetClock(draft, command);
  if (typeof found === 'string') return found;
  const { index, clock } = found;
  const stage = currentStage(draft);
  if (stagePoolId(stage) !== null) return 'pooled-clock';
  if (!overtimeContinues(stage) && command.budgetMs < usedAt(clock, at)) return 'budget-below-used';
  settleClock(clock, at);
  clock.budgetMs = command.budgetMs;
  events.push({
    type: 'budgetChanged',
    budgetMs: command.budgetMs,
    stageIndex: draft.stageIndex,
    clock: index,
    side: clock.side,
    at,
  });
  expireIfExhausted(ctx, index);
  return null;
}

function setPoolTotal(
  ctx: Ctx,
  poolId: string,
  side: 'aff' | 'neg' | undefined,
  totalMs: number,
): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  const pool = draft.pools[poolId];
  if (pool === undefined) return 'no-such-pool';
  const sides = side === undefined ? (['aff', 'neg'] as const) : [side];
  const live = (s: 'aff' | 'neg') => {
    const runningIndex = runningClockIndex(draft);
    const running = runningIndex === null ? undefined : currentRuntime(draft).clocks[runningIndex];
    return running !== undefined && running.side === s && stagePoolId(currentStage(draft)) === poolId
      ? usedAt(running, at) - running.usedMs
      : 0;
  };
  if (sides.some((s) => totalMs < pool[s].usedMs + live(s))) return 'budget-below-used';
  for (const s of sides) {
    pool[s].totalMs = totalMs;
    events.push({ type: 'poolChanged', poolId, side: s, totalMs, at });
  }
  const runningIndex = runningClockIndex(draft);
  if (runningIndex !== null) settleClock(currentRuntime(draft).clocks[runningIndex] as ClockState, at);
  refreshPooledBudgets(draft);
  if (runningIndex !== null) expireIfExhausted(ctx, runningIndex);
  return null;
}

/** After an adjustment: a running clock that stops at zero and has reached it expires now. */
function expireIfExhausted(ctx: Ctx, index: number): void {
  const clock = currentRuntime(ctx.draft).clocks[index];
  if (clock === undefined || clock.runningSince === null) return;
  if (isExhausted(currentStage(ctx.draft), clock, ctx.at)) reachZero(ctx.draft, index, ctx.at, ctx.events);
}

function timeoutStart(ctx: Ctx, command: CommandOf<'timeoutStart'>): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  const allowance = draft.format.timeouts?.[command.side];
  if (draft.timeout !== null) return 'timeout-active';
  if (allowance === undefined || draft.timeoutsUsed[command.side] >= allowance.count) return 'no-timeouts';
  stopRunning(ctx, 'timeout');
  draft.timeout = { side: command.side, startedAt: at, durationMs: allowance.durationMs };
  draft.timeoutsUsed[command.side] += 1;
  events.push({ type: 'timeoutStarted', side: command.side, durationMs: allowance.durationMs, at });
  return null;
}

function overlay(ctx: Ctx, command: CommandOf<'overlay'>): CommandErrorCode | null {
  const { draft, at, events } = ctx;
  switch (command.action) {
    case 'message':
      draft.overlay = { ...draft.overlay, message: command.text };
      break;
    case 'blackout':
      draft.overlay = { ...draft.overlay, blackout: command.on };
      break;
    case 'flash':
      draft.overlay = { ...draft.overlay, flash: { at, colour: command.colour } };
      break;
    case 'clear':
      draft.overlay = { blackout: false };
      break;
    case 'result': {
      const { result: _hidden, ...rest } = draft.overlay;
      draft.overlay = command.result === null ? rest : { ...rest, result: command.result };
      break;
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`unknown overlay action ${JSON.stringify(exhaustive)}`);
    }
  }
  events.push({ type: 'overlayChanged', overlay: draft.overlay, at });
  return null;
}
