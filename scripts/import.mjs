// `npm run import -- topics <file.csv|file.json>` | `schools <file.csv>` | `tabbycat <folder> [--name] [--owner]`.
// Uses the hub's configuration (DATABASE_URL, else PGlite under DATA_DIR); stop a PGlite hub first.
import { spawnSync } from 'node:child_process';
const root = new URL('..', import.meta.url).pathname;
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', new URL('./import-command.ts', import.meta.url).pathname, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
