/**
 * Tabbycat 同步 in the console, in a real Chromium against the stand-in Tabbycat API
 * (tests/fixtures/tabbycat-api-standin.ts): a wrong token is refused in Chinese beside the form;
 * the right one links the tournament and is never shown back (only its last four characters);
 * 拉取对阵 publishes a released round and lists its rooms; after the tab room changes the draw,
 * 刷新对阵 says which room changed and how; a round whose draw is not released is refused in
 * Chinese. `TABBYCAT_SHOTS=/tmp/shots` also saves screenshots (1920×1080 light, 390×844 dark).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STANDIN_SLUG,
  STANDIN_TOKEN,
  startTabbycatStandin,
  type TabbycatStandin,
} from '../fixtures/tabbycat-api-standin';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, type PageOptions, openSignedInPage } from './support/browser';

const SHOTS = process.env.TABBYCAT_SHOTS;
const SLUG = `tc-link-${Date.now().toString(36)}`;

let hub: TestHub;
let standin: TabbycatStandin;
let browser: Browser;
let owner: TestAccount;

beforeAll(async () => {
  [standin, browser] = await Promise.all([startTabbycatStandin(), launchBrowser()]);
  hub = await startHub({
    env: {
      TABBYCAT_ALLOW_PRIVATE: 'on',
      ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {}),
    },
  });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(hub, 'tc-link');
  await owner.client.tournament.create.mutate({ tournament: { name: 'Tabbycat 同步演示', slug: SLUG } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await standin?.close();
});

async function consolePage(options: PageOptions = {}) {
  const opened = await openSignedInPage(browser, hub.url, owner.cookie, {
    viewport: { width: 1920, height: 1080 },
    ...options,
  });
  await opened.page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-tabbycat`);
  await opened.page.getByTestId('tm-tc').waitFor();
  return opened;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('Tabbycat link in the console', () => {
  it('links with a token it never shows back, pulls a round, refreshes it after a change, and refuses in Chinese', async () => {
    const { context, page, errors } = await consolePage();
    try {
      await expect.poll(() => text(page, 'tm-tc-status')).toBe('还没有关联 Tabbycat。');
      await page.getByTestId('tm-tc-site').fill(standin.url);
      await page.getByTestId('tm-tc-slug').fill(STANDIN_SLUG);
      // No token on a first link: said before any request.
      await page.getByTestId('tm-tc-link').click();
      await expect.poll(() => text(page, 'tm-tc-error')).toBe('首次关联请填写 API 令牌');
      await page.getByTestId('tm-tc-token').fill('wrong-token-0000000000');
      await page.getByTestId('tm-tc-link').click();
      await expect
        .poll(() => text(page, 'tm-tc-error'))
        .toBe('Tabbycat 拒绝了这个 API 令牌：请在 Tabbycat 的「修改密码」页面复制管理员令牌后重试');

      await page.getByTestId('tm-tc-token').fill(STANDIN_TOKEN);
      await page.getByTestId('tm-tc-link').click();
      await expect
        .poll(() => text(page, 'tm-tc-status'))
        .toContain(`已关联到 ${standin.url} 的「${STANDIN_SLUG}」`);
      expect(await page.getByTestId('tm-tc-error').count()).toBe(0);
      expect(await page.getByTestId('tm-tc-token').inputValue()).toBe('');
      expect(await page.getByTestId('tm-tc-token').getAttribute('placeholder')).toBe(
        `已保存令牌（…${STANDIN_TOKEN.slice(-4)}）；留空则继续使用`,
      );
      expect(await page.content()).not.toContain(STANDIN_TOKEN);

      // Round 1 is released on Tabbycat: the first pull publishes it.
      await page.getByTestId('tm-tc-round').fill('1');
      await page.getByTestId('tm-tc-pull').click();
      await expect.poll(() => text(page, 'tm-tc-summary')).toContain('「Round 1」已发布：2 场比赛各有计时器');
      expect(
        await page
          .locator('[data-testid="tm-tc-room"]')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-change'))),
      ).toEqual(['added', 'added']);
      await page.getByTestId('tm-tc-result').scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tabbycat-1920-light.png` });

      // The tab room swaps a room's sides on Tabbycat; 刷新对阵 says so.
      standin.setRoom(1, 601, { aff: 103, neg: 101 });
      await page.getByTestId('tm-tc-refresh').click();
      await expect
        .poll(() => text(page, 'tm-tc-summary'))
        .toContain('「Round 1」已刷新：新增 0，变更 1，未变 1，移除 0');
      await expect
        .poll(() => page.locator('[data-testid="tm-tc-room"][data-change="changed"]').textContent())
        .toContain('变更：正反方');

      // Round 2's draw is not released on Tabbycat.
      await page.getByTestId('tm-tc-round').fill('2');
      await page.getByTestId('tm-tc-pull').click();
      await expect
        .poll(() => text(page, 'tm-tc-error'))
        .toBe('Tabbycat 上「Round 2」的对阵尚未发布：请在 Tabbycat 中发布对阵后再拉取');

      // Relinking keeps the kept token when the field is left empty.
      await page.getByTestId('tm-tc-link').click();
      await expect.poll(() => page.getByTestId('tm-tc-error').count()).toBe(0);
      await expect.poll(() => text(page, 'tm-tc-status')).toContain('上次拉取：');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const { context, page, errors } = await consolePage({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    try {
      await expect.poll(() => text(page, 'tm-tc-status')).toContain('上次拉取：');
      await page.getByTestId('tm-tc').scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tabbycat-390-dark.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
