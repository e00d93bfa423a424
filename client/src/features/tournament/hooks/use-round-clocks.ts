/**
 * The clocks of one published round from ONE `lobby.watch` subscription on the round's lobby
 * (the hub relays every fixture's timer frames through it), however many tiles draw them; and
 * what each clock says besides the time (`useClockFacts`). One module, so the screens that follow
 * a round's clocks (the live wall, the tab room's overview, the tournament page) share one chunk
 * of them instead of one chunk per set of screens that use each hook.
 */
import type { MatchState, RoundLobby } from '@bianshi/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useStore } from 'zustand';
import { readDisplaySettings } from '../../../lib/display-settings';
import { deviceKindOf, storedScreenName, useLobbyWatch, type LobbyStore } from '../../../lib/realtime/lobby';
import type { TimerStore } from '../../../lib/realtime/timer';

/** Joins the round's lobby as audience while `enabled`; returns the lobby store. */
export function useRoundClocks(lobby: RoundLobby | null, enabled: boolean): LobbyStore {
  const location = useLocation();
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const [name] = useState(() => storedScreenName(userAgent));
  return useLobbyWatch({
    lobbyId: lobby?.id ?? '',
    // Audience screens do not count toward a timer's projector screens.
    role: 'audience',
    name,
    device: deviceKindOf(userAgent),
    route: location.pathname,
    token: lobby?.joinToken ?? undefined,
    enabled: enabled && lobby !== null,
  });
}

/** The timer store of one fixture's timer in a round's lobby store, once its first frame arrived. */
export function useFixtureClock(store: LobbyStore, timerId: string | null): TimerStore | null {
  return useStore(store, (s) => (timerId ? (s.matches[timerId] ?? null) : null));
}

/** One clock's facts; absent until its first frame arrived. */
export interface ClockFacts {
  clock: Pick<MatchState, 'status' | 'stageIndex'> | null;
  topic: string | null;
}

const same = (x: Record<string, ClockFacts>, y: Record<string, ClockFacts>) =>
  Object.keys(x).length === Object.keys(y).length &&
  Object.entries(x).every(([id, facts]) => {
    const other = y[id];
    return (
      other !== undefined &&
      other.topic === facts.topic &&
      other.clock?.status === facts.clock?.status &&
      other.clock?.stageIndex === facts.clock?.stageIndex
    );
  });

/**
 * The facts of `timerIds`' clocks in `store`, re-read whenever any of them changes: what each
 * fixture's clock says besides the time, from the round's ONE lobby watch: the
 * match's status and stage (so 未开始 / 进行中 follow the console without a reload) and the topic
 * on the timer's display (released topics are pushed there, on every hub).
 */
export function useClockFacts(store: LobbyStore, timerIds: readonly string[]): Record<string, ClockFacts> {
  const [facts, setFacts] = useState<Record<string, ClockFacts>>({});
  const key = timerIds.join('\n');
  useEffect(() => {
    const ids = key ? key.split('\n') : [];
    const read = () => {
      const next: Record<string, ClockFacts> = {};
      for (const id of ids) {
        const timer = store.getState().matches[id]?.getState();
        if (!timer) continue;
        next[id] = {
          clock: timer.state ? { status: timer.state.status, stageIndex: timer.state.stageIndex } : null,
          topic: timer.timer ? readDisplaySettings(timer.timer.settings).topic : null,
        };
      }
      setFacts((previous) => (same(previous, next) ? previous : next));
    };
    let stops: Array<() => void> = [];
    let watched: unknown = null;
    const follow = () => {
      const matches = store.getState().matches;
      if (matches !== watched) {
        watched = matches;
        stops.forEach((stop) => stop());
        stops = ids.flatMap((id) => (matches[id] ? [matches[id].subscribe(read)] : []));
      }
      read();
    };
    const stopLobby = store.subscribe(follow);
    follow();
    return () => {
      stopLobby();
      stops.forEach((stop) => stop());
    };
  }, [store, key]);
  return facts;
}
