import type { MatchState } from '@bianshi/shared';
import { describe, expect, it, vi } from 'vitest';
import { FallbackConsole, REBROADCAST_MS } from './fallback-console';
import type { HubClient } from './runtime';
import { ServerClock } from './server-clock';
import { freshMatch, run } from './test-fixtures';
import { createTimerStore } from './timer.store';

const T0 = 1_000_000;

class HubRefusal extends Error {
  constructor(
    message: string,
    readonly data: { code: string },
  ) {
    super(message);
  }
}

type ReplayInput = { baseVersion: number; commands: { command: { type: string }; at: number }[]; force: boolean };

/** A hub whose replay answers are scripted, recording each call. */
function fakeHub(answers: ((input: ReplayInput) => MatchState)[], hubState: MatchState) {
  const calls: ReplayInput[] = [];
  const client = {
    timer: {
      replay: { mutate: async (input: ReplayInput) => ({ version: 0, state: answers[calls.push(input) - 1]!(input) }) },
      get: { query: async () => ({ matchId: 'm1', state: hubState }) },
    },
  } as unknown as HubClient;
  return { client, calls };
}

function setup(answers: ((input: ReplayInput) => MatchState)[], hubState = freshMatch(T0), sent: [string, unknown][] = []) {
  let now = T0 + 1_000;
  const store = createTimerStore(new ServerClock(() => now));
  store.getState().acceptState('m1', freshMatch(T0));
  store.getState().setConnection({ status: 'online', protocolMismatch: false });
  const hub = fakeHub(answers, hubState);
  const authority = new FallbackConsole('t1', store, hub.client);
  const stop = authority.start();
  // A channel stub recording what is broadcast.
  authority.setChannels({ join: () => ({ send: (event: string, payload: unknown) => sent.push([event, payload]), release: () => undefined }) } as never);
  const tick = (ms: number) => (now += ms);
  return { store, authority, hub, stop, tick };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FallbackConsole', () => {
  it('takes control offline, shows the local state as provisional, and replays it when the hub returns', async () => {
    const { store, authority, hub, stop, tick } = setup([(input) => run(freshMatch(T0), input.commands.map(({ command, at }) => [command as never, at]))]);
    expect(authority.route()).toBeNull();
    store.getState().setConnection({ status: 'offline', protocolMismatch: false });
    expect(authority.route()).toBe(true);

    const started = authority.run({ type: 'start' });
    tick(2_000);
    const paused = authority.run({ type: 'pause' });
    expect(started.ok && paused.ok).toBe(true);
    expect(store.getState().state?.status).toBe('paused');
    expect(store.getState().provisionalBase).toBe(0);
    expect(authority.state.getState().log?.commands).toHaveLength(2);

    store.getState().setConnection({ status: 'online', protocolMismatch: false });
    await flush();
    expect(hub.calls).toEqual([{ timerId: 't1', matchId: 'm1', baseVersion: 0, force: false, commands: [{ command: { type: 'start' }, at: T0 + 1_000 }, { command: { type: 'pause' }, at: T0 + 3_000 }] }]);
    expect(authority.state.getState()).toMatchObject({ phase: 'idle', log: null, outcome: { kind: 'synced' } });
    expect(store.getState().provisionalBase).toBeNull();
    expect(store.getState().state?.stages[0]!.clocks[0]!.usedMs).toBe(2_000);
    stop();
  });

  it('on CONFLICT waits for the organizer, then replays with force or takes the server state', async () => {
    const moved = run(freshMatch(T0), [[{ type: 'next' }, T0 + 500]]);
    const conflict = () => {
      throw new HubRefusal('服务器状态已变化，请选择', { code: 'CONFLICT' });
    };
    const { store, authority, hub, stop } = setup([conflict, (input) => run(moved, input.commands.map(({ command, at }) => [command as never, at])), conflict], moved);
    store.getState().setConnection({ status: 'offline', protocolMismatch: false });
    authority.run({ type: 'start' });
    store.getState().setConnection({ status: 'online', protocolMismatch: false });
    await flush();
    expect(authority.state.getState()).toMatchObject({ phase: 'conflict', conflict: '服务器状态已变化，请选择' });
    expect(authority.route()).toBe('请先选择保留哪一方的状态');
    expect(authority.run({ type: 'pause' }).ok).toBe(false);

    authority.choose('local');
    await flush();
    expect(hub.calls[1]?.force).toBe(true);
    expect(authority.state.getState()).toMatchObject({ phase: 'idle', outcome: { kind: 'forced' } });
    expect(store.getState().state?.stageIndex).toBe(1);
    expect(store.getState().state?.status).toBe('running');

    // A second offline spell, and this time the organizer keeps the server's state.
    store.getState().setConnection({ status: 'offline', protocolMismatch: false });
    authority.run({ type: 'resetStage' });
    store.getState().setConnection({ status: 'online', protocolMismatch: false });
    await flush();
    authority.choose('server');
    await flush();
    expect(authority.state.getState()).toMatchObject({ phase: 'idle', log: null, outcome: { kind: 'kept-server' } });
    expect(store.getState().state).toEqual(moved);
    stop();
  });

  it('broadcasts every offline step as fallback-state, and the newest state again now and then', () => {
    vi.useFakeTimers();
    try {
      const sent: [string, unknown][] = [];
      const { store, authority, stop } = setup([], freshMatch(T0), sent);
      store.getState().setConnection({ status: 'offline', protocolMismatch: false });
      expect(sent).toEqual([]);
      authority.run({ type: 'start' });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toEqual(['fallback-state', expect.objectContaining({ baseVersion: 0, version: 1, commands: [{ command: { type: 'start' }, at: T0 + 1_000 }] })]);
      vi.advanceTimersByTime(REBROADCAST_MS);
      expect(sent).toHaveLength(2);
      expect((sent[1]![1] as { version: number }).version).toBe(1);
      stop();
      vi.advanceTimersByTime(REBROADCAST_MS * 3);
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
