/**
 * `node --import tsx client/build/content/cli.ts <out-dir> [content-dir]`: compiles content/
 * into the built client (`_content/…`, `<path>/_payload.json`). Exits 1 with one line per
 * problem when a front matter is wrong, so the build fails.
 */
import { join, resolve } from 'node:path';
import { compileContent, ContentBuildError } from './compile';
import { writeSite } from './write';

const root = resolve(new URL('../../..', import.meta.url).pathname);
const outDir = resolve(process.argv[2] ?? join(root, 'client/dist'));
const contentDir = resolve(process.argv[3] ?? join(root, 'content'));

try {
  const site = await compileContent({ contentDir, readmePath: join(root, 'README.md'), repoEditUrl: process.env.CONTENT_REPO_EDIT_URL });
  writeSite(site, outDir);
  console.log(`content: ${site.manifest.routes.length} pages, ${site.search.length} search sections → ${outDir}`);
} catch (error) {
  console.error(error instanceof ContentBuildError ? error.message : `content build failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
}
