import type { MatchEvent, MatchStateDelta, WatchMessage } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import {
  applyFallbackMessage,
  FALLBACK_REALTIME_OPTIONS,
  parseFallbackMessage,
  yieldProvisional,
  type FallbackData,
  type FallbackMessage,
} from './fallback';
import { freshMatch, run } from './test-fixtures';
import { emptyWatchData } from './watch-reducer';

const T0 = 1_000_000;

function data(overrides: Partial<FallbackData> = {}): FallbackData {
  return { ...emptyWatchData(), provisionalBase: null, fallback: null, ...overrides };
}

const start = () => run(freshMatch(T0), [[{ type: 'start' }, T0]]);
const bell = (at: number): MatchEvent => ({
  type: 'bell',
  which: 'scheduled',
  count: 1,
  sound: 'bell',
  at,
  stageIndex: 0,
  clock: 0,
  side: 'aff',
  bellIndex: 0,
});

function change(state = start(), events: MatchEvent[] = [], matchId = 'm1'): FallbackMessage {
  return { type: 'change', matchId, version: state.version, state, events, serverNow: T0 };
}
function consoleState(baseVersion: number, state: ReturnType<typeof start>): FallbackMessage {
  return {
    type: 'console',
    matchId: 'm1',
    baseVersion,
    version: state.version,
    state,
    events: [],
    commands: [],
  };
}

describe('parseFallbackMessage', () => {
  const state = start();
  it.each([
    ['a hub change', 'change', { version: 1, state, events: [bell(T0)], serverNow: T0 }, 'change'],
    [
      'a console state',
      'fallback-state',
      { baseVersion: 0, version: 1, state, commands: [{ command: { type: 'start' }, at: T0 }] },
      'console',
    ],
    ['an unknown event', 'presence', { version: 1, state }, null],
    ['a payload without state', 'change', { version: 1 }, null],
    ['a state without format', 'change', { version: 1, state: { ...state, format: undefined } }, null],
    ['a version that is not the state’s', 'change', { version: 7, state }, null],
    [
      'a console state whose base is past its version',
      'fallback-state',
      { baseVersion: 3, version: 1, state, commands: [] },
      null,
    ],
    ['a console state without base', 'fallback-state', { version: 1, state, commands: [] }, null],
    ['not an object', 'change', 'hello', null],
  ])('%s', (_name, event, payload, type) => {
    expect(parseFallbackMessage('m1', event, payload)?.type ?? null).toBe(type);
  });
});

describe('applyFallbackMessage', () => {
  it('takes a newer hub state with its format and cues its bells once', () => {
    const next = applyFallbackMessage(data(), change(start(), [bell(T0)]), T0 + 100);
    expect(next.state?.version).toBe(1);
    expect(next.matchId).toBe('m1');
    expect(next.fallback).toEqual({ phase: 'following', source: 'hub' });
    expect(next.bells.map((cue) => cue.count)).toEqual([1]);
    const again = applyFallbackMessage(next, change(start(), [bell(T0)]), T0 + 200);
    expect(again).toBe(next); // same version: stale, dropped
  });

  it('drops stale versions and other matches', () => {
    const known = data({ matchId: 'm1', state: run(start(), [[{ type: 'pause' }, T0 + 1_000]]) });
    expect(applyFallbackMessage(known, change(), T0)).toBe(known);
    expect(
      applyFallbackMessage(
        known,
        change(
          run(start(), [
            [{ type: 'pause' }, T0 + 1],
            [{ type: 'start' }, T0 + 2],
          ]),
          [],
          'm2',
        ),
        T0,
      ),
    ).toBe(known);
  });

  it('shows a console state as provisional over its base version', () => {
    const hub = data({ matchId: 'm1', state: freshMatch(T0) });
    const next = applyFallbackMessage(hub, consoleState(0, start()), T0);
    expect(next.state?.status).toBe('running');
    expect(next.provisionalBase).toBe(0);
    expect(next.fallback?.source).toBe('console');
  });

  it('lets a hub change past the base replace a provisional state, even with a lower version', () => {
    const offline = run(start(), [
      [{ type: 'pause' }, T0 + 1_000],
      [{ type: 'start' }, T0 + 2_000],
    ]); // v3, base 0
    const shown = data({
      matchId: 'm1',
      state: offline,
      provisionalBase: 0,
      fallback: { phase: 'following', source: 'console' },
    });
    const hubMoved = run(freshMatch(T0), [[{ type: 'next' }, T0]]); // v1
    const next = applyFallbackMessage(shown, change(hubMoved), T0);
    expect(next.state?.stageIndex).toBe(1);
    expect(next.provisionalBase).toBeNull();
    expect(next.fallback?.source).toBe('hub');
  });
});

describe('yieldProvisional', () => {
  const offline = run(start(), [[{ type: 'pause' }, T0 + 1_000]]); // v2, base 0
  const shown = data({ matchId: 'm1', state: offline, provisionalBase: 0 });
  const hubChange = (version: number): WatchMessage => {
    const { format: _format, ...rest } = { ...freshMatch(T0), version };
    return {
      type: 'change',
      matchId: 'm1',
      version,
      state: rest as MatchStateDelta,
      events: [],
      serverNow: T0,
    };
  };

  it('keeps the provisional state while the hub has not moved past its base', () => {
    expect(yieldProvisional(shown, hubChange(0))).toBe(shown);
    expect(
      yieldProvisional(shown, {
        type: 'tick',
        serverNow: T0,
        presence: { total: 0, byRole: {} },
      } as unknown as WatchMessage),
    ).toBe(shown);
  });

  it('demotes it to its base once the hub moved on, so the hub state is taken', () => {
    const yielded = yieldProvisional(shown, hubChange(1));
    expect(yielded.state?.version).toBe(0);
    expect(yielded.provisionalBase).toBeNull();
  });

  it('leaves hub states alone', () => {
    const hub = data({ matchId: 'm1', state: offline });
    expect(yieldProvisional(hub, hubChange(5))).toBe(hub);
  });
});

describe('FALLBACK_REALTIME_OPTIONS', () => {
  it('uses the product numbers: heartbeat 25 s, timeout 10 s, reconnect 1/2/5/10 s then 10 s', () => {
    expect(FALLBACK_REALTIME_OPTIONS.heartbeatIntervalMs).toBe(25_000);
    expect(FALLBACK_REALTIME_OPTIONS.timeout).toBe(10_000);
    expect([1, 2, 3, 4, 5, 9].map(FALLBACK_REALTIME_OPTIONS.reconnectAfterMs)).toEqual([
      1_000, 2_000, 5_000, 10_000, 10_000, 10_000,
    ]);
  });
});
