/**
 * Right after creating a timer or a lobby, the person reads the QR code, the display link and
 * the room code next: no toast may lie over them, on a projector-sized screen or a phone. Real
 * Chromium against a real hub; boxes measured on the page.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };
const SHOTS = '/tmp/console-shots';

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every toast on the page that lies over one of `targets` (described), as text. */
async function covering(page: Page, targets: Record<string, Locator>): Promise<string[]> {
  const toasts = await page.locator('[data-sonner-toast]').all();
  const found: string[] = [];
  for (const toast of toasts) {
    const box = await toast.boundingBox();
    if (!box) continue;
    for (const [name, target] of Object.entries(targets)) {
      const under = await target.boundingBox();
      if (under && overlaps(box, under)) found.push(`${await toast.innerText()} ⟂ ${name}`);
    }
  }
  return found;
}

describe('toasts after creating', () => {
  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ]) {
    it(`hide neither the QR nor the room code (${viewport.width}×${viewport.height})`, async () => {
      const { context, page, errors } = await openPage(browser, { viewport });
      await page.goto(`${hub.url}/create`);
      await page.getByText('华语辩论世界杯赛制').first().click();
      await page.getByRole('button', { name: '创建计时器' }).click();
      await page.getByTestId('share-panel').waitFor(WAIT);
      const qr = page.getByRole('img', { name: '大屏链接二维码' });
      await qr.waitFor(WAIT);
      // The claim is settled (it marks this browser) when a toast about it would have shown.
      await until(
        () =>
          page.evaluate(() =>
            Object.keys(localStorage).some((key) => key.startsWith('bianshi:control-claimed:')),
          ),
        Boolean,
      );
      await qr.scrollIntoViewIfNeeded();
      expect(
        await covering(page, {
          QR: qr,
          大屏链接: page.getByTestId('display-link'),
          控制链接: page.getByTestId('control-link-once'),
        }),
      ).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/created-timer-${viewport.width}.png` });

      await page.goto(`${hub.url}/lobby`);
      await page.getByTestId('lobby-create-name').fill('第二轮');
      await page.getByTestId('lobby-create-submit').click();
      await page.getByTestId('lobby-code-value').waitFor(WAIT);
      await page.locator('[data-sonner-toast]').filter({ hasText: '大厅已创建' }).waitFor(WAIT);
      const code = page.getByTestId('lobby-code-value');
      expect(await covering(page, { 房间码: code, 二维码: page.locator('.lobby-head__qr') })).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/created-lobby-${viewport.width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
