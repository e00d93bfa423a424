import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the hub package directory by walking up from this module, so paths work the same
 * from `hub/src` (tsx, vitest) and from the bundled `hub/dist/main.js`.
 */
function findHubRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@bianshi/hub')
      return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot locate the hub package directory');
}

/** Absolute paths the hub needs at run time. */
export const paths = (() => {
  const hubRoot = findHubRoot();
  const repoRoot = resolve(hubRoot, '..');
  return {
    hubRoot,
    repoRoot,
    migrations: join(hubRoot, 'drizzle'),
    clientDist: join(repoRoot, 'client', 'dist'),
  };
})();

/** The product version from the root package.json. */
export const appVersion: string = (() => {
  try {
    return JSON.parse(readFileSync(join(paths.repoRoot, 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
