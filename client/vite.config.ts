import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildsPlugin } from './build/builds-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The watching hub in dev; override with HUB_URL. */
const hubUrl = process.env.HUB_URL ?? 'http://localhost:3001';
const port = Number(process.env.CLIENT_PORT ?? 3000);

export default defineConfig({
  plugins: [react(), buildsPlugin({ version: pkg.version })],
  server: {
    port,
    proxy: {
      '/api': { target: hubUrl, changeOrigin: true, ws: true },
    },
  },
  preview: { port },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
