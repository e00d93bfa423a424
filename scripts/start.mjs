// `npm start`: build whatever is missing or older than its sources, then run one hub.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of the files below `dir` (node_modules and build output skipped). */
function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(join(root, dir)) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale(join(root, 'client/dist/index.html'), ['client', 'shared/src', 'content'])) {
  console.log('构建客户端…');
  run(['run', 'build', '-w', 'client']);
}
if (stale(join(root, 'hub/dist/main.js'), ['hub/src', 'shared/src'])) {
  console.log('构建服务端…');
  run(['run', 'build', '-w', 'hub']);
}

const hub = spawn(process.execPath, ['--enable-source-maps', join(root, 'hub/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => hub.kill(signal));
hub.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
