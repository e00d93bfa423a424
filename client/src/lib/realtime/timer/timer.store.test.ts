import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';
import { createLocalTimerStore, createTimerStore } from './timer.store';
import { freshMatch, run } from './test-fixtures';

const T0 = 1_000_000;

describe('timer store', () => {
  it('predicts bells from the last state while offline, once each, and not while online', () => {
    let now = T0;
    const clock = new ServerClock(() => now);
    const store = createTimerStore(clock);
    const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
    store.getState().acceptState('m1', state);
    store.getState().setConnection({ status: 'online', protocolMismatch: false });
    store.getState().predictBells(T0 + 200_000);
    expect(store.getState().bells).toHaveLength(0);

    now = T0 + 170_000;
    store.getState().setConnection({ status: 'reconnecting', protocolMismatch: false });
    store.getState().predictBells(T0 + 179_000);
    expect(store.getState().bells).toHaveLength(0);
    store.getState().predictBells(T0 + 180_100); // the 30 s bell
    store.getState().predictBells(T0 + 180_200);
    expect(store.getState().bells.map((b) => [b.count, b.source])).toEqual([[1, 'local']]);
    store.getState().predictBells(T0 + 210_050); // the end bell
    expect(store.getState().bells.map((b) => b.count)).toEqual([1, 2]);
  });

  it('a local store is online and holds its state', () => {
    const store = createLocalTimerStore({ matchId: 'local', state: freshMatch(T0) });
    expect(store.getState().status).toBe('online');
    expect(store.getState().state?.version).toBe(0);
  });
});
