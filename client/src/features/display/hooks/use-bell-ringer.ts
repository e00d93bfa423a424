import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useBellCues, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import type { DisplaySettings } from '../../../lib/display-settings';
import { BellPlayer } from '../audio/bell-player';

/** Counters the browser tests read: bells rung on this screen and bells it flashed. */
export interface BellCounters {
  rings: number;
  flashes: number;
}

declare global {
  interface Window {
    /** Test hook: how many bells this page rang (audio) and flashed. */
    __bianshiBells?: BellCounters;
  }
}

function counters(): BellCounters {
  window.__bianshiBells ??= { rings: 0, flashes: 0 };
  return window.__bianshiBells;
}

/**
 * Rings every bell cue of `store` through Web Audio when `enabled` (本机响铃), counting each in
 * `window.__bianshiBells`. Returns whether audio is locked (show 点击启用声音), how many bells
 * rang, and `unlock` for the tap.
 */
export function useBellRinger(store: TimerStore, settings: DisplaySettings, enabled: boolean) {
  const player = useMemo(() => new BellPlayer(), []);
  const [rings, setRings] = useState(0);
  useEffect(() => () => player.close(), [player]);
  useEffect(
    () => player.configure(settings.sounds, settings.volume),
    [player, settings.sounds, settings.volume],
  );
  // Sounds load once the first state is in (the clock is on screen), not while it is awaited.
  const shown = useTimerStore(store, (state) => state.state !== null);
  useEffect(() => {
    if (enabled && shown) player.prepare();
  }, [player, enabled, shown]);
  const locked = useSyncExternalStore(
    (listener) => player.subscribe(listener),
    () => player.locked,
  );

  useBellCues(store, (cue) => {
    counters().flashes += 1;
    if (!enabled) return;
    void player.ring(cue.count, cue.sound).then((played) => {
      if (!played) return;
      counters().rings += 1;
      setRings((n) => n + 1);
    });
  });

  return { locked: enabled && BellPlayer.supported && locked, rings, unlock: () => player.unlock() };
}
