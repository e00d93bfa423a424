// `npm run admin -- grant <email>` | `revoke <email>` | `list`: the global admin role.
// Uses the hub's own configuration (DATABASE_URL, else PGlite under DATA_DIR), so it touches
// the same database the hub does. PGlite allows one process at a time: stop the hub first.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', new URL('./admin-command.ts', import.meta.url).pathname, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
