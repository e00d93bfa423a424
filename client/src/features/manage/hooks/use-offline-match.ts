import {
  apply,
  createMatch,
  nextDeadline,
  type CommandInput,
  type Format,
  type MatchState,
  type TimerPublic,
} from '@bianshi/shared';
import { commandSchema } from '@bianshi/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { toast } from '../../../lib/toast';
import { local } from '../../../lib/browser/storage';
import { createLocalTimerStore, type TimerStore } from '../../../lib/realtime/timer';

/** How often the local "scheduler" looks for due bells and zeros. */
const LOCAL_TICK_MS = 100;

const storageKey = (timerId: string) => `bianshi:offline-match:${timerId}`;

function restore(timerId: string, format: Format, now: number): MatchState {
  const saved = local.get(storageKey(timerId));
  if (saved) {
    try {
      const state = JSON.parse(saved) as MatchState;
      if (state && typeof state.version === 'number' && state.format?.id === format.id) return state;
    } catch {
      // A damaged save starts over.
    }
  }
  return createMatch(format, { now });
}

/**
 * Single-device offline mode: the shared reducer runs in this browser, no hub involved. Commands
 * apply locally, a local tick issues `expire` at each deadline (bells, zeros, relays), and the
 * state is saved in this browser so a reload continues the match.
 */
export function useOfflineMatch(timer: TimerPublic, format: Format) {
  const store: TimerStore = useMemo(
    () =>
      createLocalTimerStore({
        matchId: `offline-${timer.id}`,
        state: restore(timer.id, format, Date.now()),
        timer,
      }),
    [timer, format],
  );

  const commit = useCallback(
    (command: CommandInput): boolean => {
      const current = store.getState();
      if (!current.state || !current.matchId) return false;
      const result = apply(current.state, commandSchema.parse(command), current.clock.now());
      if (!result.ok) {
        if (command.type !== 'expire') toast.error(result.error.message);
        return false;
      }
      current.acceptState(current.matchId, result.state);
      current.cueBells(result.events);
      local.set(storageKey(timer.id), JSON.stringify(result.state));
      return true;
    },
    [store, timer.id],
  );

  useEffect(() => {
    const tick = setInterval(() => {
      const { state, clock } = store.getState();
      const deadline = state ? nextDeadline(state) : null;
      if (deadline !== null && deadline <= clock.now()) commit({ type: 'expire' });
    }, LOCAL_TICK_MS);
    return () => clearInterval(tick);
  }, [store, commit]);

  const restart = useCallback(() => {
    const current = store.getState();
    const fresh = createMatch(format, { now: current.clock.now() });
    local.remove(storageKey(timer.id));
    // A fresh match has version 0: use a new match id so the store accepts it.
    store.setState({ matchId: `offline-${timer.id}-${fresh.createdAt}`, state: fresh });
  }, [store, format, timer.id]);

  return { store, commit, restart };
}
