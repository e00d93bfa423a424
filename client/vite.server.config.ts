import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PREACT_ALIASES } from './build/preact-aliases.ts';

/**
 * What the hub runs of the client: the screens' first frames (src/screen-server.tsx), built for
 * Node on Preact, with everything they import bundled, into `dist-server/` (beside `dist/`, so the
 * hub never serves it as a file).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: PREACT_ALIASES },
  // The hub serves the client's files from dist/; nothing of public/ belongs here.
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/screen-server.tsx',
    outDir: fileURLToPath(new URL('./dist-server', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rollupOptions: {
      output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', format: 'es' },
    },
  },
});
