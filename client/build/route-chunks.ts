import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/** The site's build manifest and the display page's (its own build, vite.display.config.ts), merged. */
export function readManifest(dist: string): BuildManifest {
  const manifests = ['manifest.json', 'display-manifest.json'].map((name) => join(dist, '.vite', name));
  for (const path of manifests)
    if (!existsSync(path))
      throw new Error(`${path} missing: build the client first (npm run build -w client)`);
  return Object.assign(
    {},
    ...manifests.map((path) => JSON.parse(readFileSync(path, 'utf8')) as BuildManifest),
  ) as BuildManifest;
}

/**
 * The files a page needs before it can render a route: the HTML entry's chunks (`index.html`,
 * or `display.html` for the projector display's own page), and the route module's chunk (`src`,
 * e.g. `src/features/create/index.ts`) with everything they import statically (not what they
 * import on demand), with their CSS.
 */
export function filesForRoute(
  manifest: BuildManifest,
  routeSources: readonly string[],
  entry = 'index.html',
): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key} in the build manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const source of routeSources) visit(source);
  return [...files];
}
