/**
 * Hostile (issue 30): a legitimate console keeps sending `timer.command` over the tRPC
 * WebSocket, a few a second, while one attacker (its own address, anonymous or on a free
 * account) sends each attack of the issue for a while. The console's p99 command latency under
 * each attack is compared with its p99 in a quiet window of the same length just before it (the
 * machine's own load drifts from minute to minute); the target is at most 2× (bench/targets.ts).
 * The hub's CPU in each window says whether an attack costs the hub work or only the machine.
 *
 * The hub runs on a scratch Postgres with the real content (as tests/support/attacker.ts starts
 * it for the attacker tests), behind a trusted proxy so the attacker has an address of its own.
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { startAttackedHub, type AttackedHub } from '../../tests/support/attacker';
import { browserClient, CookieJar } from '../../tests/support/accounts';
import { joinProject } from '../../tests/support/yjs';
import { wsClient } from '../../tests/support/trpc';
import { createTimer } from '../support/hub';
import { progress } from '../support/log';
import { cpuMs } from '../support/machine';
import { cpuPressure } from '../support/pressure';
import { distribution, round3, type Distribution } from '../support/stats';
import { ATTACKS, type AttackCounts, type AttackTarget } from './hostile-attacks';

export interface HostileOptions {
  /** Seconds of quiet measurement before the attacks (and between them none: each follows the last). */
  quietSeconds: number;
  /** Seconds each attack runs. */
  attackSeconds: number;
  /** Commands the console sends per second. */
  commandsPerSecond: number;
  /** Only these attacks (by name); all when absent. */
  attacks?: readonly string[];
}

export interface HostilePhase {
  latencyMs: Distribution;
  /** Commands that failed (the console's own refusals or timeouts). */
  commandErrors: number;
  /** Share of one core the hub process used during the phase (%). */
  hubCpuPercent: number;
  /** Load average (1 min) and CPU pressure when the phase ended: the machine is shared. */
  loadAverage1m: number;
  cpuPressureAvg10: number | null;
}

export interface HostileAttackFigures extends HostilePhase {
  name: string;
  what: string;
  attacker: AttackCounts;
  /** The quiet window measured just before this attack, as long as it. */
  quietBefore: HostilePhase;
  /** p99 under this attack ÷ the p99 of the quiet window just before it (the machine's load drifts). */
  ratio: number;
  /** p99 under this attack ÷ the first quiet p99. */
  ratioToFirstQuiet: number;
  /** /api/health answers while the attack ran: slowest, and any not 200. */
  health: { slowestMs: number; failures: number };
}

export interface HostileFigures {
  commandsPerSecond: number;
  attackSeconds: number;
  quiet: HostilePhase;
  attacks: HostileAttackFigures[];
  /** A second quiet measurement after the attacks: how far the quiet value itself drifts on this machine. */
  quietAfter: HostilePhase;
  worstRatio: number;
}

/** The console: one tRPC WebSocket with the control key, commands at a steady pace, one at a time. */
function startConsole(
  hub: AttackedHub,
  timer: { id: string; controlKey: string },
  commandsPerSecond: number,
) {
  const { client, close } = wsClient(hub.wsUrl, {
    protocol: String(PROTOCOL_VERSION),
    controlKey: timer.controlKey,
  });
  let samples: number[] = [];
  let errors = 0;
  let running = true;
  const interval = 1000 / commandsPerSecond;
  const loop = (async () => {
    let next = performance.now();
    while (running) {
      const startedAt = performance.now();
      try {
        await client.timer.command.mutate({ timerId: timer.id, command: { type: 'toggle' } });
        samples.push(performance.now() - startedAt);
      } catch {
        errors += 1;
      }
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = performance.now();
    }
  })();
  return {
    /** The samples since the last take, and the errors. */
    take(): { samples: number[]; errors: number } {
      const taken = { samples, errors };
      samples = [];
      errors = 0;
      return taken;
    },
    async stop() {
      running = false;
      await loop;
      close();
    },
  };
}

/** Measures one window: the console's latencies and the hub's CPU from `start()` to the call. */
function window(desk: { take(): { samples: number[]; errors: number } }, pid: number) {
  desk.take();
  const cpuAt = cpuMs(pid);
  const startedAt = performance.now();
  return (): HostilePhase =>
    phase(desk.take(), Math.round(((cpuMs(pid) - cpuAt) / (performance.now() - startedAt)) * 100));
}

function phase(taken: { samples: number[]; errors: number }, hubCpuPercent: number): HostilePhase {
  return {
    latencyMs: distribution(taken.samples),
    commandErrors: taken.errors,
    hubCpuPercent,
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    cpuPressureAvg10: cpuPressure()?.avg10 ?? null,
  };
}

function watchHealth(url: string) {
  let slowestMs = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const startedAt = performance.now();
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      slowestMs = Math.max(slowestMs, performance.now() - startedAt);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowestMs: Math.round(slowestMs), failures };
    },
  };
}

/** Runs one attack in a worker thread (hostile-worker.ts) and returns what it counted. */
function inWorker(name: string, target: AttackTarget, until: number): Promise<AttackCounts> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript.
    const file = new URL('./hostile-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { name, target, until } });
    worker.once('message', (counts: AttackCounts) => resolve(counts));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`attack ${name} exited with ${code}`)),
    );
  });
}

/** A local account made over HTTP, signed in. */
async function signUp(url: string, label: string) {
  const jar = new CookieJar();
  const { client } = browserClient({ url }, jar, { headers: { 'user-agent': 'bench' } });
  const email = `${label}-${Date.now()}@bianshi.test`;
  const created = await client.auth.signUp.mutate({
    email,
    password: 'correct horse battery',
    displayName: label,
  });
  return { id: created.id, email, cookie: jar.header(), client };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the scenario and stops everything it started. */
export async function runHostile(options: HostileOptions): Promise<HostileFigures> {
  progress('hostile: starting a hub on a scratch Postgres with the content');
  const hub = await startAttackedHub('postgres', {
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    MAX_SUBSCRIPTIONS_PER_ADDRESS: '0',
  });
  let desk: ReturnType<typeof startConsole> | undefined;
  try {
    const timer = await createTimer(hub.url);
    // The people: the console's owner (whose address the guesses aim at) and the attacker's
    // free account, invited as a viewer to the owner's Workbench document.
    const owner = await signUp(hub.url, 'owner');
    const attacker = await signUp(hub.url, 'attacker');
    const { projectId } = await owner.client.workbench.create.mutate({ kind: 'workbench', name: '攻防' });
    await joinProject(owner, projectId, [[attacker, 'viewer']]);
    const document = await owner.client.workbench.createDocument.mutate({ projectId, title: '稿' });
    const target: AttackTarget = {
      url: hub.url,
      wsUrl: hub.wsUrl,
      timerId: timer.id,
      victimEmail: owner.email,
      attackerCookie: attacker.cookie,
      documentId: document.id,
    };

    desk = startConsole(hub, timer, options.commandsPerSecond);
    await sleep(2_000); // warm-up: the first commands load the room
    const pid = hub.child.pid!;
    progress(`hostile: quiet for ${options.quietSeconds} s`);
    const endQuiet = window(desk, pid);
    await sleep(options.quietSeconds * 1000);
    const quiet = endQuiet();
    progress(`hostile: quiet p99 ${quiet.latencyMs.p99} ms`);

    const attacks: HostileAttackFigures[] = [];
    for (const attack of ATTACKS.filter(
      (entry) => !options.attacks || options.attacks.includes(entry.name),
    )) {
      progress(`hostile: ${attack.name} for ${options.attackSeconds} s`);
      const endBefore = window(desk, pid);
      await sleep(options.attackSeconds * 1000);
      const quietBefore = endBefore();
      const health = watchHealth(hub.url);
      const endAttack = window(desk, pid);
      const counts = await inWorker(attack.name, target, Date.now() + options.attackSeconds * 1000);
      const measured = endAttack();
      attacks.push({
        name: attack.name,
        what: attack.what,
        attacker: counts,
        ...measured,
        quietBefore,
        ratio: round3(measured.latencyMs.p99 / quietBefore.latencyMs.p99),
        ratioToFirstQuiet: round3(measured.latencyMs.p99 / quiet.latencyMs.p99),
        health: await health.stop(),
      });
      progress(
        `hostile: ${attack.name} p99 ${measured.latencyMs.p99} ms, just before ${quietBefore.latencyMs.p99} ms (×${attacks.at(-1)!.ratio}); hub CPU ${measured.hubCpuPercent}% vs ${quietBefore.hubCpuPercent}%; attacker ${JSON.stringify(counts)}`,
      );
      // Let what the attack left (closing sockets, queued writes) settle before the next one.
      await sleep(2_000);
    }
    const endAfter = window(desk, pid);
    await sleep(options.quietSeconds * 1000);
    const quietAfter = endAfter();
    progress(`hostile: quiet again p99 ${quietAfter.latencyMs.p99} ms`);
    return {
      commandsPerSecond: options.commandsPerSecond,
      attackSeconds: options.attackSeconds,
      quiet,
      attacks,
      quietAfter,
      worstRatio: Math.max(...attacks.map((attack) => attack.ratio)),
    };
  } finally {
    await desk?.stop();
    await hub.stop();
  }
}
