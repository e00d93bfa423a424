// `npm run dev`: a watching hub on :3001 and Vite with hot reload on :3000 proxying /api to it.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const hubPort = process.env.HUB_PORT ?? '3001';
const vitePort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'hub/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The pages are served by Vite, whose proxy rewrites Host: links and same-site checks use its address.
    env: { NODE_ENV: 'development', SITE_URL: `http://localhost:${vitePort}`, ...process.env, PORT: hubPort },
  }),
  spawn('npx', ['vite', '--port', vitePort, '--strictPort'], {
    cwd: `${root}client`,
    stdio: 'inherit',
    env: { ...process.env, HUB_URL: `http://localhost:${hubPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
