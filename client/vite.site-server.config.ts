import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { sameBuildPlugin } from './build/builds-plugin.ts';
import { builtinFormatsPlugin } from './build/builtin-formats-plugin.ts';
import { drawPagesPlugin } from './build/draw-pages-plugin.ts';
import { pricingPlugin } from './build/pricing-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The site's pages drawn at build time (src/site-server.tsx): built for Node on React, like the
 * site, into `dist-server/site-server.mjs`, which `drawPagesPlugin` runs once the bundle is
 * written to put the landing page's, the lobby list's and the create page's markup beside the
 * content build's prerendered pages in `dist/_content/`. Runs after the site's build (it reads
 * its manifest and content).
 */
export default defineConfig({
  plugins: [
    react(),
    builtinFormatsPlugin(),
    pricingPlugin(),
    sameBuildPlugin({ version: pkg.version, siteDist: fileURLToPath(new URL('./dist', import.meta.url)) }),
    drawPagesPlugin(),
  ],
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/site-server.tsx',
    outDir: fileURLToPath(new URL('./dist-server', import.meta.url)),
    // The screens' renderer (vite.server.config.ts) is in the same folder.
    emptyOutDir: false,
    sourcemap: false,
    minify: false,
    rollupOptions: {
      output: { entryFileNames: '[name].mjs', chunkFileNames: 'site-[name]-[hash].mjs', format: 'es' },
    },
  },
});
