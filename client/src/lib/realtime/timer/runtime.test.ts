import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerSyncRuntime, type HubClient } from './runtime';
import { RESYNC_INTERVAL_MS, SETTLE_RESYNCS_MS, SYNC_SAMPLES } from './server-clock';

/** A hub client whose only procedure is `clock.ping`, answering at once, counting calls. */
function pingingClient() {
  const calls = { count: 0 };
  const client = {
    clock: {
      ping: {
        query: () => {
          calls.count += 1;
          const now = Date.now();
          return Promise.resolve({ receivedAt: now, sentAt: now });
        },
      },
    },
  } as unknown as HubClient;
  return { client, calls };
}

describe('timer sync runtime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('syncs the clock at start, a few times while the screen settles, then every minute', async () => {
    const { client, calls } = pingingClient();
    const runtime = new TimerSyncRuntime(client, null);
    const release = runtime.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(SYNC_SAMPLES.connect);
    let expected = SYNC_SAMPLES.connect;
    for (const at of SETTLE_RESYNCS_MS) {
      await vi.advanceTimersByTimeAsync(at - (SETTLE_RESYNCS_MS[SETTLE_RESYNCS_MS.indexOf(at) - 1] ?? 0));
      expected += SYNC_SAMPLES.refresh;
      expect(calls.count).toBe(expected);
    }
    await vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS - SETTLE_RESYNCS_MS.at(-1)!);
    expect(calls.count).toBe(expected + SYNC_SAMPLES.refresh);
    expect(runtime.clock.synced).toBe(true);
    // Released: no more pings, settling ones included.
    release();
    const before = calls.count;
    await vi.advanceTimersByTimeAsync(5 * RESYNC_INTERVAL_MS);
    expect(calls.count).toBe(before);
  });

  it('does not ping while the socket is down, and syncs when it opens again', async () => {
    const { client, calls } = pingingClient();
    let open = false;
    const listeners = new Set<(event: { type: 'open' } | { type: 'close' }) => void>();
    const socket = {
      isOpen: () => open,
      subscribe: (listener: (event: { type: 'open' } | { type: 'close' }) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dropConnection: () => undefined,
    };
    const runtime = new TimerSyncRuntime(
      client,
      socket as unknown as ConstructorParameters<typeof TimerSyncRuntime>[1],
    );
    const release = runtime.retain();
    await vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS * 2);
    expect(calls.count).toBe(0);
    open = true;
    for (const listener of listeners) listener({ type: 'open' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(SYNC_SAMPLES.connect);
    release();
  });
});
