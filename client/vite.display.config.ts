import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sameBuildPlugin } from './build/builds-plugin.ts';
import { compressPlugin } from './build/compress-plugin.ts';
import { colorModePlugin } from './build/color-mode-plugin.ts';
import { PREACT_ALIASES } from './build/preact-aliases.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The screens with pages of their own, built after the site (`vite.config.ts`) into the same
 * `dist/`: the projector display, `display.html` (src/display-main.tsx), which the hub serves for
 * `/timer/:id` and `/timer/:id/:matchid`, and the lobby's audience screen, `lobby-screen.html`
 * (src/lobby-screen-main.tsx), which it serves for `/lobby/:id` to browsers that cannot be the
 * lobby's organizer (hub/src/transport/static.ts). They render with Preact through `preact/compat` instead of React:
 * the same components, about 50 KB less to download and far less to compile before the first
 * clock, which is what a projector or a phone on venue Wi-Fi waits for (bench `load`). Links
 * from other pages of the site open these screens inside the site's router, on React.
 */
export default defineConfig({
  plugins: [react(), colorModePlugin(), sameBuildPlugin({ version: pkg.version }), compressPlugin()],
  resolve: { alias: PREACT_ALIASES },
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: false,
    // Read by the bundle budget (client/build/route-chunks.ts) beside the site's manifest.
    manifest: '.vite/display-manifest.json',
    rollupOptions: { input: { display: 'display.html', 'lobby-screen': 'lobby-screen.html' } },
  },
});
