import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CompiledSite } from './compile';

function write(path: string, data: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
}

/** Where the built client keeps a page's payload: `<path>/_payload.json` (`/_payload.json` for `/`). */
export function payloadFile(outDir: string, path: string): string {
  return join(outDir, path === '/' ? '' : path, '_payload.json');
}

/** Writes a compiled site into the built client: `_content/…`, `<path>/_payload.json`, images. */
export function writeSite(site: CompiledSite, outDir: string): void {
  for (const [name, collection] of Object.entries(site.collections)) write(join(outDir, '_content', `${name}.json`), collection);
  write(join(outDir, '_content/manifest.json'), site.manifest);
  write(join(outDir, '_content/navigation.json'), site.navigation);
  write(join(outDir, '_content/search.json'), site.search);
  write(join(outDir, '_content/prerender.json'), site.prerender);
  for (const [path, payload] of site.payloads) write(payloadFile(outDir, path), payload);
  for (const [from, to] of site.assets) {
    mkdirSync(dirname(join(outDir, to)), { recursive: true });
    copyFileSync(from, join(outDir, to));
  }
}
