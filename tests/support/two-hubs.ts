/** Two hub processes on one scratch Postgres and one Redis: what a scaled-out deployment runs. */
import { createScratchPostgres, type ScratchDatabase } from './postgres';
import { spawnHub, type HubProcess } from './process-hub';
import { startRedis, type TestRedis } from './redis';

export interface TwoHubs {
  readonly hubs: [HubProcess, HubProcess];
  /** The database both hubs use (tests that must set a row the API cannot, e.g. an invite's expiry). */
  readonly databaseUrl: string;
  /** Kills both hubs, closes Redis and drops the database. */
  close(): Promise<void>;
}

/** Starts two hubs sharing a fresh Postgres database and Redis (with `env` on top of those). */
export async function startTwoHubs(extraEnv: Record<string, string> = {}): Promise<TwoHubs> {
  let scratch: ScratchDatabase | undefined;
  let redis: TestRedis | undefined;
  const started: HubProcess[] = [];
  const close = async () => {
    for (const hub of started) await hub.kill();
    await redis?.close();
    await scratch?.drop();
  };
  try {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const env = { ...extraEnv, DATABASE_URL: scratch.url, REDIS_URL: redis.url };
    started.push(await spawnHub(env));
    started.push(await spawnHub(env));
  } catch (error) {
    await close();
    throw error;
  }
  return { hubs: [started[0]!, started[1]!], databaseUrl: scratch.url, close };
}
