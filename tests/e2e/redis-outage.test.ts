/**
 * Redis goes down under two hubs on Postgres (issue 30, "degraded modes that say so"), in a real
 * Chromium: the console on hub A and displays on hubs A and B stay in step (the hubs carry match
 * changes through Postgres LISTEN/NOTIFY meanwhile), and every screen says 服务器间同步已降级 until
 * Redis is back. Screenshots of the badge go to /tmp/fallback-shots/ when SHOTS_DIR is set.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { startRedis, type TestRedis } from '../support/redis';
import { httpClient } from '../support/trpc';
import { speechFormat } from '../support/formats';
import { launchBrowser, openPage } from './support/browser';
import { badge, clockText, running } from './support/display-readers';

const format = speechFormat('redis-outage-e2e', 'Redis 中断演练', [180_000, 180_000]);
const WAIT = { timeout: 30_000 };
const BACKUP = '服务器间同步已降级';
const SHOTS = process.env.SHOTS_DIR;

let scratch: ScratchDatabase;
let redis: TestRedis;
let browser: Browser;
const hubs: HubProcess[] = [];

beforeAll(async () => {
  [scratch, redis, browser] = await Promise.all([createScratchPostgres(), startRedis(), launchBrowser()]);
  const env = { DATABASE_URL: scratch.url, REDIS_URL: redis.url };
  hubs.push(await spawnHub(env));
  hubs.push(await spawnHub(env));
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const hub of hubs) await hub.kill();
  await redis?.close();
  await scratch?.drop();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function press(page: Page, key: string) {
  await page.locator('body').focus();
  await page.keyboard.press(key);
}

describe('Redis down under two hubs, in the browser', () => {
  it('keeps the console and displays on both hubs in step, and says so until Redis is back', async () => {
    const [a, b] = hubs as [HubProcess, HubProcess];
    const timer = await httpClient(a.url).timer.create.mutate({ name: 'Redis 中断演练', format });
    const ctl = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await ctl.page.goto(`${a.url}/timer/manage/${timer.shortid}#key=${timer.controlKey}`);
    await ctl.page.getByTestId('console-stage-name').waitFor(WAIT);
    const projector = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const displays = [
      { hub: 'A', page: phone.page },
      { hub: 'B', page: projector.page },
    ];
    await phone.page.goto(`${a.url}/timer/${timer.id}`);
    await projector.page.goto(`${b.url}/timer/${timer.id}`);
    for (const { page } of displays) await expect.poll(() => badge(page), WAIT).toBe('在线');

    await press(ctl.page, ' ');
    for (const { page } of displays) await expect.poll(() => running(page), WAIT).toBe('true');

    // Redis goes. Every screen says the hubs are on the backup; nothing drifts.
    await redis.stop();
    for (const { page } of displays) await expect.poll(() => badge(page), WAIT).toBe(BACKUP);
    await expect
      .poll(
        () =>
          ctl.page
            .getByTestId('peers-badge')
            .innerText()
            .catch(() => ''),
        WAIT,
      )
      .toBe(BACKUP);
    expect(await projector.page.getByTestId('connection-badge').getAttribute('title')).toContain(
      '数据库同步',
    );
    await shot(projector.page, 'peers-backup-projector-1920');
    await shot(phone.page, 'peers-backup-phone-390-dark');
    await shot(ctl.page, 'peers-backup-console-1440');

    // The organizer on hub A pauses and takes ten seconds: the display on hub B follows.
    await press(ctl.page, ' ');
    await expect.poll(() => running(ctl.page), WAIT).toBe('false');
    await press(ctl.page, '-');
    const version = async () => (await httpClient(a.url).timer.get.query({ id: timer.id })).state.version;
    await expect.poll(version, WAIT).toBe(3);
    const fresh = await httpClient(a.url).timer.get.query({ id: timer.id });
    const left = Math.ceil((180_000 - fresh.state.stages[0]!.clocks[0]!.usedMs) / 1_000);
    const shown = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
    for (const { page } of [...displays, { hub: 'A', page: ctl.page }]) {
      await expect.poll(() => running(page), WAIT).toBe('false');
      await expect.poll(() => clockText(page), WAIT).toBe(shown);
    }

    // Redis is back: the badges go, and changes still reach both hubs.
    await redis.start();
    for (const { page } of displays) await expect.poll(() => badge(page), WAIT).toBe('在线');
    await ctl.page.getByTestId('peers-badge').waitFor({ state: 'detached', ...WAIT });
    await press(ctl.page, ' ');
    for (const { page } of displays) await expect.poll(() => running(page), WAIT).toBe('true');
    expect([...ctl.errors, ...projector.errors, ...phone.errors]).toEqual([]);
    for (const opened of [ctl, projector, phone]) await opened.context.close();
  }, 180_000);
});
