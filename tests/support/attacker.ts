/**
 * What the attacker tests need beside the wire: a hub in its own process (a hub whose event loop
 * an attack holds must not hold the test's), serving the real content, on PGlite or a scratch
 * Postgres; a watch on its health while an attack runs; and its resident memory.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileContent } from '../../client/build/content/compile';
import { writeSite } from '../../client/build/content/write';
import { createScratchPostgres } from './postgres';
import { spawnHub, type HubProcess } from './process-hub';

const root = join(import.meta.dirname, '../..');

/** A hub process with the real content, and what to remove after it. */
export interface AttackedHub extends HubProcess {
  readonly wsUrl: string;
  /** Stops the hub and removes its content and scratch database. */
  stop(): Promise<void>;
}

/** The site compiled from `content/`, once per test process (it takes seconds, and files start several hubs). */
let compiled: ReturnType<typeof compileContent> | null = null;
function compiledContent(): ReturnType<typeof compileContent> {
  compiled ??= compileContent({ contentDir: join(root, 'content'), readmePath: join(root, 'README.md') });
  return compiled;
}

/** Starts a hub process on `database`, serving the content of `content/` (compiled here). */
export async function startAttackedHub(
  database: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<AttackedHub> {
  const dist = mkdtempSync(join(tmpdir(), 'abuse-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><title>辩时</title></head><body><div id="root"></div></body></html>',
  );
  writeSite(await compiledContent(), dist);
  const scratch = database === 'postgres' ? await createScratchPostgres() : null;
  const hub = await spawnHub({
    CLIENT_DIST: dist,
    LOG_LEVEL: 'error',
    ...(scratch ? { DATABASE_URL: scratch.url, DATA_DIR: join(dist, 'data') } : { DATA_DIR: 'memory://' }),
    ...env,
  });
  return {
    ...hub,
    wsUrl: `${hub.url.replace(/^http/, 'ws')}/api/trpc`,
    async stop() {
      await hub.kill();
      await scratch?.drop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** The resident memory of a hub process, in MB (Linux). */
export function residentMb(hub: HubProcess): number {
  const status = readFileSync(`/proc/${hub.child.pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** What /api/health answered while an attack ran: each answer's status and how long it took. */
export interface HealthWatch {
  /** Stops watching and returns every answer (a request that got no answer in 10 s fails). */
  stop(): Promise<{ status: number; ms: number }[]>;
}

/** Asks /api/health again and again, one request after another, until stopped. */
export function watchHealth(url: string): HealthWatch {
  const answers: { status: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const startedAt = performance.now();
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      answers.push({ status: response.status, ms: performance.now() - startedAt });
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return answers;
    },
  };
}
