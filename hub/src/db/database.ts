import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { paths } from '../lib/paths';

/**
 * The drizzle database, whichever engine is underneath. Queries name their tables (each domain's
 * `*.schema.ts`); the database itself knows none of them, so db/ depends on no domain.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with its engine kind, a reachability probe and a way to close it. */
export interface Database {
  readonly db: Db;
  readonly kind: DatabaseKind;
  /** True when a trivial query succeeds within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Where the data lives: a Postgres URL, a PGlite directory, or PGlite in memory. */
export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

/** A fixed key so that several hubs starting at once apply migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_420_131;

/**
 * PGlite runs Postgres inside the hub's process, where Postgres's server defaults (128 MB of
 * shared buffers, shared memory for 100 connections) cost over 100 MB of resident memory that
 * one embedded connection never uses. The hub's working set (timers, matches, their events) fits
 * in 16 MB of buffers many times over; the rest stays in the operating system's file cache.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'max_connections=8'] as const;

/** PGlite's own start parameters with {@link PGLITE_SETTINGS}. */
export function pgliteOptions() {
  return {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    initDbStartParams: [...PGLITE_SETTINGS],
  };
}

/**
 * The migrated, empty cluster in-memory databases start from, made once per process. Each new
 * in-memory PGlite (every test hub, `DATA_DIR=memory://`) otherwise runs initdb and every
 * migration again: about 3 s on this 2-core machine, against 0.5–0.8 s to load the copy
 * (measured with 150 such hubs in one `npm test`).
 */
let memoryTemplate: Promise<Blob> | null = null;

/**
 * The template's tar as PGlite reads it (`loadDataDir`), from bytes held in memory: Node's
 * `Blob.arrayBuffer()` on the dumped 43 MB tar, read and joined chunk by chunk, was a third of
 * each load's CPU; a copy of the bytes is a few milliseconds.
 */
class TemplateTar extends Blob {
  constructor(private readonly tar: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tar.slice(0));
  }
}

async function memoryPglite(): Promise<PGlite> {
  if (memoryTemplate) {
    const template = await memoryTemplate.catch(() => null);
    if (template) return new PGlite({ ...pgliteOptions(), loadDataDir: template });
  }
  let keep: (template: Blob) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  memoryTemplate = new Promise((resolve, reject) => ((keep = resolve), (fail = reject)));
  try {
    const client = new PGlite(pgliteOptions());
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder: paths.migrations });
    keep(new TemplateTar(await (await client.dumpDataDir('none')).arrayBuffer()));
    return client;
  } catch (error) {
    fail(error);
    memoryTemplate = null;
    throw error;
  }
}

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dataDir = resolve(target.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initPgliteApart(dataDir);
    client = new PGlite(dataDir, pgliteOptions());
  } else {
    client = await memoryPglite();
  }
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: paths.migrations });
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) => probe(db, timeoutMs),
    close: () => client.close(),
  };
}

/**
 * Creates a new PGlite data directory (initdb and every migration) in a short-lived child
 * process. Initialising runs a second Postgres instance in WebAssembly, which leaves about
 * 400 MB that V8 only returns much later; a process that exits returns all of it at once, so a
 * first start settles as low as any later start.
 */
async function initPgliteApart(dataDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const modules = {
    pglite: require.resolve('@electric-sql/pglite'),
    drizzle: require.resolve('drizzle-orm/pglite'),
    migrator: require.resolve('drizzle-orm/pglite/migrator'),
  };
  const script = `
    const [modules, dataDir, migrationsFolder, options] = JSON.parse(process.argv[1]);
    const { PGlite } = require(modules.pglite);
    const { drizzle } = require(modules.drizzle);
    const { migrate } = require(modules.migrator);
    (async () => {
      const client = new PGlite(dataDir, options);
      await client.waitReady;
      await migrate(drizzle(client), { migrationsFolder });
      await client.close();
    })().catch((error) => { console.error(error && error.message ? error.message : String(error)); process.exit(1); });`;
  const payload = JSON.stringify([modules, dataDir, paths.migrations, pgliteOptions()]);
  try {
    await promisify(execFile)(process.execPath, ['-e', script, payload], { maxBuffer: 1 << 20 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(
      `初始化 PGlite 数据目录失败（${dataDir}）：${stderr || (error instanceof Error ? error.message : String(error))}`,
    );
  }
}

async function openPostgres(url: string): Promise<Database> {
  const client = postgres(url, { max: 10, onnotice: () => {}, connect_timeout: 10 });
  const migrator = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder: paths.migrations });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await migrator.end();
  }
  const db = drizzlePostgres(client) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => probe(db, timeoutMs),
    close: () => client.end({ timeout: 5 }),
  };
}

async function probe(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
