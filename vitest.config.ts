import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects:
 * - unit: pure code beside its source (shared, hub, client)
 * - integration: a real hub on a random port, real HTTP/WebSocket clients, PGlite and Postgres
 * - e2e: the built client in the system Chromium, driven by playwright-core
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'hub/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
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
          environment: 'node',
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
