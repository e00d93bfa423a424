import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What `builds/latest.json` holds: the id of the newest build and when it was made. */
export interface BuildManifest {
  id: string;
  timestamp: number;
}

const repoRoot = resolve(new URL('../..', import.meta.url).pathname);
/** What the site's bundles and pages are made from, relative to the repository. */
const BUILD_INPUTS = ['client', 'shared', 'content', 'README.md', 'package-lock.json'];
/** Outputs and dependencies inside the inputs. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'dist-server', 'dist-ssr', '.vite']);

function* inputFiles(path: string): Generator<string> {
  if (!existsSync(path)) return;
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (NOT_INPUTS.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* inputFiles(child);
    else if (entry.isFile()) yield child;
  }
}

/**
 * The build's id: a digest of every file the build reads, so the same sources give the same
 * bundles byte for byte (a random id changed the entry chunk's hash, and with it every chunk that
 * names it: route sizes wandered by ~100 B between builds of one tree) and a deploy that changes
 * anything gets a new id, which is what the update notice compares.
 */
export function sourceDigest(version: string, root = repoRoot): string {
  const hash = createHash('sha256').update(version);
  for (const input of BUILD_INPUTS) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    const files = input.includes('.') ? [path] : [...inputFiles(path)];
    for (const file of files)
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Stamps every production build with an id.
 *
 * - `__BUILD_ID__` (the sources' digest) is defined for the app, so a running page knows
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
      if (env.command === 'build') manifest = { id: sourceDigest(options.version), timestamp: Date.now() };
      return {
        define: {
          __BUILD_ID__: JSON.stringify(manifest.id),
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
 * `__BUILD_ID__` and `__APP_VERSION__` as the site's build, read from the
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
          __APP_VERSION__: JSON.stringify(options.version),
        },
      };
    },
  };
}
