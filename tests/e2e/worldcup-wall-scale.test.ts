/**
 * The live wall of a 100-room round in a real Chromium (issue 34, *Scale*): on a 1920×1080
 * projector every room's clock is drawn inside the screen and all of them advance while the
 * page keeps drawing frames; on a phone (390×844) the rooms go two a row.
 * `WALL_SHOTS=/tmp/shots` also saves the screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { bigTeamsCsv, bigVenues } from '../support/big-tournament';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

const SHOTS = process.env.WALL_SHOTS;
const ROOMS = 100;
/** The first stage of 世界杯赛制 with a clock. */
const FIRST_SPEECH = 3;
const SLUG = `wall-big-${Date.now().toString(36)}`;

let hub: TestHub;
let browser: Browser;
let roundId = '';

beforeAll(async () => {
  [hub, browser] = await Promise.all([
    startHub({ env: process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {} }),
    launchBrowser(),
  ]);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const owner = await createAccount(hub, 'wall-big');
  const { id: tournamentId } = await owner.client.tournament.create.mutate({
    tournament: { name: '二百队邀请赛', slug: SLUG, venues: bigVenues(ROOMS), judgesPerFixture: 0 },
  });
  await owner.client.tournament.importTeams.mutate({
    tournamentId,
    import: { source: 'csv', text: bigTeamsCsv(ROOMS * 2) },
  });
  ({ roundId } = await owner.client.tournament.addRound.mutate({
    tournamentId,
    round: { drawKind: 'power' },
  }));
  await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'wall' } });
  const { timerIds } = await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
  // Every room's clock running, as 100 timekeepers would have them (straight to the service:
  // one test address would meet the per-address command limit).
  for (const timerId of timerIds) {
    const timer = await hub.services.timers.get(timerId);
    for (const command of [{ type: 'goto', stageIndex: FIRST_SPEECH }, { type: 'toggle' }] as const)
      expect((await hub.services.timers.command(timer, undefined, command, { actor: 'test' })).ok).toBe(true);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const clockTexts = (page: Page) =>
  page.locator('[data-testid="tw-tile"] .td-clock__digits').allTextContents();

/** Frames the page drew in `ms` (requestAnimationFrame callbacks). */
const framesIn = (page: Page, ms: number) =>
  page.evaluate(
    (duration) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const end = performance.now() + duration;
        const step = (now: number) => {
          frames += 1;
          if (now < end) requestAnimationFrame(step);
          else resolve(frames);
        };
        requestAnimationFrame(step);
      }),
    ms,
  );

describe('the live wall of a 100-room round', () => {
  it('draws every clock inside a 1920×1080 projector and all of them advance', async () => {
    const viewport = { width: 1920, height: 1080 };
    const { context, page, errors } = await openPage(browser, { viewport });
    await page.goto(`${hub.url}/worldcup/${SLUG}/live/${roundId}`);
    await until(
      () => clockTexts(page),
      (texts) => texts.length === ROOMS,
      30_000,
    );
    expect(await page.getByTestId('tw-count').innerText()).toBe('100 场进行中 / 共 100 场');
    const boxes = await page.locator('[data-testid="tw-tile"] .td--compact').evaluateAll((clocks) =>
      clocks.map((clock) => {
        const box = clock.getBoundingClientRect();
        return { bottom: box.bottom, right: box.right, height: box.height };
      }),
    );
    for (const box of boxes) {
      expect(box.bottom).toBeLessThanOrEqual(viewport.height);
      expect(box.right).toBeLessThanOrEqual(viewport.width);
      // Big enough to read the digits across a tab room.
      expect(box.height).toBeGreaterThanOrEqual(50);
    }
    const before = await clockTexts(page);
    await until(
      () => clockTexts(page),
      (texts) => texts.length === ROOMS && texts.every((text, index) => text !== before[index]),
      10_000,
    );
    // Keeping pace: at 100 clocks sized by their box the page drew under 4 frames a second.
    expect(await framesIn(page, 2_000)).toBeGreaterThanOrEqual(40);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-100-1920x1080.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts two rooms a row on a phone', async () => {
    const viewport = { width: 390, height: 844 };
    const { context, page, errors } = await openPage(browser, { viewport });
    await page.goto(`${hub.url}/worldcup/${SLUG}/live/${roundId}`);
    await until(
      () => clockTexts(page),
      (texts) => texts.length === ROOMS,
      30_000,
    );
    const lefts = await page
      .locator('[data-testid="tw-tile"]')
      .evaluateAll((tiles) => tiles.slice(0, 4).map((tile) => Math.round(tile.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(2);
    expect(lefts[0]).toBe(lefts[2]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/wall-100-390x844.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
