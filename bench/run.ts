/**
 * `npm run bench` — the hub's performance figures as one JSON object on stdout (progress on
 * stderr). Every figure is measured in this run, baselines included, on this machine.
 *
 *   npm run bench                 full run (about 5 minutes)
 *   npm run bench -- --quick      smaller levels (about 1 minute)
 *   npm run bench -- --only=fanout,throughput,flip,crosshub,load,hostile,tournament
 *   npm run bench -- --only=hostile --attacks=content-like,ws-batches
 *   npm run bench -- --no-build   use hub/dist and client/dist as they are
 */
import { spawnSync } from 'node:child_process';
import { LoadGenerator } from './loadgen/client';
import { createTimer, repoRoot, startHub, touchTimer } from './support/hub';
import { killAllChildren } from './support/ipc';
import { progress } from './support/log';
import { machineInfo } from './support/machine';
import { cpuPressure } from './support/pressure';
import { runCrossHub, type CrossHubFigures, type CrossHubOptions } from './scenarios/cross-hub';
import {
  runFanout,
  runFanoutBaseline,
  type FanoutBaseline,
  type FanoutLevel,
  type FanoutOptions,
} from './scenarios/fanout';
import { runLoad, type LoadFigures, type LoadOptions } from './scenarios/load';
import { runFlipSkew, type FlipSkewFigures, type FlipSkewOptions } from './scenarios/flip-skew';
import { runThroughput, type ThroughputFigures, type ThroughputOptions } from './scenarios/throughput';
import { runYjs, type YjsFigures, type YjsOptions } from './scenarios/yjs';
import { runHostile, type HostileFigures, type HostileOptions } from './scenarios/hostile';
import { runTournament, type TournamentFigures, type TournamentOptions } from './scenarios/tournament';
import { evaluateTargets } from './targets';

const SCENARIOS = [
  'fanout',
  'throughput',
  'flip',
  'crosshub',
  'yjs',
  'load',
  'hostile',
  'tournament',
] as const;
type Scenario = (typeof SCENARIOS)[number];

interface Plan {
  mode: 'full' | 'quick';
  fanout: FanoutOptions;
  throughput: ThroughputOptions;
  flip: FlipSkewOptions;
  crossHub: CrossHubOptions;
  yjs: YjsOptions;
  load: LoadOptions;
  hostile: HostileOptions;
  tournament: TournamentOptions;
  /** The whole run stops itself after this long. */
  watchdogMs: number;
}

const PLANS: Record<Plan['mode'], Plan> = {
  full: {
    mode: 'full',
    fanout: { levels: [1_000, 5_000, 10_000], commands: 20, intervalMs: 300 },
    throughput: { subscribers: 5_000, broadcasts: 30, rounds: 3 },
    flip: { pages: 20, boundaries: 12 },
    crossHub: { viewersPerHub: 200, commands: 40, intervalMs: 100 },
    yjs: { editors: 50, editsPerEditor: 20, intervalMs: 200, memoryDocs: 20 },
    load: { lighthouse: true, lighthouseRuns: 3, restSeconds: 15 },
    hostile: { quietSeconds: 10, attackSeconds: 10, commandsPerSecond: 5 },
    tournament: { teams: 200, judges: 300, historyRounds: 3, walls: 4, commands: 400, intervalMs: 75 },
    watchdogMs: 20 * 60_000,
  },
  quick: {
    mode: 'quick',
    fanout: { levels: [1_000, 2_000], commands: 10, intervalMs: 300 },
    throughput: { subscribers: 1_000, broadcasts: 30, rounds: 2 },
    flip: { pages: 20, boundaries: 6 },
    crossHub: { viewersPerHub: 50, commands: 20, intervalMs: 100 },
    yjs: { editors: 50, editsPerEditor: 8, intervalMs: 200, memoryDocs: 20 },
    load: { lighthouse: false, lighthouseRuns: 1, restSeconds: 5 },
    hostile: { quietSeconds: 5, attackSeconds: 5, commandsPerSecond: 5 },
    tournament: { teams: 200, judges: 300, historyRounds: 3, walls: 2, commands: 200, intervalMs: 75 },
    watchdogMs: 8 * 60_000,
  },
};

/** The JSON this prints. */
export interface BenchReport {
  bench: 'bianshi-hub';
  mode: Plan['mode'];
  command: string;
  startedAt: string;
  durationSeconds: number;
  /** `git describe --always --dirty` of the measured tree. */
  revision: string;
  machine: ReturnType<typeof machineInfo>;
  /** CPU pressure (PSI, % of time something waited for a CPU) at the start and end: other work on the machine skews every figure. */
  cpuPressure: { start: ReturnType<typeof cpuPressure>; end: ReturnType<typeof cpuPressure> };
  fanout?: {
    commands: number;
    intervalMs: number;
    levels: FanoutLevel[];
    baseline?: FanoutBaseline | { error: string };
    error?: string;
  };
  throughput?: ThroughputFigures | { error: string };
  flipSkew?: FlipSkewFigures | { error: string };
  crossHub?: CrossHubFigures | { error: string };
  yjs?: YjsFigures | { error: string };
  load?: LoadFigures | { error: string };
  hostile?: HostileFigures | { error: string };
  tournament?: TournamentFigures | { error: string };
  targets: ReturnType<typeof evaluateTargets>;
  pass: boolean;
}

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const build = !argv.includes('--no-build');
  const only = argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  for (const name of only ?? [])
    if (!SCENARIOS.includes(name as Scenario))
      throw new Error(`unknown scenario ${name}; known: ${SCENARIOS.join(', ')}`);
  const attacks = argv
    .find((arg) => arg.startsWith('--attacks='))
    ?.slice('--attacks='.length)
    .split(',');
  const plan = PLANS[quick ? 'quick' : 'full'];
  return {
    plan: attacks ? { ...plan, hostile: { ...plan.hostile, attacks } } : plan,
    build,
    only: new Set<Scenario>((only as Scenario[] | undefined) ?? SCENARIOS),
  };
}

function buildWorkspace(workspace: 'hub' | 'client'): void {
  progress(`building ${workspace}`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace, '--silent'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`npm run build -w ${workspace} failed (${result.status})`);
}

async function errorOf<T>(what: string, run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    progress(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function main(): Promise<void> {
  const { plan, build, only } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const report: BenchReport = {
    bench: 'bianshi-hub',
    mode: plan.mode,
    command: `npm run bench${plan.mode === 'quick' ? ' -- --quick' : ''}`,
    startedAt: new Date(started).toISOString(),
    durationSeconds: 0,
    revision:
      spawnSync('git', ['describe', '--always', '--dirty'], {
        cwd: repoRoot,
        encoding: 'utf8',
      }).stdout.trim() || 'unknown',
    machine: machineInfo(),
    cpuPressure: { start: cpuPressure(), end: null },
    targets: [],
    pass: false,
  };
  const finish = (code: number) => {
    report.durationSeconds = Math.round((Date.now() - started) / 1000);
    report.cpuPressure.end = cpuPressure();
    report.targets = evaluateTargets(report);
    report.pass = report.targets.every((target) => target.pass === true);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    killAllChildren();
    process.exit(code);
  };
  const watchdog = setTimeout(() => {
    progress(`watchdog: still running after ${plan.watchdogMs / 1000} s — stopping`);
    finish(2);
  }, plan.watchdogMs);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllChildren();
      process.exit(130);
    });
  }

  if (build) buildWorkspace('hub');
  if (only.has('fanout') || only.has('throughput')) {
    // One hub and one room serve both: the fan-out levels grow its subscribers, the
    // throughput run keeps the first N of them.
    const loadgen = LoadGenerator.start();
    const hub = await startHub();
    try {
      const timer = await createTimer(hub.url);
      await touchTimer(hub.url, timer);
      if (only.has('fanout')) {
        const largest = plan.fanout.levels.at(-1)!;
        const baseline = await errorOf('fan-out baseline', () =>
          runFanoutBaseline(loadgen, hub, timer, largest, plan.fanout),
        );
        const fanout = {
          commands: plan.fanout.commands,
          intervalMs: plan.fanout.intervalMs,
          levels: [] as FanoutLevel[],
          baseline,
        };
        report.fanout = fanout;
        const failed = await errorOf('fan-out', () =>
          runFanout(loadgen, hub, timer, plan.fanout, fanout.levels),
        );
        if ('error' in failed) report.fanout = { ...fanout, error: failed.error };
      }
      if (only.has('throughput'))
        report.throughput = await errorOf('throughput', () =>
          runThroughput(loadgen, hub, timer, plan.throughput),
        );
    } finally {
      await loadgen.stop();
      await hub.stop();
    }
  }
  if (only.has('crosshub')) report.crossHub = await errorOf('cross-hub', () => runCrossHub(plan.crossHub));
  if (only.has('yjs')) report.yjs = await errorOf('yjs', () => runYjs(plan.yjs));
  if (only.has('load')) {
    if (build) buildWorkspace('client');
    report.load = await errorOf('load', () => runLoad(plan.load));
  }
  if (only.has('hostile')) report.hostile = await errorOf('hostile', () => runHostile(plan.hostile));
  if (only.has('tournament'))
    report.tournament = await errorOf('tournament', () => runTournament(plan.tournament));
  if (only.has('flip'))
    report.flipSkew = await errorOf('flip skew', () => runFlipSkew({ ...plan.flip, build }));
  clearTimeout(watchdog);
  finish(0);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  killAllChildren();
  process.exit(1);
});
