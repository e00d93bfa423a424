import { isDeepStrictEqual } from 'node:util';
import { nextDeadline, replayedState, undoStep, type MatchState, type Replay } from '@bianshi/shared';
import type { LockedDecision } from './timer.repository';
import { M } from './messages';
import type { CommandOutcome } from './match-room';

/**
 * What an undo (撤销) decides under the match row's lock, from the log replayed before the lock
 * (`replay`): the state before the last organizer command (shared `undo.ts`), written and logged
 * as `{type: 'undo'}`; a conflict when something was committed after the log was read; refused
 * when the log does not replay to the committed state (a log from an older reducer), since
 * nothing is undone on a guess.
 */
export function undoDecision(
  replay: Replay,
  row: { state: MatchState; version: number },
  at: number,
  actor: string,
): LockedDecision<CommandOutcome> {
  const replayed = replayedState(replay);
  if (row.version !== replayed.version)
    return { write: null, value: { ok: false, code: 'conflict', message: M.conflict, version: row.version } };
  if (!sameState(replayed, row.state)) {
    return {
      write: null,
      value: {
        ok: false,
        code: 'rejected',
        reason: 'undo-unavailable',
        message: M.undoUnavailable,
        version: row.version,
      },
    };
  }
  const planned = undoStep(replay, at);
  if (!planned.ok)
    return {
      write: null,
      value: {
        ok: false,
        code: 'rejected',
        reason: planned.error.code,
        message: planned.error.message,
        version: row.version,
      },
    };
  const { state, events } = planned;
  return {
    write: {
      next: state,
      entries: [{ version: state.version, command: { type: 'undo' }, events, at, actor }],
      nextDeadline: nextDeadline(state),
    },
    value: { ok: true, version: state.version, state, events },
  };
}

/** True when two match states are the same value (as stored: JSON, whatever the key order). */
function sameState(a: MatchState, b: MatchState): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}
