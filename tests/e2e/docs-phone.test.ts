/**
 * The docs on a phone (390×844) in a real Chromium against a hub serving the built client: every
 * docs page is one column without horizontal scroll, drawn (before and without scripts) and once
 * the app has taken over; the docs tree sits behind its button (aria-expanded, closes on
 * Escape with the focus back on the button, and on navigation); the 目录 is folded under the title.
 */
import { flattenNav, type NavItem } from '@bianshi/shared/content/index';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { appTookOver, launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
let paths: string[] = [];

const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  const navigation = (await (await fetch(`${hub.url}/_content/navigation.json`)).json()) as NavItem[];
  paths = ['/docs', ...flattenNav(navigation).map((page) => page.path)];
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** How wide the page scrolls, and (when that is past the viewport) the first element poking out, for the message. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    let widest = '';
    // Only when the page scrolls: wide code and tables scroll inside their own boxes.
    if (document.documentElement.scrollWidth > width)
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const right = element.getBoundingClientRect().right;
        if (right > width + 1 && !widest)
          widest = `${element.tagName.toLowerCase()}.${element.className} → ${Math.round(right)}`;
      }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });

describe('docs on a phone', () => {
  it('lays every docs page out in one column without horizontal scroll, in light and dark', async () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await openPage(browser, { viewport: PHONE, colorScheme });
      for (const path of paths) {
        await page.goto(`${hub.url}${path}`);
        await appTookOver(page);
        await page
          .locator('.nav-tree__link')
          .first()
          .waitFor({ state: 'attached', ...WAIT });
        const main = page.locator('main#main');
        await main.locator('h1').waitFor(WAIT);
        // Images take their place as they load: load them all (they are lazy) before measuring.
        await page.evaluate(() => Array.from(document.images).forEach((image) => (image.loading = 'eager')));
        await page.waitForFunction(
          () => Array.from(document.images).every((image) => image.complete),
          undefined,
          WAIT,
        );
        expect({ path, ...(await overflow(page)) }).toEqual({ path, scrollWidth: PHONE.width, widest: '' });
        // One column: the article spans the page's width, the tree is folded away.
        const box = (await main.boundingBox())!;
        expect(box.width, path).toBeGreaterThan(330);
        expect(await page.locator('#docs-nav-tree').isVisible(), path).toBe(false);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('lays the drawn pages out the same before any script runs', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    for (const path of [
      '/docs',
      '/docs/match-day/console',
      '/docs/worldcup/tournament',
      '/docs/developers/api-reference',
    ]) {
      await page.goto(`${hub.url}${path}`);
      expect(await page.locator('#root').innerHTML(), path).toMatch(/^<!--bs-drawn-->/);
      await page.locator('main#main h1').waitFor(WAIT);
      expect({ path, ...(await overflow(page)) }).toEqual({ path, scrollWidth: PHONE.width, widest: '' });
      expect((await page.locator('main#main').boundingBox())!.width, path).toBeGreaterThan(330);
    }
    await context.close();
  });

  it('opens the docs tree from its button, and closes it on Escape and on navigation', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${hub.url}/docs/getting-started/quick-start`);
    await appTookOver(page);
    const button = page.getByRole('button', { name: '全部文档' });
    const tree = page.getByRole('navigation', { name: '文档导航' });
    await button.waitFor(WAIT);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await tree.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await tree.getByRole('link', { name: '控制台与快捷键' }).waitFor(WAIT);
    // The open tree pushes nothing sideways.
    expect((await overflow(page)).scrollWidth).toBe(PHONE.width);

    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await tree.isVisible()).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await tree.getByRole('link', { name: '控制台与快捷键' }).click();
    await page.waitForURL(/\/docs\/match-day\/console$/);
    await page.getByRole('heading', { level: 1, name: '控制台与快捷键' }).waitFor(WAIT);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await tree.isVisible()).toBe(false);

    // Left open, it closes when the page changes another way (prev/next).
    await button.click();
    expect(await tree.isVisible()).toBe(true);
    await page.getByTestId('doc-next').click();
    await page.getByRole('heading', { level: 1, name: '大屏与投影' }).waitFor(WAIT);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await tree.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('folds the 目录 under the title, opens it from its button, and folds it after a jump', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${hub.url}/docs/match-day/console`);
    await appTookOver(page);
    const title = page.getByRole('heading', { level: 1, name: '控制台与快捷键' });
    const toc = page.getByTestId('doc-toc');
    const toggle = toc.getByRole('button', { name: '目录' });
    const entry = toc.getByRole('link', { name: '技术暂停' });
    await toggle.waitFor(WAIT);
    const [titleBox, tocBox, articleBox] = await Promise.all([
      title.boundingBox(),
      toc.boundingBox(),
      page.locator('.doc__body').boundingBox(),
    ]);
    expect(tocBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height);
    expect(articleBox!.y).toBeGreaterThanOrEqual(tocBox!.y + tocBox!.height);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await entry.isVisible()).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await entry.click();
    // The jump lands on the heading, below the sticky site header, with the 目录 folded.
    const top = () =>
      page
        .getByRole('heading', { level: 2, name: '技术暂停' })
        .evaluate((h) => Math.round(h.getBoundingClientRect().top));
    await expect.poll(top, WAIT).toBeLessThan(200);
    expect(await top()).toBeGreaterThan(40);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches from the phone: each area by its Chinese name, Enter opens its page', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${hub.url}/docs`);
    await appTookOver(page);
    const areas = [
      ['兑换码', '/docs/accounts/purchase', '购买、兑换码与发票'],
      ['发票', '/docs/accounts/purchase', '购买、兑换码与发票'],
      ['世界杯', '/docs/worldcup/tournament', '世界杯：举办一届赛事'],
      ['流程单', '/docs/workbench/flows', '流程单'],
      ['辩题库', '/docs/library/topics', '辩题库'],
      ['工作台', '/docs/workbench/workbench', '备赛工作台'],
    ] as const;
    for (const [word, path, title] of areas) {
      await page.getByTestId('docs-search').click();
      const input = page.getByTestId('search-input');
      await input.fill(word);
      const hit = page.getByTestId('search-hit').first();
      await expect
        .poll(() => hit.locator('.search-hit__path').innerText(), WAIT)
        .toMatch(new RegExp(`^${title}`));
      expect((await overflow(page)).scrollWidth).toBe(PHONE.width);
      await input.press('Enter');
      await page.waitForURL((url) => url.pathname === path, WAIT);
      await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
