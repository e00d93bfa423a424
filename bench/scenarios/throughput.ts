/**
 * Delivered messages per second: the hub against a bare `ws` broadcast server and a socket.io
 * room, with the same number of subscribers from the same load generator and the same payload
 * bytes — frames the hub itself sent, captured from one of its subscribers and replayed by the
 * baselines. All three servers run at once and take turns, round after round, so a noisy
 * moment on the machine does not land on one server only; each keeps its best round.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAYLOADS_ENV, writePayloads } from '../baselines/payloads';
import type { LoadGenerator } from '../loadgen/client';
import type { BurstResult, Target } from '../loadgen/protocol';
import { hubTarget, type BenchTimer } from '../support/hub';
import { progress, sleep } from '../support/log';
import { cpuMs } from '../support/machine';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { round3 } from '../support/stats';
import { HUB_GROUP, OPEN_CONCURRENCY } from './fanout';

export interface ThroughputOptions {
  subscribers: number;
  /** Broadcasts per burst (commands, for the hub). */
  broadcasts: number;
  rounds: number;
}

export interface BurstFigures extends Omit<BurstResult, 'captured'> {
  /** Server CPU time per delivered message. */
  serverCpuUsPerMessage: number;
  /** Load generator CPU use during the burst (1 = one core busy): near 1 means it was the limit. */
  loadgenCpuShare: number;
}

export interface ServerThroughput {
  /** The best round's delivered messages per second. */
  messagesPerSecond: number;
  /** The median round's. */
  medianMessagesPerSecond: number;
  rounds: BurstFigures[];
}

export interface ThroughputFigures {
  subscribers: number;
  broadcasts: number;
  rounds: number;
  payloadBytes: number;
  hub: ServerThroughput;
  bareWs: ServerThroughput;
  socketIo: ServerThroughput;
  /** Best round against best round (median against median in `medianRatios`). */
  ratios: { hubToBareWs: number; hubToSocketIo: number };
  medianRatios: { hubToBareWs: number; hubToSocketIo: number };
}

/** Commands the hub may take in a burst: its rate limit allows 60 at once, refilling 20/s. */
const MAX_HUB_BURST = 50;
const WARM_BROADCASTS = 5;
const BURST_TIMEOUT_MS = 60_000;

interface Contender {
  name: string;
  group: string;
  server: ServerProcess;
  rounds: BurstFigures[];
}

export async function runThroughput(
  loadgen: LoadGenerator,
  hub: ServerProcess,
  timer: BenchTimer,
  options: ThroughputOptions,
): Promise<ThroughputFigures> {
  if (options.broadcasts > MAX_HUB_BURST)
    throw new Error(`bursts above ${MAX_HUB_BURST} would hit the hub's command rate limit`);
  // Reuse the fan-out run's subscribers: keep the first N, or open what is missing.
  const { size } = await loadgen.close(HUB_GROUP, options.subscribers);
  if (size < options.subscribers) {
    const connect = await loadgen.open({
      group: HUB_GROUP,
      target: hubTarget(hub, timer),
      count: options.subscribers - size,
      concurrency: OPEN_CONCURRENCY,
      timeoutMs: 240_000,
    });
    progress(
      `throughput: hub, ${connect.ready}/${options.subscribers - size} subscribed in ${(connect.elapsedMs / 1000).toFixed(1)} s`,
    );
    if (connect.ready < options.subscribers - size)
      throw new Error(`hub: only ${size + connect.ready} of ${options.subscribers} subscribers connected`);
  }
  progress(
    `throughput: capturing the hub's frames (${WARM_BROADCASTS} commands to ${options.subscribers} subscribers)`,
  );
  const warm = await loadgen.burst({
    group: HUB_GROUP,
    messages: WARM_BROADCASTS,
    timeoutMs: BURST_TIMEOUT_MS,
    capture: true,
  });
  const captured = warm.captured ?? [];
  if (captured.length === 0) throw new Error('no hub frames captured to replay in the baselines');
  const payloadFile = writePayloads(captured);
  const contenders: Contender[] = [{ name: 'hub', group: HUB_GROUP, server: hub, rounds: [] }];
  try {
    for (const [name, file, kind] of [
      ['bare ws', '../baselines/ws-broadcast-server.ts', 'ws'],
      ['socket.io', '../baselines/socketio-server.ts', 'socketio'],
    ] as const) {
      const server = await startServerProcess({
        name,
        entry: fileURLToPath(new URL(file, import.meta.url)),
        env: { [PAYLOADS_ENV]: payloadFile },
      });
      contenders.push({ name, group: kind, server, rounds: [] });
      const target: Target =
        kind === 'ws' ? { kind, wsUrl: server.url.replace(/^http/, 'ws') } : { kind, url: server.url };
      const connect = await loadgen.open({
        group: kind,
        target,
        count: options.subscribers,
        concurrency: OPEN_CONCURRENCY,
        timeoutMs: 120_000,
      });
      progress(
        `throughput: ${name} baseline, ${connect.ready}/${options.subscribers} subscribed in ${(connect.elapsedMs / 1000).toFixed(1)} s`,
      );
      if (connect.ready < options.subscribers)
        throw new Error(`${name}: only ${connect.ready} of ${options.subscribers} subscribers connected`);
      await loadgen.burst({
        group: kind,
        messages: WARM_BROADCASTS,
        timeoutMs: BURST_TIMEOUT_MS,
        capture: false,
      });
    }
    for (let round = 0; round < options.rounds; round++) {
      // Rotate who goes first, so no server always follows the same neighbour.
      for (let i = 0; i < contenders.length; i++) {
        const contender = contenders[(round + i) % contenders.length]!;
        await sleep(1_000);
        contender.rounds.push(await measureBurst(loadgen, contender, options.broadcasts));
      }
    }
  } finally {
    for (const contender of contenders.slice(1)) {
      await loadgen.close(contender.group).catch(() => undefined);
      await contender.server.stop();
    }
    rmSync(payloadFile, { force: true });
  }
  const [hubRun, bareWs, socketIo] = contenders.map(summarize) as [
    ServerThroughput,
    ServerThroughput,
    ServerThroughput,
  ];
  return {
    subscribers: options.subscribers,
    broadcasts: options.broadcasts,
    rounds: options.rounds,
    payloadBytes: Math.round(
      captured.reduce((sum, frame) => sum + Buffer.byteLength(frame), 0) / captured.length,
    ),
    hub: hubRun,
    bareWs,
    socketIo,
    ratios: {
      hubToBareWs: round3(hubRun.messagesPerSecond / bareWs.messagesPerSecond),
      hubToSocketIo: round3(hubRun.messagesPerSecond / socketIo.messagesPerSecond),
    },
    medianRatios: {
      hubToBareWs: round3(hubRun.medianMessagesPerSecond / bareWs.medianMessagesPerSecond),
      hubToSocketIo: round3(hubRun.medianMessagesPerSecond / socketIo.medianMessagesPerSecond),
    },
  };
}

async function measureBurst(
  loadgen: LoadGenerator,
  contender: Contender,
  broadcasts: number,
): Promise<BurstFigures> {
  const serverCpuBefore = cpuMs(contender.server.pid);
  const loadgenCpuBefore = cpuMs(loadgen.pid);
  const { captured: _captured, ...burst } = await loadgen.burst({
    group: contender.group,
    messages: broadcasts,
    timeoutMs: BURST_TIMEOUT_MS,
    capture: false,
  });
  const serverCpu = cpuMs(contender.server.pid) - serverCpuBefore;
  const loadgenCpu = cpuMs(loadgen.pid) - loadgenCpuBefore;
  const figures: BurstFigures = {
    ...burst,
    serverCpuUsPerMessage: Math.round(((serverCpu * 1000) / Math.max(1, burst.delivered)) * 10) / 10,
    loadgenCpuShare: round3(loadgenCpu / Math.max(1, burst.elapsedMs)),
  };
  progress(
    `throughput: ${contender.name} delivered ${burst.delivered}/${burst.expected} in ${burst.elapsedMs} ms → ${burst.messagesPerSecond} msg/s ` +
      `(server ${figures.serverCpuUsPerMessage} µs CPU/msg, load generator ${Math.round(figures.loadgenCpuShare * 100)}% busy)`,
  );
  return figures;
}

function summarize(contender: Contender): ServerThroughput {
  const rates = contender.rounds
    .map((round) => (round.completeSubscribers === 0 ? 0 : round.messagesPerSecond))
    .sort((a, b) => a - b);
  return {
    messagesPerSecond: rates.at(-1) ?? 0,
    medianMessagesPerSecond: rates[Math.floor((rates.length - 1) / 2)] ?? 0,
    rounds: contender.rounds,
  };
}
