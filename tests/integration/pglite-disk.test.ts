/**
 * The embedded database on disk: a fresh directory is created (initdb and every migration) by a
 * short-lived helper process, then opened by the hub with small memory settings; data written
 * survives a reopen.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../hub/src/db/database';

describe('PGlite on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bianshi-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a fresh directory with every migration, runs with 16 MB of buffers, and keeps data across a reopen', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
      const buffers = await first.db.execute(sql`show shared_buffers`);
      expect(JSON.stringify(buffers)).toContain('16MB');
      const applied = await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(JSON.stringify(applied)).toMatch(/"n":[1-9]/);
      await first.db.execute(sql`create table if not exists bench_probe (v text)`);
      await first.db.execute(sql`insert into bench_probe values ('kept')`);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const rows = await second.db.execute(sql`select v from bench_probe`);
      expect(JSON.stringify(rows)).toContain('kept');
    } finally {
      await second.close();
    }
  }, 180_000);
});
