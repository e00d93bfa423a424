/**
 * `npm run import -- tabbycat <folder>` as an operator runs it: a child process on the hub's
 * database settings (a scratch Postgres DATABASE_URL, or PGlite under a DATA_DIR), one JSON object
 * on stdout when it worked, the errors in Chinese on stderr and exit 1 when not.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { UserRepository } from '../../hub/src/auth/user.repository';
import { openDatabase, type DatabaseTarget } from '../../hub/src/db/database';
import { newId } from '../../hub/src/lib/ids';
import { tournamentTeams, tournaments } from '../../hub/src/tournaments/tournament.schema';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';

const ROOT = new URL('../..', import.meta.url).pathname;
const FIXTURES = 'tests/fixtures/tabbycat';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/import.mjs …args` from the repository root with `env` as the hub's settings. */
function runImport(args: string[], env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/import.mjs', ...args],
      { cwd: ROOT, env: { ...base, LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Adds accounts to the database the command will use (migrating it first). */
async function seedAccounts(
  target: DatabaseTarget,
  accounts: Array<{ email: string; admin: boolean }>,
): Promise<Map<string, string>> {
  const database = await openDatabase(target);
  const ids = new Map<string, string>();
  try {
    const users = new UserRepository(database.db);
    for (const account of accounts) {
      const id = newId();
      await users.insert({
        id,
        email: account.email,
        passwordHash: null,
        supabaseId: null,
        displayName: account.email,
        isAdmin: account.admin,
      });
      ids.set(account.email, id);
    }
  } finally {
    await database.close();
  }
  return ids;
}

/** The tournament rows the command wrote, read back after it exited. */
async function readBack(target: DatabaseTarget, id: string) {
  const database = await openDatabase(target);
  try {
    const [row] = await database.db.select().from(tournaments).where(eq(tournaments.id, id));
    const teams = await database.db
      .select({ name: tournamentTeams.name })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, id))
      .orderBy(asc(tournamentTeams.position));
    const all = await database.db.select({ id: tournaments.id }).from(tournaments);
    return { row, teams: teams.map((team) => team.name), total: all.length };
  } finally {
    await database.close();
  }
}

describe('npm run import -- tabbycat (Postgres)', () => {
  let scratch: ScratchDatabase;
  let ids: Map<string, string>;
  const env = () => ({ DATABASE_URL: scratch.url });
  const target = (): DatabaseTarget => ({ kind: 'postgres', url: scratch.url });

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    ids = await seedAccounts(target(), [
      { email: 'admin@bianshi.test', admin: true },
      { email: 'organizer@bianshi.test', admin: false },
    ]);
  }, 60_000);

  afterAll(async () => {
    await scratch?.drop();
  });

  it('imports a folder, owned by the admin, and prints one JSON object', async () => {
    const run = await runImport(['tabbycat', `${FIXTURES}/anorak-small`, '--name', '测试杯'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      tournament: { id: string; slug: string };
      skipped: Array<{ file: string }>;
    };
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(printed).toMatchObject({
      tournament: { slug: 'tabbycat' },
      institutions: 3,
      teams: 4,
      speakers: 12,
      adjudicators: 3,
      venues: 2,
      motions: 4,
      rounds: 3,
    });
    expect(printed.skipped.map((item) => item.file)).toContain('readme.md');
    const back = await readBack(target(), printed.tournament.id);
    expect(back.row).toMatchObject({ name: '测试杯', ownerId: ids.get('admin@bianshi.test') });
    expect(back.teams).toEqual(['Lakeside A', 'Lakeside B', 'Hilltop 1', 'Owls']);
  }, 150_000);

  it('takes --owner, and the next slug when the first is taken', async () => {
    const run = await runImport(
      ['tabbycat', `${FIXTURES}/boots-bp`, '--name', '测试杯', '--owner', 'Organizer@bianshi.test'],
      env(),
    );
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      tournament: { id: string; slug: string };
      teamsPerRoom: number;
    };
    expect(printed).toMatchObject({ tournament: { slug: 'tabbycat-2' }, teamsPerRoom: 4 });
    const back = await readBack(target(), printed.tournament.id);
    expect(back.row?.ownerId).toBe(ids.get('organizer@bianshi.test'));
  }, 150_000);

  it('exits 1 with every error, per file and row, on stderr and writes nothing', async () => {
    const before = (await readBack(target(), 'none')).total;
    const run = await runImport(['tabbycat', `${FIXTURES}/broken`], env());
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('导入失败，没有写入任何内容。共 5 处错误：');
    expect(run.stderr).toContain('institutions.csv 第 2 行：机构代码「Lakeside」与第 1 行重复');
    expect(run.stderr).toContain('rounds.csv 第 1 行：编排方式「coin toss」不认识');
    expect((await readBack(target(), 'none')).total).toBe(before);

    const unknownOwner = await runImport(
      ['tabbycat', `${FIXTURES}/anorak-small`, '--owner', 'nobody@bianshi.test'],
      env(),
    );
    expect(unknownOwner.code).toBe(1);
    expect(unknownOwner.stderr).toContain('找不到账号 nobody@bianshi.test');
  }, 150_000);
});

describe('npm run import -- tabbycat (PGlite under DATA_DIR)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bianshi-tabbycat-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says to pass --owner when there is no admin, then imports with it', async () => {
    const noAdmin = await runImport(['tabbycat', `${FIXTURES}/anorak-small`], { DATA_DIR: dataDir });
    expect(noAdmin.code).toBe(1);
    expect(noAdmin.stdout).toBe('');
    expect(noAdmin.stderr).toContain('请用 --owner <邮箱> 指定所有者');

    const target: DatabaseTarget = { kind: 'pglite', dataDir };
    const ids = await seedAccounts(target, [{ email: 'owner@bianshi.test', admin: false }]);
    const run = await runImport(['tabbycat', `${FIXTURES}/anorak-small`, '--owner', 'owner@bianshi.test'], {
      DATA_DIR: dataDir,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { tournament: { id: string; slug: string } };
    // Without --name the folder's name is the tournament's.
    expect(printed.tournament.slug).toBe('anorak-small');
    const back = await readBack(target, printed.tournament.id);
    expect(back.row).toMatchObject({ name: 'anorak-small', ownerId: ids.get('owner@bianshi.test') });
  }, 200_000);
});
