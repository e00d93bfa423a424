/**
 * Starts real hubs for tests: in-process on a random port (fast), against PGlite in memory
 * or a fresh Postgres database, serving the built client.
 */
import { startHub as startHubProcess, type Hub } from '../../hub/src/app';
import type { DatabaseTarget } from '../../hub/src/db/database';
import type { Clock } from '../../hub/src/lib/clock';
import { loadConfig } from '../../hub/src/lib/config';
import { createScratchPostgres, type ScratchDatabase } from './postgres';
import { startRedis, type TestRedis } from './redis';

export interface TestHubOptions {
  /** `pglite` (in memory, default) or `postgres` (a fresh database on the local server). */
  database?: 'pglite' | 'postgres' | DatabaseTarget;
  env?: Record<string, string>;
  clock?: Clock;
}

export interface TestHub extends Hub {
  /** ws://… URL of the tRPC WebSocket endpoint. */
  readonly wsUrl: string;
}

/** Starts a hub and returns it with a `close()` that also drops its scratch database. */
export async function startHub(options: TestHubOptions = {}): Promise<TestHub> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseTarget;
  if (options.database === 'postgres') {
    scratch = await createScratchPostgres();
    database = { kind: 'postgres', url: scratch.url };
  } else if (options.database === undefined || options.database === 'pglite') {
    database = { kind: 'pglite-memory' };
  } else {
    database = options.database;
  }
  const hub = await startHubProcess({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  return {
    ...hub,
    wsUrl: hub.url.replace(/^http/, 'ws') + '/api/trpc',
    async close() {
      await hub.close();
      await scratch?.drop();
    },
  };
}

/**
 * In-process hubs sharing one fresh Postgres database (no Redis): enough for what is decided in
 * the database, such as plan limits under racing requests. `close()` stops them and drops it.
 */
export async function startHubsOnOnePostgres(
  count: number,
): Promise<{ hubs: TestHub[]; close(): Promise<void> }> {
  const scratch = await createScratchPostgres();
  const database = { kind: 'postgres', url: scratch.url } as const;
  const hubs: TestHub[] = [];
  const close = async () => {
    for (const hub of hubs) await hub.close();
    await scratch.drop();
  };
  try {
    for (let i = 0; i < count; i++) hubs.push(await startHub({ database }));
  } catch (error) {
    await close();
    throw error;
  }
  return { hubs, close };
}

/**
 * Two in-process hubs on one fresh Postgres database and a private Redis: a scaled-out
 * deployment, for state that must reach screens on either hub (`extraEnv` for both). `close()`
 * stops them, Redis and the database.
 */
export async function startHubPair(extraEnv: Record<string, string> = {}): Promise<{
  a: TestHub;
  b: TestHub;
  databaseUrl: string;
  close(): Promise<void>;
}> {
  let scratch: ScratchDatabase | undefined;
  let redis: TestRedis | undefined;
  const hubs: TestHub[] = [];
  const close = async () => {
    await Promise.all(hubs.map((hub) => hub.close()));
    await redis?.close();
    await scratch?.drop();
  };
  try {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const database = { kind: 'postgres', url: scratch.url } as const;
    const env = { REDIS_URL: redis.url, LOG_LEVEL: 'silent', ...extraEnv };
    hubs.push(await startHub({ database, env }));
    hubs.push(await startHub({ database, env }));
  } catch (error) {
    await close();
    throw error;
  }
  return { a: hubs[0]!, b: hubs[1]!, databaseUrl: scratch.url, close };
}

/** Database kinds the database tests run on: PGlite always, Postgres when reachable. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
