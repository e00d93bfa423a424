import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What `builds/latest.json` holds: the id of the newest build and when it was made. */
export interface BuildManifest {
  id: string;
  timestamp: number;
}

/**
 * Stamps every production build with an id.
 *
 * - `__BUILD_ID__` and `__BUILD_TIMESTAMP__` are defined for the app, so a running page knows
 *   which build it is.
 * - `builds/latest.json` (`{id, timestamp}`) and `builds/meta/<id>.json` are emitted into the
 *   output, so a running page can poll for a newer build and offer a reload.
 *
 * In dev the id is `dev` and nothing is emitted: polling sees a 404 and stays silent.
 */
export function buildsPlugin(options: { version: string }): Plugin {
  let manifest: BuildManifest = { id: 'dev', timestamp: 0 };
  return {
    name: 'bianshi:builds',
    config(_config, env) {
      if (env.command === 'build') manifest = { id: randomUUID(), timestamp: Date.now() };
      return {
        define: {
          __BUILD_ID__: JSON.stringify(manifest.id),
          __BUILD_TIMESTAMP__: JSON.stringify(manifest.timestamp),
          __APP_VERSION__: JSON.stringify(options.version),
        },
      };
    },
    generateBundle() {
      if (manifest.id === 'dev') return;
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify(manifest) });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${manifest.id}.json`,
        source: JSON.stringify({
          ...manifest,
          version: options.version,
          matcher: { static: {}, wildcard: {}, dynamic: {} },
        }),
      });
    },
  };
}

/**
 * For a second build into the same output (the display page, vite.display.config.ts): the same
 * `__BUILD_ID__`, `__BUILD_TIMESTAMP__` and `__APP_VERSION__` as the site's build, read from the
 * `builds/latest.json` it wrote. Emits nothing.
 */
export function sameBuildPlugin(options: {
  version: string;
  /** Where the site was built, when not this build's output (the drawn pages' renderer). */ siteDist?: string;
}): Plugin {
  return {
    name: 'bianshi:same-build',
    config(config, env) {
      let manifest: BuildManifest = { id: 'dev', timestamp: 0 };
      if (env.command === 'build') {
        // The build's output directory (`--outDir` included), where the site's build went first.
        const outDir =
          options.siteDist ?? resolve(config.root ?? process.cwd(), config.build?.outDir ?? 'dist');
        const latest = join(outDir, 'builds', 'latest.json');
        if (!existsSync(latest))
          throw new Error(
            `${latest} missing: build the site first (vite build), then the display and the renderers`,
          );
        manifest = JSON.parse(readFileSync(latest, 'utf8')) as BuildManifest;
      }
      return {
        define: {
          __BUILD_ID__: JSON.stringify(manifest.id),
          __BUILD_TIMESTAMP__: JSON.stringify(manifest.timestamp),
          __APP_VERSION__: JSON.stringify(options.version),
        },
      };
    },
  };
}
