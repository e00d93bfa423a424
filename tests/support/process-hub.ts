/** A hub in its own process, for tests that kill it (SIGKILL) and start it again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { until } from './until';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface HubProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote, for diagnostics. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The newest modification time of a file under `dir` (0 when there is none). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const HUB_BUNDLE = 'hub/dist/main.js';

/**
 * How a hub process starts: the bundle `npm run build` made when it is newer than every source it
 * bundles (hub/src, shared/src), else the sources under tsx. Same code either way; the bundle
 * starts on about 3.5 s of CPU against 6 s under tsx on this 2-core machine, and a test run
 * spawns some twenty hubs.
 */
function hubArgs(): string[] {
  let bundled = 0;
  try {
    bundled = statSync(HUB_BUNDLE).mtimeMs;
  } catch {
    // not built
  }
  const fresh = bundled > Math.max(newestUnder('hub/src'), newestUnder('shared/src'));
  return fresh ? [HUB_BUNDLE] : ['--import', 'tsx', 'hub/src/main.ts'];
}

/**
 * Starts the hub (hub/dist/main.js when it is up to date, else `hub/src/main.ts` under tsx) and
 * resolves once /api/health answers.
 */
export async function spawnHub(env: Record<string, string>, port?: number): Promise<HubProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, hubArgs(), {
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(listenPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${listenPort}`;
  /** Where the starting hub is: up (healthy), exited, or not answering yet. */
  const reach = async (): Promise<'up' | 'exited' | 'starting'> => {
    if (child.exitCode !== null) return 'exited';
    try {
      return (await fetch(`${url}/api/health`)).ok ? 'up' : 'starting';
    } catch {
      return 'starting'; // not listening yet
    }
  };
  const reached = await until(reach, (where) => where !== 'starting', 90_000).catch(() => {
    throw new Error(`hub did not start: ${log}`);
  });
  if (reached === 'exited') throw new Error(`hub exited early (${child.exitCode}): ${log}`);
  return {
    url,
    child,
    output: () => log,
    kill(signal = 'SIGKILL') {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}
