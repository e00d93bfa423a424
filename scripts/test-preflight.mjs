// Runs before `npm test`: the suite needs a Postgres server (scratch databases) and the
// `redis-server` program (tests start private Redis servers). Without them dozens of files
// would fail with connection errors; instead this stops at once with one line saying what to do.
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable() {
  const sql = postgres(url, { max: 1, connect_timeout: 3, idle_timeout: 1, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function redisInstalled() {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.status === 0;
}

const missing = [];
if (!(await postgresReachable())) missing.push(`Postgres (${new URL(url).host})`);
if (!redisInstalled()) missing.push('Redis (redis-server)');
if (missing.length > 0) {
  process.stderr.write(
    `npm test 需要 ${missing.join(' 和 ')} / needs ${missing.join(' and ')}: ` +
      'docker compose up -d postgres redis (DATABASE_URL=postgres://bianshi:bianshi@127.0.0.1:5432/bianshi) ' +
      'or start the system services (sudo service postgresql start; sudo apt install redis-server). See README "Tests".\n',
  );
  process.exit(1);
}
