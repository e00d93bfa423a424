import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const root = resolve(new URL('../..', import.meta.url).pathname);

/** Runs the content build (a child process, so tsx compiles the TypeScript sources of shared/). */
function compileInto(outDir: string): { ok: boolean; output: string } {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'client/build/content/cli.ts'), outDir],
    { cwd: root, encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * Compiles content/ at build time into the built client (`_content/…`, `<path>/_payload.json`).
 * A bad front matter fails `vite build` with the file, the field and the reason. In dev the
 * same files are compiled once into a cache folder and served from there.
 */
export function contentPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'bianshi:content',
    apply: (_config, env) => env.command === 'build' || env.command === 'serve',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        if (!outDir || !existsSync(join(outDir, 'index.html'))) return;
        const { ok, output } = compileInto(outDir);
        if (!ok) throw new Error(output);
        this.info?.(output);
      },
    },
    configureServer(server) {
      const cache = join(root, 'node_modules/.cache/bianshi-content');
      const { ok, output } = compileInto(cache);
      if (!ok) server.config.logger.error(output);
      server.middlewares.use((req, res, next) => {
        const pathname = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
        if (!pathname.startsWith('/_content/') && !pathname.endsWith('/_payload.json')) return next();
        const file = join(cache, pathname);
        if (!file.startsWith(cache) || !existsSync(file)) return next();
        res.setHeader(
          'content-type',
          pathname.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream',
        );
        res.end(readFileSync(file));
      });
    },
  };
}
