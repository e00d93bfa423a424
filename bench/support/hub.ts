/** The built hub (`hub/dist/main.js`) in its own process, and the HTTP API calls the bench needs. */
import { fileURLToPath } from 'node:url';
import type { Target } from '../loadgen/protocol';
import { startServerProcess, type ServerProcess } from './server-process';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const hubEntry = fileURLToPath(new URL('../../hub/dist/main.js', import.meta.url));

/** Extra node flags for the hub process, space-separated (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
export const HUB_NODE_ARGS_ENV = 'BENCH_HUB_NODE_ARGS';

/** Starts the hub on a random port of 127.0.0.1 with an in-memory database. */
export function startHub(
  options: { clientDist?: string; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  return startServerProcess({
    name: 'hub',
    entry: hubEntry,
    nodeArgs: process.env[HUB_NODE_ARGS_ENV]?.split(' ').filter(Boolean) ?? [],
    env: {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      // Every bench subscriber comes from 127.0.0.1: no per-address cap here.
      MAX_SUBSCRIPTIONS_PER_ADDRESS: '0',
      // The flip scenario opens 20 display windows on one timer: more than a trial allows.
      FLAG_ENTERPRISE: 'on',
      ...(options.clientDist ? { CLIENT_DIST: options.clientDist } : {}),
    },
    ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
  });
}

/** A timer the bench created, with what it takes to watch and command it. */
export interface BenchTimer {
  id: string;
  matchId: string;
  controlKey: string;
}

/** One stage of ten minutes: long enough that no deadline fires while the bench runs. */
export const BENCH_FORMAT = {
  schemaVersion: 1,
  id: 'bench',
  name: '性能测试',
  tags: { language: 'zh' },
  stages: [{ kind: 'single', name: '正方一辩 立论', side: 'aff', durationMs: 600_000, overtime: 'stop' }],
} as const;

/** Creates a timer through `POST /api/v1/timers`. */
export async function createTimer(hubUrl: string, format: unknown = BENCH_FORMAT): Promise<BenchTimer> {
  const response = await fetch(`${hubUrl}/api/v1/timers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: '性能测试', format }),
  });
  if (response.status !== 201)
    throw new Error(`create timer: HTTP ${response.status} ${await response.text()}`);
  const created = (await response.json()) as BenchTimer;
  return { id: created.id, matchId: created.matchId, controlKey: created.controlKey };
}

/** What a command returns: the new version and the whole match state. */
export interface CommandResult {
  version: number;
  state: { stages: { clocks: { runningSince: number | null }[] }[] };
}

/** Sends one command through `POST /api/v1/timers/:id/commands`. */
export async function sendCommand(
  hubUrl: string,
  timer: BenchTimer,
  command: Record<string, unknown>,
): Promise<CommandResult> {
  const response = await fetch(`${hubUrl}/api/v1/timers/${timer.id}/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${timer.controlKey}` },
    body: JSON.stringify(command),
  });
  if (response.status !== 200)
    throw new Error(`command ${JSON.stringify(command)}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as CommandResult;
}

/** Loads the timer's room (as a watcher would) so its cost is not counted as per-subscriber memory. */
export async function touchTimer(hubUrl: string, timer: BenchTimer): Promise<void> {
  const response = await fetch(`${hubUrl}/api/v1/timers/${timer.id}`);
  if (response.status !== 200) throw new Error(`get timer: HTTP ${response.status}`);
  await response.arrayBuffer();
}

/** How the load generator reaches a timer on the hub. */
export function hubTarget(hub: ServerProcess, timer: BenchTimer): Target {
  return {
    kind: 'trpc',
    wsUrl: `${hub.url.replace(/^http/, 'ws')}/api/trpc`,
    timerId: timer.id,
    matchId: timer.matchId,
    controlKey: timer.controlKey,
  };
}
