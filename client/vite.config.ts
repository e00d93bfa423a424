import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildsPlugin } from './build/builds-plugin.ts';
import { pricingPlugin } from './build/pricing-plugin.ts';
import { contentPlugin } from './build/content-plugin.ts';
import { compressPlugin } from './build/compress-plugin.ts';
import { routePreloadPlugin } from './build/route-preload-plugin.ts';
import { ROUTE_MODULES } from './build/route-modules.ts';
import { builtinFormatsPlugin } from './build/builtin-formats-plugin.ts';
import { colorModePlugin } from './build/color-mode-plugin.ts';
import { drawnInputPlugin } from './build/drawn-input-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The watching hub in dev; override with HUB_URL. */
const hubUrl = process.env.HUB_URL ?? 'http://localhost:3001';
const port = Number(process.env.CLIENT_PORT ?? 3000);

export default defineConfig({
  plugins: [
    react(),
    builtinFormatsPlugin(),
    colorModePlugin(),
    buildsPlugin({ version: pkg.version }),
    // The pages people open first (the landing page, the lobby list, create) and the lobby screen
    // in the site (the organizer's) start fetching their route chunks with the entry, instead of
    // after it has run. (The projector display and the audience's lobby screen have pages of their
    // own, display.html and lobby-screen.html, whose modules preload by themselves.)
    routePreloadPlugin([
      { path: '^/$', modules: ROUTE_MODULES.landing },
      { path: '^/lobby/?$', modules: ROUTE_MODULES.lobbyList },
      { path: '^/lobby/[^/]+/?$', modules: ROUTE_MODULES.lobbyRoom },
      { path: '^/create/?$', modules: ROUTE_MODULES.create },
    ]),
    // Keeps what a visitor does on a page the hub sent drawn until the app takes it over.
    drawnInputPlugin(),
    pricingPlugin(),
    contentPlugin(),
    compressPlugin(),
  ],
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
    // Read by the bundle budget (tests/e2e/bundle-budget.test.ts) to follow each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query in one chunk: every page of the site uses it, and left to itself the
          // bundler cut it in two or three by which route imports which hook, which compresses
          // about 0.6 KB worse and moved with every change to a route's imports.
          groups: [{ name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ }],
        },
      },
    },
    // The projector display's own page (display.html) is a second build: vite.display.config.ts.
  },
});
