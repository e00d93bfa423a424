/**
 * Undo (撤销): the state before the last organizer command, found by replaying the command log
 * through the reducer. The reducer keeps no history, so `apply` refuses `undo`; the hub's room
 * plans it here over the match's log, and records replay logs here too, so both agree.
 *
 * The rules:
 * - an undo takes back the last command not yet taken back; undoing again walks further back;
 * - it refuses when nothing is left (`nothing-to-undo`), or when the change it would take back is
 *   the scheduler's own (`expire`: a bell, a zero, a relay hand-over), which a person cannot undo
 *   (`undo-after-scheduler`);
 * - an undo is not itself taken back (there is no redo);
 * - the state comes back as it was before the command, moved on to the command's instant as if
 *   it had never been given, then to the undo's instant: a clock that was running keeps the time
 *   it ran meanwhile, and what fell due in between (bells, zero) happens with the undo.
 */
import type { Command, CommandType } from './command.schema';
import { advanceDraft } from './advance';
import type { MatchEvent } from './match-event';
import { cloneState, deriveStatus, refreshPooledBudgets, type MatchState } from './match-state';
import { apply, commandError, type ApplyResult } from './match.reducer';

/** One command of a log: what was given and the server instant it was applied at. */
export interface LogStep {
  command: Command;
  at: number;
}

/** One accepted step of a replay: its events and the state after it. */
export interface ReplayedStep {
  command: Command;
  at: number;
  events: MatchEvent[];
  state: MatchState;
}

/** A replayed log: every accepted step, what can still be undone, and the steps refused. */
export interface Replay {
  initial: MatchState;
  steps: ReplayedStep[];
  /** Indexes into `steps` of the commands an undo may still take back, oldest first. */
  undoable: number[];
  /** Entries the reducer refused (none in a hub's own log). */
  rejected: number;
}

/** The state now: after the last accepted step, or the initial one. */
export function replayedState(replay: Replay): MatchState {
  return replay.steps.at(-1)?.state ?? replay.initial;
}

/** Replays `log` from `initial`, applying undos by the rules above. */
export function replayLog(initial: MatchState, log: readonly LogStep[]): Replay {
  const replay: Replay = { initial, steps: [], undoable: [], rejected: 0 };
  for (const { command, at } of log) {
    const result = command.type === 'undo' ? undoStep(replay, at) : apply(replayedState(replay), command, at);
    if (!result.ok) {
      replay.rejected += 1;
      continue;
    }
    if (command.type === 'undo') replay.undoable.pop();
    else replay.undoable.push(replay.steps.length);
    replay.steps.push({ command, at, events: result.events, state: result.state });
  }
  return replay;
}

/** The outcome of an undo at `at` after `replay`: the restored state (next version) and its events. */
export function undoStep(replay: Replay, at: number): ApplyResult {
  const index = replay.undoable.at(-1);
  const target = index === undefined ? undefined : replay.steps[index];
  if (index === undefined || target === undefined)
    return { ok: false, error: commandError('nothing-to-undo') };
  if (target.command.type === 'expire') return { ok: false, error: commandError('undo-after-scheduler') };
  const current = replayedState(replay);
  const before = index === 0 ? replay.initial : replay.steps[index - 1]?.state;
  if (before === undefined) return { ok: false, error: commandError('nothing-to-undo') };
  const draft = cloneState(before);
  // What fell due before the command was already told with it: moved past silently.
  advanceDraft(draft, Math.max(target.at, draft.processedUntil), []);
  const when = Math.max(at, current.processedUntil, draft.processedUntil);
  const events: MatchEvent[] = [];
  advanceDraft(draft, when, events);
  events.push({ type: 'commandUndone', command: target.command.type satisfies CommandType, at: when });
  refreshPooledBudgets(draft);
  draft.status = deriveStatus(draft);
  draft.version = current.version + 1;
  return { ok: true, state: draft, events };
}
