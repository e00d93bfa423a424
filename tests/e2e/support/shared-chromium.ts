/**
 * Global set-up of the browser tests: one Chromium for every test file of the run, instead of
 * one per file (a launch costs 0.5–1 s on this 2-core machine, and there are over forty files).
 * Files connect to it through launchBrowser().
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH, SHARED_CHROMIUM_ENV } from './browser';

export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(CHROMIUM_LAUNCH);
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await server.close();
  };
}
