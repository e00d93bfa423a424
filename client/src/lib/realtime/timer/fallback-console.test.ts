import { CONSOLE_CERT_RENEW_MS, type MatchState } from '@bianshi/shared';
import { describe, expect, it, vi } from 'vitest';
import { CERT_CHECK_MS, FallbackConsole, REBROADCAST_MS } from './fallback-console';
import { FallbackVerifier } from './fallback-signature';
import type { HubClient } from './runtime';
import { ServerClock } from './server-clock';
import { freshMatch, run, testFallbackKey } from './test-fixtures';
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

type ReplayInput = {
  baseVersion: number;
  commands: { command: { type: string }; at: number }[];
  force: boolean;
};

const hubKey = await testFallbackKey();

/**
 * A hub whose replay answers are scripted, recording each call; it certifies console keys
 * with `hubKey` unless `refuseCertificates` says why not, recording each key certified or refused.
 */
function fakeHub(answers: ((input: ReplayInput) => MatchState)[], hubState: MatchState, clock: () => number) {
  const calls: ReplayInput[] = [];
  const certificates: string[] = [];
  const hub = { refuseCertificates: null as string | null };
  const client = {
    timer: {
      replay: {
        mutate: async (input: ReplayInput) => ({ version: 0, state: answers[calls.push(input) - 1]!(input) }),
      },
      get: { query: async () => ({ matchId: 'm1', state: hubState }) },
    },
    fallback: {
      certificate: {
        mutate: async (input: { timerId: string; publicKey: string }) => {
          if (hub.refuseCertificates) {
            certificates.push(input.publicKey);
            throw new HubRefusal('你在这个计时器上没有这项权限', { code: hub.refuseCertificates });
          }
          // Recorded once signed: a test that waits for it then finds the renewal finished
          // (WebCrypto signs off the main thread, slowly on a loaded machine).
          const certified = await hubKey.certify(input.timerId, input.publicKey, clock());
          certificates.push(input.publicKey);
          return certified;
        },
      },
    },
  } as unknown as HubClient;
  return Object.assign(hub, { client, calls, certificates });
}

function setup(
  answers: ((input: ReplayInput) => MatchState)[],
  hubState = freshMatch(T0),
  sent: [string, unknown][] = [],
) {
  let now = T0 + 1_000;
  const store = createTimerStore(new ServerClock(() => now));
  store
    .getState()
    .acceptState('m1', freshMatch(T0), { id: 't1', shortid: 's1', name: '', description: '', settings: {} });
  store.getState().setConnection({ status: 'online', protocolMismatch: false });
  const hub = fakeHub(answers, hubState, () => now);
  const authority = new FallbackConsole('t1', store, hub.client);
  const stop = authority.start();
  // A channel stub recording what is broadcast.
  authority.setChannels({
    join: () => ({
      send: (event: string, payload: unknown) => sent.push([event, payload]),
      release: () => undefined,
    }),
  } as never);
  const tick = (ms: number) => (now += ms);
  return { store, authority, hub, stop, tick, now: () => now };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits (real time, a few ms at a time) until `done` holds: signing runs on WebCrypto's own schedule. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('FallbackConsole', () => {
  it('takes control offline, shows the local state as provisional, and replays it when the hub returns', async () => {
    const { store, authority, hub, stop, tick } = setup([
      (input) =>
        run(
          freshMatch(T0),
          input.commands.map(({ command, at }) => [command as never, at]),
        ),
    ]);
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
    expect(hub.calls).toEqual([
      {
        timerId: 't1',
        matchId: 'm1',
        baseVersion: 0,
        force: false,
        commands: [
          { command: { type: 'start' }, at: T0 + 1_000 },
          { command: { type: 'pause' }, at: T0 + 3_000 },
        ],
      },
    ]);
    expect(authority.state.getState()).toMatchObject({
      phase: 'idle',
      log: null,
      outcome: { kind: 'synced' },
    });
    expect(store.getState().provisionalBase).toBeNull();
    expect(store.getState().state?.stages[0]!.clocks[0]!.usedMs).toBe(2_000);
    stop();
  });

  it('on CONFLICT waits for the organizer, then replays with force or takes the server state', async () => {
    const moved = run(freshMatch(T0), [[{ type: 'next' }, T0 + 500]]);
    const conflict = () => {
      throw new HubRefusal('服务器状态已变化，请选择', { code: 'CONFLICT' });
    };
    const { store, authority, hub, stop } = setup(
      [
        conflict,
        (input) =>
          run(
            moved,
            input.commands.map(({ command, at }) => [command as never, at]),
          ),
        conflict,
      ],
      moved,
    );
    store.getState().setConnection({ status: 'offline', protocolMismatch: false });
    authority.run({ type: 'start' });
    store.getState().setConnection({ status: 'online', protocolMismatch: false });
    await flush();
    expect(authority.state.getState()).toMatchObject({
      phase: 'conflict',
      conflict: '服务器状态已变化，请选择',
    });
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
    expect(authority.state.getState()).toMatchObject({
      phase: 'idle',
      log: null,
      outcome: { kind: 'kept-server' },
    });
    expect(store.getState().state).toEqual(moved);
    stop();
  });

  it('broadcasts every offline step as fallback-state, signed under the hub’s certificate, and the newest state again now and then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sent: [string, unknown][] = [];
      const { store, authority, stop, now } = setup([], freshMatch(T0), sent);
      await until(() => authority.signing.getState().status === 'ready');
      store.getState().setConnection({ status: 'offline', protocolMismatch: false });
      expect(sent).toEqual([]);
      authority.run({ type: 'start' });
      await until(() => sent.length === 1);
      // A screen following the channel believes it: the hub certified this console's key for t1.
      const verifier = new FallbackVerifier(hubKey.publicKey);
      const opened = await verifier.open(sent[0]![0], sent[0]![1], {
        matchId: 'm1',
        timerId: 't1',
        now: now(),
      });
      expect(opened).toMatchObject({
        type: 'console',
        baseVersion: 0,
        version: 1,
        commands: [{ command: { type: 'start' }, at: T0 + 1_000 }],
      });
      vi.advanceTimersByTime(REBROADCAST_MS);
      await until(() => sent.length === 2);
      expect(
        (await verifier.open(sent[1]![0], sent[1]![1], { matchId: 'm1', timerId: 't1', now: now() }))
          ?.version,
      ).toBe(1);
      stop();
      vi.advanceTimersByTime(REBROADCAST_MS * 3);
      await flush();
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews its certificate while the hub answers, and stops signing once the hub refuses (control revoked)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sent: [string, unknown][] = [];
      const { store, authority, hub, stop, tick } = setup([], freshMatch(T0), sent);
      await until(() => authority.signing.getState().status === 'ready');
      expect(hub.certificates).toHaveLength(1);
      // Not yet due: the check asks nothing.
      vi.advanceTimersByTime(CERT_CHECK_MS);
      await flush();
      expect(hub.certificates).toHaveLength(1);
      // Due: renewed, for the same key.
      tick(CONSOLE_CERT_RENEW_MS);
      vi.advanceTimersByTime(CERT_CHECK_MS);
      await until(() => hub.certificates.length === 2);
      expect(hub.certificates[1]).toBe(hub.certificates[0]);
      // Control is revoked: the next renewal is refused and the certificate held is dropped.
      hub.refuseCertificates = 'FORBIDDEN';
      tick(CONSOLE_CERT_RENEW_MS);
      vi.advanceTimersByTime(CERT_CHECK_MS);
      await until(() => authority.signing.getState().status === 'none');
      // Cut off now, it still runs the match locally, but sends nothing screens would drop.
      store.getState().setConnection({ status: 'offline', protocolMismatch: false });
      expect(authority.run({ type: 'start' }).ok).toBe(true);
      await flush();
      expect(sent).toEqual([]);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
