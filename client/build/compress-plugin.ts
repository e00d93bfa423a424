import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text-like files worth compressing; images, fonts and audio are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, so the hub serves them with `Content-Encoding` and no CPU at request time
 * (`hub/src/transport/static.ts`). A sibling is kept only when it is smaller than the original.
 */
export function compressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bianshi:precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: `--outDir` may be absolute (a temp directory in tests/e2e/auth-bundle.test.ts).
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDirectory(outDir);
    },
  };
}

/** Compresses every compressible file below `dir` (also usable after other build steps). */
export function compressDirectory(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compressDirectory(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    // Already compressed by an earlier build into the same directory (the display's own build).
    if (existsSync(`${path}.br`) && statSync(`${path}.br`).mtimeMs >= statSync(path).mtimeMs) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    const gzip = gzipSync(source, { level: 9 });
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
  }
}
