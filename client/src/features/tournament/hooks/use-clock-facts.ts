/**
 * What each fixture's clock says besides the time, read from the round's ONE lobby watch: the
 * match's status and stage (so 未开始 / 进行中 follow the console without a reload) and the topic
 * on the timer's display (released topics are pushed there, on every hub).
 */
import type { MatchState } from '@bianshi/shared';
import { useEffect, useState } from 'react';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { readDisplaySettings } from '../../../lib/display-settings';

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

/** The facts of `timerIds`' clocks in `store`, re-read whenever any of them changes. */
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
