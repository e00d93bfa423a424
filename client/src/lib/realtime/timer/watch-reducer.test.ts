import type { MatchEvent, MatchStateDelta, TimerPublic, WatchMessage } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { addBells, applyWatchMessage, BELL_LATE_MS, emptyWatchData } from './watch-reducer';
import { freshMatch, run } from './test-fixtures';

const T0 = 1_000_000;
const timer: TimerPublic = { id: 't1', shortid: 'abc', name: '决赛', description: '', settings: {} };

function delta(state: ReturnType<typeof freshMatch>): MatchStateDelta {
  const { format: _format, ...rest } = state;
  return rest;
}

const snapshot = (version: number, matchId = 'm1'): WatchMessage => {
  const state = { ...freshMatch(T0), version };
  return { type: 'snapshot', matchId, version, state, timer, serverNow: T0 };
};

const bell = (at: number, bellIndex = 0): MatchEvent => ({
  type: 'bell',
  which: 'scheduled',
  count: 1,
  sound: 'bell',
  at,
  stageIndex: 0,
  clock: 0,
  side: 'aff',
  bellIndex,
});

describe('applyWatchMessage', () => {
  it('takes a snapshot, then merges a change into the snapshot format', () => {
    let data = applyWatchMessage(emptyWatchData(), snapshot(0), T0);
    expect(data.state?.version).toBe(0);
    expect(data.timer?.name).toBe('决赛');
    const started = run(data.state!, [[{ type: 'start' }, T0 + 10]]);
    data = applyWatchMessage(
      data,
      { type: 'change', matchId: 'm1', version: 1, state: delta(started), events: [], serverNow: T0 + 10 },
      T0 + 10,
    );
    expect(data.state?.version).toBe(1);
    expect(data.state?.status).toBe('running');
    expect(data.state?.format.id).toBe('sync-test');
  });

  it('drops stale and duplicate changes and older snapshots of the same match', () => {
    let data = applyWatchMessage(emptyWatchData(), snapshot(5), T0);
    const old = { ...delta(freshMatch(T0)), version: 4 };
    expect(
      applyWatchMessage(
        data,
        { type: 'change', matchId: 'm1', version: 4, state: old, events: [], serverNow: T0 },
        T0,
      ),
    ).toBe(data);
    expect(
      applyWatchMessage(
        data,
        {
          type: 'change',
          matchId: 'm1',
          version: 5,
          state: { ...old, version: 5 },
          events: [],
          serverNow: T0,
        },
        T0,
      ),
    ).toBe(data);
    expect(applyWatchMessage(data, snapshot(3), T0).state?.version).toBe(5);
    // A snapshot of another match (the timer moved on) replaces whatever version it has.
    data = applyWatchMessage(data, snapshot(0, 'm2'), T0);
    expect(data.matchId).toBe('m2');
    expect(data.state?.version).toBe(0);
  });

  it('asks for a refresh when a change cannot be merged', () => {
    const data = applyWatchMessage(emptyWatchData(), snapshot(0), T0);
    const foreign = applyWatchMessage(
      data,
      {
        type: 'change',
        matchId: 'other',
        version: 1,
        state: delta(freshMatch(T0)),
        events: [],
        serverNow: T0,
      },
      T0,
    );
    expect(foreign.needsRefresh).toBe(true);
    expect(
      applyWatchMessage(
        emptyWatchData(),
        {
          type: 'change',
          matchId: 'm1',
          version: 1,
          state: delta(freshMatch(T0)),
          events: [],
          serverNow: T0,
        },
        T0,
      ).needsRefresh,
    ).toBe(true);
  });

  it('keeps presence from ticks and timer facts from timer messages', () => {
    let data = applyWatchMessage(emptyWatchData(), snapshot(0), T0);
    data = applyWatchMessage(
      data,
      { type: 'tick', serverNow: T0 + 1000, presence: { controller: 1, judge: 0, display: 2, audience: 5 } },
      T0,
    );
    expect(data.presence?.audience).toBe(5);
    expect(data.lastServerNow).toBe(T0 + 1000);
    data = applyWatchMessage(data, { type: 'timer', timer: { ...timer, name: '半决赛' } }, T0);
    expect(data.timer?.name).toBe('半决赛');
  });

  it('cues each bell of a change once, and not again when predicted locally', () => {
    let data = applyWatchMessage(emptyWatchData(), snapshot(0), T0);
    const state = { ...delta(freshMatch(T0)), version: 1 };
    data = applyWatchMessage(
      data,
      { type: 'change', matchId: 'm1', version: 1, state, events: [bell(T0 + 100)], serverNow: T0 + 100 },
      T0 + 120,
    );
    expect(data.bells).toHaveLength(1);
    expect(data.bells[0]).toMatchObject({ seq: 1, count: 1, source: 'hub' });
    const again = addBells(data, 'm1', [bell(T0 + 100) as never], T0 + 150, 'local');
    expect(again).toBe(data);
  });

  it('does not sound bells learnt of long after they were due', () => {
    const data = addBells(emptyWatchData(), 'm1', [bell(T0) as never], T0 + BELL_LATE_MS + 1, 'hub');
    expect(data.bells).toHaveLength(0);
    expect(data.bellKeys).toHaveLength(1);
  });
});
