/**
 * Global set-up of the browser tests: one Chromium for every test file of the run, instead of
 * one per file (a launch costs 0.5–1 s on this 2-core machine, and there are over forty files).
 * Files connect to it through launchBrowser().
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH, DISABLED_FEATURES, SHARED_CHROMIUM_ENV } from './browser';

/**
 * Fails when Chromium was started with a disabled feature that our `--disable-features` (the last
 * one, the one Chromium keeps) does not repeat: a newer playwright-core disables one more.
 */
function checkDisabledFeatures(pid: number | undefined): void {
  if (pid === undefined) return;
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return; // no /proc here
  }
  const kept = new Set(DISABLED_FEATURES);
  const lost = argv
    .filter((arg) => arg.startsWith('--disable-features='))
    .flatMap((arg) => arg.slice('--disable-features='.length).split(','))
    .filter((feature) => feature && !kept.has(feature));
  if (lost.length > 0)
    throw new Error(
      `Chromium keeps only the last --disable-features: add ${[...new Set(lost)].join(', ')} to PLAYWRIGHT_DISABLED_FEATURES in tests/e2e/support/browser.ts`,
    );
}

export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  try {
    checkDisabledFeatures(server.process().pid);
  } catch (error) {
    await server.close();
    throw error;
  }
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await server.close();
  };
}
