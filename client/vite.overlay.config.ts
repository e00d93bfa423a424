import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sameBuildPlugin } from './build/builds-plugin.ts';
import { compressPlugin } from './build/compress-plugin.ts';
import { PREACT_ALIASES } from './build/preact-aliases.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The livestream overlay's own page, `overlay.html` (src/overlay-main.tsx), which the hub serves
 * for `/timer/:id/overlay` and `/lobby/:id/overlay`: on Preact like the projector display, with
 * its clocks, but built on its own, so the display's and the lobby screen's chunks stay as they
 * are (a third entry in vite.display.config.ts re-split them and grew both).
 */
export default defineConfig({
  plugins: [react(), sameBuildPlugin({ version: pkg.version }), compressPlugin()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/overlay-manifest.json',
    rollupOptions: { input: { overlay: 'overlay.html' } },
  },
});
