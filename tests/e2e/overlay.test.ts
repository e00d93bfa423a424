/**
 * The livestream overlay in a real Chromium against a real hub, as OBS loads it: a page whose
 * background is transparent (the screenshot's pixels outside the panel have alpha 0), with the
 * clock following commands, in every layout, on 1920×1080 and 1080×1920.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
let timer: { id: string; controlKey: string };
const SHOTS = process.env.OVERLAY_SHOTS_DIR ?? null;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  const response = await fetch(`${hub.url}/api/v1/timers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"formatId":"bp","name":"直播测试"}',
  });
  timer = (await response.json()) as { id: string; controlKey: string };
  await command({ type: 'goto', stageIndex: 1 });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function command(body: unknown) {
  const response = await fetch(`${hub.url}/api/v1/timers/${timer.id}/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${timer.controlKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** Alpha of the pixel at (x, y) of a PNG screenshot taken with a transparent background. */
function alphaAt(png: PNG, x: number, y: number): number {
  return png.data[(png.width * y + x) * 4 + 3]!;
}

describe('livestream overlay', () => {
  it.each([
    ['corner', { width: 1920, height: 1080 }],
    ['lower-third', { width: 1920, height: 1080 }],
    ['full', { width: 1080, height: 1920 }],
  ] as const)('draws the %s layout on a transparent page (%o)', async (layout, viewport) => {
    const { page, context, errors } = await openPage(browser, { viewport, colorScheme: 'dark' });
    try {
      await page.goto(`${hub.url}/timer/${timer.id}/overlay?layout=${layout}`);
      const clock = page.getByRole('timer').first();
      await clock.waitFor({ timeout: 20_000 });
      await expect.poll(() => clock.innerText(), { timeout: 20_000 }).toMatch(/^\d{2}:\d{2}$/);
      expect(await page.getByTestId('overlay-stage').innerText()).toBe('首相');

      const shot = await page.screenshot({ omitBackground: true });
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/overlay-${layout}-${viewport.width}x${viewport.height}.png`,
          omitBackground: true,
        });
      const png = PNG.sync.read(shot);
      const panel = await page.locator('.ov-panel').boundingBox();
      expect(panel).not.toBeNull();
      // Outside the panel nothing is drawn: fully transparent, so the stream shows through.
      const outside = [
        [2, 2],
        [png.width - 3, png.height - 3],
        [2, png.height - 3],
        [png.width - 3, 2],
      ].filter(
        ([x, y]) =>
          !(
            x! >= panel!.x &&
            x! <= panel!.x + panel!.width &&
            y! >= panel!.y &&
            y! <= panel!.y + panel!.height
          ),
      );
      expect(outside.length).toBeGreaterThan(0);
      for (const [x, y] of outside) expect(alphaAt(png, x!, y!), `pixel ${x},${y}`).toBe(0);
      // The panel itself is drawn (its backdrop is semi-transparent, the digits opaque).
      expect(
        alphaAt(png, Math.round(panel!.x + panel!.width / 2), Math.round(panel!.y + panel!.height / 2)),
      ).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('follows the timer as it runs and moves on', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    try {
      await page.goto(`${hub.url}/timer/${timer.id}/overlay?layout=lower-third`);
      const clock = page.getByRole('timer').first();
      await expect.poll(() => clock.innerText(), { timeout: 20_000 }).toBe('07:00');
      await command({ type: 'start' });
      await expect.poll(() => clock.innerText(), { timeout: 20_000 }).toMatch(/^06:5\d$/);
      await command({ type: 'next' });
      await expect
        .poll(() => page.getByTestId('overlay-stage').innerText(), { timeout: 20_000 })
        .toBe('反对党领袖');
    } finally {
      await context.close();
    }
  });
});
