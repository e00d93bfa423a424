/**
 * Fan-out latency and memory per idle subscriber, on one hub process. The load generator
 * grows one room's `timer.watch` subscribers level by level; at each level the hub's RSS is
 * read (after a full GC) against the reading before any of them connected, then the load
 * generator sends commands and times every delivery.
 */
import type { LoadGenerator } from '../loadgen/client';
import type { FanoutResult, OpenResult } from '../loadgen/protocol';
import { hubTarget, type BenchTimer } from '../support/hub';
import { progress, sleep } from '../support/log';
import { cpuMs } from '../support/machine';
import { cpuPressure } from '../support/pressure';
import type { ServerProcess } from '../support/server-process';

export interface FanoutOptions {
  levels: number[];
  commands: number;
  intervalMs: number;
}

/** Memory a hub holds for idle subscribers. */
export interface MemoryFigures {
  subscribers: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  /** (RSS after − RSS before) / subscribers: the target's figure. */
  rssBytesPerSubscriber: number;
  /** The same for the V8 heap alone (after a full GC). */
  heapBytesPerSubscriber: number;
}

export interface FanoutLevel {
  subscribers: number;
  /** Opening the subscribers added for this level. */
  connect: OpenResult;
  memory: MemoryFigures;
  latency: FanoutResult;
  /** Hub CPU time while the commands were sent and delivered, per delivered frame (ticks included). */
  hubCpuUsPerDelivery: number;
  /** CPU pressure on the machine when the level was measured (other work skews the figures). */
  cpuPressure: ReturnType<typeof cpuPressure>;
}

/** The load generator's group holding the hub's subscribers; the throughput run reuses it. */
export const HUB_GROUP = 'hub';
/** Subscribers opened (and kept) before the baseline reading, so warm-up is not counted. */
const WARM_GROUP = 'warm';
const WARM_SUBSCRIBERS = 20;
/** Sockets the load generator opens at a time. */
export const OPEN_CONCURRENCY = 100;
/** Idle time before a memory reading, so connection bursts have settled. */
const SETTLE_MS = 2_000;

/** Measures each level in turn, appending it to `results` as soon as it is done (a watchdog stop keeps what was measured). */
export async function runFanout(loadgen: LoadGenerator, hub: ServerProcess, timer: BenchTimer, options: FanoutOptions, results: FanoutLevel[] = []): Promise<FanoutLevel[]> {
  const target = hubTarget(hub, timer);
  await loadgen.open({ group: WARM_GROUP, target, count: WARM_SUBSCRIBERS, concurrency: WARM_SUBSCRIBERS, timeoutMs: 20_000 });
  await sleep(SETTLE_MS);
  const before = await hub.sample(true);
  const rssBefore = hub.rssBytes();
  let subscribed = 0;
  for (const level of options.levels) {
    const count = level - subscribed;
    progress(`fan-out: opening ${count} more subscribers (to ${level})`);
    const connect = await loadgen.open({ group: HUB_GROUP, target, count, concurrency: OPEN_CONCURRENCY, timeoutMs: 240_000 });
    subscribed += connect.ready;
    progress(`fan-out: ${connect.ready}/${count} subscribed in ${(connect.elapsedMs / 1000).toFixed(1)} s (${connect.subscribersPerSecond}/s)`);
    // A subscriber the hub did not serve within the load generator's timeout is counted in
    // `connect.failed`; the level is measured with those that did subscribe.
    if (subscribed < level * 0.5) throw new Error(`only ${subscribed} of ${level} subscribers connected`);
    await sleep(SETTLE_MS);
    const after = await hub.sample(true);
    const rssAfter = hub.rssBytes();
    const memory: MemoryFigures = {
      subscribers: subscribed,
      rssBeforeBytes: rssBefore,
      rssAfterBytes: rssAfter,
      rssBytesPerSubscriber: Math.round((rssAfter - rssBefore) / subscribed),
      heapBytesPerSubscriber: Math.round((after.heapUsedBytes - before.heapUsedBytes) / subscribed),
    };
    progress(`fan-out: hub RSS +${((rssAfter - rssBefore) / 2 ** 20).toFixed(1)} MiB → ${(memory.rssBytesPerSubscriber / 1024).toFixed(1)} KiB per idle subscriber`);

    const cpuBefore = cpuMs(hub.pid);
    const latency = await loadgen.fanout({ group: HUB_GROUP, commands: options.commands, intervalMs: options.intervalMs, settleTimeoutMs: 5_000 });
    const cpuSpentMs = cpuMs(hub.pid) - cpuBefore;
    progress(
      `fan-out: ${subscribed} subscribers, ${options.commands} commands → latency p50 ${latency.latencyMs.p50} ms, p99 ${latency.latencyMs.p99} ms, ` +
        `max ${latency.latencyMs.max} ms (${latency.delivered}/${latency.expected} delivered)`,
    );
    results.push({
      subscribers: subscribed,
      connect,
      memory,
      latency,
      hubCpuUsPerDelivery: Math.round(((cpuSpentMs * 1000) / Math.max(1, latency.delivered + latency.ticks)) * 10) / 10,
      cpuPressure: cpuPressure(),
    });
  }
  return results;
}
