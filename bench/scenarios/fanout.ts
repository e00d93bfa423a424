/**
 * Fan-out latency and memory per idle subscriber, on one hub process. The load generator
 * grows one room's `timer.watch` subscribers level by level; at each level the hub's RSS is
 * read (after a full GC) against the reading before any of them connected, then the load
 * generator sends commands and times every delivery.
 */
import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import { PAYLOADS_ENV, writePayloads } from '../baselines/payloads';
import type { LoadGenerator } from '../loadgen/client';
import type { FanoutResult, OpenResult } from '../loadgen/protocol';
import { hubTarget, type BenchTimer } from '../support/hub';
import { progress, sleep } from '../support/log';
import { cpuMs } from '../support/machine';
import { cpuPressure } from '../support/pressure';
import { startServerProcess, type ServerProcess } from '../support/server-process';

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

/**
 * The same measurement on the bare `ws` baseline at the largest level: how fast this machine
 * fans one message out to that many sockets at all, with the load generator on the same cores.
 */
export interface FanoutBaseline {
  server: 'bare ws';
  subscribers: number;
  latency: FanoutResult;
  /** Server CPU time per delivered frame. */
  serverCpuUsPerDelivery: number;
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
export async function runFanout(
  loadgen: LoadGenerator,
  hub: ServerProcess,
  timer: BenchTimer,
  options: FanoutOptions,
  results: FanoutLevel[] = [],
): Promise<FanoutLevel[]> {
  const target = hubTarget(hub, timer);
  await loadgen.open({
    group: WARM_GROUP,
    target,
    count: WARM_SUBSCRIBERS,
    concurrency: WARM_SUBSCRIBERS,
    timeoutMs: 20_000,
  });
  await sleep(SETTLE_MS);
  const before = await hub.sample(true);
  const rssBefore = hub.rssBytes();
  let subscribed = 0;
  for (const level of options.levels) {
    const count = level - subscribed;
    progress(`fan-out: opening ${count} more subscribers (to ${level})`);
    const connect = await loadgen.open({
      group: HUB_GROUP,
      target,
      count,
      concurrency: OPEN_CONCURRENCY,
      timeoutMs: 240_000,
    });
    subscribed += connect.ready;
    progress(
      `fan-out: ${connect.ready}/${count} subscribed in ${(connect.elapsedMs / 1000).toFixed(1)} s (${connect.subscribersPerSecond}/s)`,
    );
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
    progress(
      `fan-out: hub RSS +${((rssAfter - rssBefore) / 2 ** 20).toFixed(1)} MiB → ${(memory.rssBytesPerSubscriber / 1024).toFixed(1)} KiB per idle subscriber`,
    );

    const cpuBefore = cpuMs(hub.pid);
    const latency = await loadgen.fanout({
      group: HUB_GROUP,
      commands: options.commands,
      intervalMs: options.intervalMs,
      settleTimeoutMs: 5_000,
    });
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
      hubCpuUsPerDelivery:
        Math.round(((cpuSpentMs * 1000) / Math.max(1, latency.delivered + latency.ticks)) * 10) / 10,
      cpuPressure: cpuPressure(),
    });
  }
  return results;
}

/**
 * Fan-out latency of the bare `ws` baseline with `subscribers` sockets, broadcasting the hub's
 * own change frame, with the same command count and spacing. Run before the hub's levels, so
 * the load generator holds only one server's sockets at a time (its file limit is 20 000).
 */
export async function runFanoutBaseline(
  loadgen: LoadGenerator,
  hub: ServerProcess,
  timer: BenchTimer,
  subscribers: number,
  options: FanoutOptions,
): Promise<FanoutBaseline> {
  // One hub subscriber catches a change frame: the bytes the baseline broadcasts.
  await loadgen.open({
    group: CAPTURE_GROUP,
    target: hubTarget(hub, timer),
    count: 1,
    concurrency: 1,
    timeoutMs: 20_000,
  });
  const [payload] =
    (await loadgen.burst({ group: CAPTURE_GROUP, messages: 1, timeoutMs: 30_000, capture: true })).captured ??
    [];
  await loadgen.close(CAPTURE_GROUP);
  if (!payload) throw new Error('no hub frame captured for the baseline');
  const payloadFile = writePayloads([payload]);
  const server = await startServerProcess({
    name: 'bare ws',
    entry: fileURLToPath(new URL('../baselines/ws-broadcast-server.ts', import.meta.url)),
    env: { [PAYLOADS_ENV]: payloadFile },
  });
  try {
    const connect = await loadgen.open({
      group: BASELINE_GROUP,
      target: { kind: 'ws', wsUrl: server.url.replace(/^http/, 'ws') },
      count: subscribers,
      concurrency: OPEN_CONCURRENCY,
      timeoutMs: 240_000,
    });
    progress(
      `fan-out baseline: bare ws, ${connect.ready}/${subscribers} subscribed in ${(connect.elapsedMs / 1000).toFixed(1)} s`,
    );
    // As for the hub's levels, the measurement counts the subscribers that did connect.
    if (connect.ready < subscribers * 0.9)
      throw new Error(`bare ws: only ${connect.ready} of ${subscribers} subscribers connected`);
    await sleep(SETTLE_MS);
    const cpuBefore = cpuMs(server.pid);
    const latency = await loadgen.fanout({
      group: BASELINE_GROUP,
      commands: options.commands,
      intervalMs: options.intervalMs,
      settleTimeoutMs: 5_000,
    });
    const cpuSpentMs = cpuMs(server.pid) - cpuBefore;
    progress(
      `fan-out baseline: bare ws, ${connect.ready} subscribers → latency p50 ${latency.latencyMs.p50} ms, p99 ${latency.latencyMs.p99} ms (${latency.delivered}/${latency.expected} delivered)`,
    );
    return {
      server: 'bare ws',
      subscribers: connect.ready,
      latency,
      serverCpuUsPerDelivery: Math.round(((cpuSpentMs * 1000) / Math.max(1, latency.delivered)) * 10) / 10,
    };
  } finally {
    await loadgen.close(BASELINE_GROUP).catch(() => undefined);
    await server.stop();
    rmSync(payloadFile, { force: true });
  }
}

const BASELINE_GROUP = 'fanout-baseline';
const CAPTURE_GROUP = 'fanout-capture';
