import { currentStage, type CommandInput, type MatchState, type SideId } from '@bianshi/shared';
import { useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { format, messages } from '../../../i18n';
import { useTimerCommands, useTimerStore, type TimerStore } from '../../../lib/timer-sync';

const t = messages.consolePage;

/** Ten seconds, the step of the ± buttons and keys. */
export const ADJUST_STEP_MS = 10_000;

/** Commands that move between stages carry the version they were decided on (a stale double press conflicts instead of skipping twice). */
const VERSIONED: ReadonlySet<CommandInput['type']> = new Set(['next', 'prev', 'goto', 'resetStage', 'finish']);

/** What the console can do right now, derived from the match state. */
export interface ConsoleAbilities {
  hasClock: boolean;
  running: boolean;
  canSwitch: boolean;
  canPrev: boolean;
  canNext: boolean;
  finished: boolean;
}

/** Abilities of a state (all false before the first state arrives). */
export function abilitiesOf(state: MatchState | null): ConsoleAbilities {
  if (!state) return { hasClock: false, running: false, canSwitch: false, canPrev: false, canNext: false, finished: false };
  const stage = currentStage(state);
  const finished = state.status === 'finished';
  return {
    hasClock: stage.kind !== 'none',
    running: state.status === 'running',
    canSwitch: !finished && (stage.kind === 'dual' || (stage.kind === 'prep' && stage.sides.length === 2)),
    canPrev: !finished && state.stageIndex > 0,
    canNext: !finished && state.stageIndex < state.format.stages.length - 1,
    finished,
  };
}

/**
 * The console's commands. Each is sent with `useTimerCommands`; the answer's state is fed to
 * the store at once (so the next key press sees it), a failure shows a Chinese toast, and a
 * conflict refreshes the state (done by the library).
 */
export function useConsoleActions(timerId: string, store: TimerStore) {
  const { send, pending } = useTimerCommands(timerId);
  const state = useTimerStore(store, (s) => s.state);

  const run = useCallback(
    async (command: CommandInput): Promise<boolean> => {
      const current = store.getState();
      const expectedVersion = VERSIONED.has(command.type) && current.state ? current.state.version : undefined;
      const result = await send(command, expectedVersion === undefined ? {} : { expectedVersion });
      if (!result.ok) {
        toast.error(format(t.commandFailed, { message: result.error.message }));
        return false;
      }
      const matchId = store.getState().matchId;
      if (matchId) store.getState().acceptState(matchId, result.state);
      return true;
    },
    [send, store],
  );

  const actions = useMemo(
    () => ({
      toggle: () => {
        const live = store.getState().state;
        return run({ type: live?.status === 'running' ? 'pause' : 'start' });
      },
      prev: () => run({ type: 'prev' }),
      next: () => run({ type: 'next' }),
      goto: (stageIndex: number) => run({ type: 'goto', stageIndex }),
      switchSide: () => run({ type: 'switchSide' }),
      reset: () => run({ type: 'resetStage' }),
      adjust: (deltaMs: number) => run({ type: 'adjust', deltaMs }),
      bell: () => run({ type: 'ringBell', count: 1 }),
      timeoutStart: (side: SideId) => run({ type: 'timeoutStart', side }),
      timeoutEnd: () => run({ type: 'timeoutEnd' }),
      message: (text: string) => run({ type: 'overlay', action: 'message', text }),
      blackout: (on: boolean) => run({ type: 'overlay', action: 'blackout', on }),
      flash: () => run({ type: 'overlay', action: 'flash', colour: 'white' }),
      clearOverlay: () => run({ type: 'overlay', action: 'clear' }),
      finish: () => run({ type: 'finish' }),
    }),
    [run, store],
  );

  return { actions, pending, abilities: abilitiesOf(state) };
}

/** The console's actions object. */
export type ConsoleActions = ReturnType<typeof useConsoleActions>['actions'];
