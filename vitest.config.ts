import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects:
 * - unit: pure code beside its source (shared, hub, client)
 * - integration: a real hub on a random port, real HTTP/WebSocket clients, PGlite and Postgres
 * - e2e: the built client in the system Chromium, driven by playwright-core
 *
 * Files of a project share their worker (`isolate: false`): each file still gets its own hubs,
 * databases and browser contexts, but the hub's modules and PGlite's WebAssembly are loaded once
 * per worker instead of once per file (4–6 s of CPU a file). `npm test` runs the e2e project
 * beside the other two (scripts/test-run.mjs).
 */
const common = { environment: 'node', isolate: false } as const;
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'hub/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          ...common,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...common,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium for the whole run; each file connects to it (tests/e2e/support/browser.ts).
          globalSetup: ['tests/e2e/support/shared-chromium.ts'],
          ...common,
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['shared/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
