/**
 * Cross-hub latency (issue 8): two hub processes on one Postgres and one Redis. Viewers watch
 * the same timer on hub A and on hub B; commands go to hub A. Command-to-delivery latency is
 * measured for both groups in the same run, and the target is on the extra p99 of hub B.
 */
import { createScratchPostgres } from '../../tests/support/postgres';
import { watch, type Watcher } from '../../tests/support/watch';
import { createTimer, hubEntry, sendCommand } from '../support/hub';
import { progress } from '../support/log';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { distribution, type Distribution } from '../support/stats';

export interface CrossHubOptions {
  /** Viewers on each hub. */
  viewersPerHub: number;
  commands: number;
  intervalMs: number;
}

export interface CrossHubFigures {
  viewersPerHub: number;
  commands: number;
  sameHubMs: Distribution;
  otherHubMs: Distribution;
  /** otherHub p99 − sameHub p99. */
  extraP99Ms: number;
}

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function startHubOn(name: string, databaseUrl: string): Promise<ServerProcess> {
  return startServerProcess({
    name,
    entry: hubEntry,
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      MAX_SUBSCRIPTIONS_PER_ADDRESS: '0',
    },
  });
}

/** Runs the scenario and stops everything it started. */
export async function runCrossHub(options: CrossHubOptions): Promise<CrossHubFigures> {
  const scratch = await createScratchPostgres();
  const hubs: ServerProcess[] = [];
  const viewers: { hub: 'same' | 'other'; watcher: Watcher }[] = [];
  try {
    hubs.push(await startHubOn('hub-a', scratch.url));
    hubs.push(await startHubOn('hub-b', scratch.url));
    const [a, b] = hubs as [ServerProcess, ServerProcess];
    const timer = await createTimer(a.url);
    const ws = (hub: ServerProcess) => `${hub.url.replace('http', 'ws')}/api/trpc`;
    progress(`cross-hub: ${options.viewersPerHub} viewers on each of two hubs`);
    for (let i = 0; i < options.viewersPerHub; i++) {
      viewers.push({ hub: 'same', watcher: watch(ws(a), { timerId: timer.id, role: 'audience' }) });
      viewers.push({ hub: 'other', watcher: watch(ws(b), { timerId: timer.id, role: 'audience' }) });
    }
    await Promise.all(viewers.map(({ watcher }) => watcher.until((w) => w.tracked.length >= 1, 60_000)));

    // Arrival instants per viewer and version, recorded as messages come.
    const arrivals = new Map<Watcher, Map<number, number>>();
    for (const { watcher } of viewers) {
      const seen = new Map<number, number>();
      arrivals.set(watcher, seen);
      let counted = watcher.tracked.length;
      void (async () => {
        while (!watcher.errors.length) {
          await watcher.until((w) => w.tracked.length > counted, 600_000).catch(() => undefined);
          const now = performance.now();
          for (; counted < watcher.tracked.length; counted++) {
            const message = watcher.tracked[counted]!.message;
            if (message.type === 'change') seen.set(message.version, now);
          }
          if (counted >= options.commands + 1) return;
        }
      })();
    }

    const sentAt = new Map<number, number>();
    for (let i = 0; i < options.commands; i++) {
      const before = performance.now();
      const result = await sendCommand(a.url, timer, { type: 'toggle' });
      sentAt.set(result.version, before);
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
    }
    await Promise.all(
      viewers.map(({ watcher }) =>
        watcher.until((w) => w.tracked.length >= options.commands + 1, 30_000).catch(() => undefined),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));

    const samples = { same: [] as number[], other: [] as number[] };
    for (const { hub, watcher } of viewers) {
      for (const [version, at] of arrivals.get(watcher) ?? []) {
        const sent = sentAt.get(version);
        if (sent !== undefined) samples[hub].push(at - sent);
      }
    }
    const sameHubMs = distribution(samples.same);
    const otherHubMs = distribution(samples.other);
    return {
      viewersPerHub: options.viewersPerHub,
      commands: options.commands,
      sameHubMs,
      otherHubMs,
      extraP99Ms: Math.round((otherHubMs.p99 - sameHubMs.p99) * 10) / 10,
    };
  } finally {
    for (const { watcher } of viewers) watcher.close();
    for (const hub of hubs) await hub.stop();
    await scratch.drop();
  }
}
