/**
 * The site frame in a real Chromium against a real hub serving the built client:
 * Chinese landing page, titles, canonical links, placeholders, colour mode, toasts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { holds } from '../support/until';
import { appTookOver, launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

describe('site frame', () => {
  it('renders the landing page in Chinese with the title format and a canonical link', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hub.url}/?utm_source=x&code=AB12`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await expect.poll(() => page.title()).toBe('辩时 | 专业辩论比赛计时软件');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('专业辩论比赛计时软件');
    expect(await page.getByRole('link', { name: '开始计时' }).first().getAttribute('href')).toBe('/create');
    // The app's canonical link (the page came drawn with the hub's, for the address it was asked at).
    await appTookOver(page);
    await expect
      .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'))
      .toBe('http://localhost:3000/?code=AB12');
    // The footer asks the hub for system.info over tRPC (HTTP batch link).
    await page.locator('.server-status[data-state="online"]').waitFor();
    expect(await page.locator('.server-status').innerText()).toMatch(/^服务器 v\d+\.\d+\.\d+/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves a real page, not the placeholder, on every route the site map names', async () => {
    const { context, page } = await openPage(browser);
    // The last three routes that were placeholders (issues 15 and 18) are real pages now.
    for (const [path, title] of [
      ['/worldcup', '世界杯'],
      ['/ai/ccf', 'AI 立论助手'],
      ['/ai/contact', 'AI 客服'],
    ] as const) {
      await page.goto(hub.url + path);
      await expect.poll(() => page.title()).toBe(`${title} | 专业辩论比赛计时软件`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByTestId('placeholder').count()).toBe(0);
    }
    // Without a route title, the last path segment in title case.
    // (/docs/getting-started is a docs folder without a page of its own.)
    await page.goto(`${hub.url}/docs/getting-started`);
    await page.getByRole('heading', { name: '没有找到这篇文档' }).waitFor();
    await expect.poll(() => page.title()).toBe('Getting Started | 专业辩论比赛计时软件');
    await context.close();
  });

  it('joins a lobby by code, and a toast appears top-right', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(hub.url);
    await page.getByRole('button', { name: '加入' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: '请输入房间码' });
    await toast.waitFor();
    const toaster = page.locator('[data-sonner-toaster]');
    expect(await toaster.getAttribute('data-x-position')).toBe('right');
    expect(await toaster.getAttribute('data-y-position')).toBe('top');
    // The toast slides in; on a busy machine its first frames are still on the way, so wait for it to settle.
    // It sits below the 64 px site header (never over its buttons), near the top: the toaster's top offset is header + 72 px.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? Infinity, { timeout: 5_000 })
      .toBeLessThan(160);
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(64);
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 80);

    await page.getByTestId('join-code').fill('ab23cd');
    await page.getByRole('button', { name: '加入' }).click();
    await page.waitForURL(/\/lobby\?code=AB23CD$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('keeps the colour mode across a reload and follows the OS under system', async () => {
    const { context, page } = await openPage(browser, { colorScheme: 'light' });
    // A page under the main layout (its header has the colour mode toggle).
    await page.goto(`${hub.url}/worldcup`);
    await page.getByRole('heading', { level: 1, name: '世界杯' }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');

    await page.getByRole('button', { name: '深色' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '世界杯' }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getByRole('button', { name: '深色' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('bianshi:color-mode'))).toBe('dark');
    // Mirrored in a cookie for the script before the first paint, which reads no storage: an
    // audience page, whose scripts are kept from loading here, is dark from its first paint.
    expect((await context.cookies()).find((cookie) => cookie.name === 'bs_color_mode')?.value).toBe('dark');
    const noScripts = await context.newPage();
    await noScripts.route('**/assets/*.js', (route) => route.abort());
    await noScripts.goto(`${hub.url}/lobby/no-such-lobby?as=display`);
    expect(await noScripts.getAttribute('html', 'data-theme')).toBe('dark');
    await noScripts.close();

    await page.getByRole('button', { name: '跟随系统' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect((await context.cookies()).some((cookie) => cookie.name === 'bs_color_mode')).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await context.close();
  });

  it('gives a choice kept by an earlier version (localStorage alone) its cookie on the next visit', async () => {
    const { context, page } = await openPage(browser, { colorScheme: 'light' });
    await context.addInitScript(() => {
      if (!document.cookie.includes('bs_color_mode')) localStorage.setItem('bianshi:color-mode', 'dark');
    });
    await page.goto(`${hub.url}/worldcup`);
    await page.getByRole('heading', { level: 1, name: '世界杯' }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect((await context.cookies()).find((cookie) => cookie.name === 'bs_color_mode')?.value).toBe('dark');
    await context.close();
  });

  it('lets a route force its colour mode (projector display is dark)', async () => {
    const response = await fetch(`${hub.url}/api/v1/timers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"formatId":"bp"}',
    });
    const { id } = (await response.json()) as { id: string };
    const { context, page } = await openPage(browser, { colorScheme: 'light' });
    await page.goto(`${hub.url}/timer/${id}`);
    await page.getByRole('timer').first().waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
  });

  it('warns a 360 desktop browser once, with the confirm button', async () => {
    const userAgent =
      'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE';
    const { context, page } = await openPage(browser, { userAgent });
    await page.goto(hub.url);
    const dialog = page.getByRole('dialog', { name: '兼容性提示' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('360 浏览器');
    await dialog.getByRole('button', { name: '我知道了，会更换浏览器' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('cta-start').waitFor();
    expect(await page.getByRole('dialog', { name: '兼容性提示' }).count()).toBe(0);
    await context.close();
  });

  it('prefetches a link in view once the page has settled, and a hovered link at once', async () => {
    const createChunk = /\/assets\/create-[^/]+\.js$/;
    // In view: nothing before the page's own load is 2 s old, then the route's chunk.
    const inView = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const requested: number[] = [];
    inView.page.on('request', (request) => {
      if (createChunk.test(request.url())) requested.push(Date.now());
    });
    await inView.page.goto(`${hub.url}/lobby`);
    await inView.page.getByRole('link', { name: '开始计时' }).first().waitFor();
    // Not while the page settles: nothing asked for in its first second (watched).
    await holds(
      () => requested.length,
      (count) => count === 0,
      1_000,
    );
    expect(requested).toEqual([]);
    await expect.poll(() => requested.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // On the page's own clock: the chunk was asked for at least 2 s after its load event.
    // (Its resource entry appears once the chunk has arrived.)
    const waited = await inView.page
      .waitForFunction(
        () => {
          const loaded = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const chunk = performance
            .getEntriesByType('resource')
            .find((entry) => /\/assets\/create-[^/]+\.js$/.test(entry.name));
          return chunk ? chunk.startTime - loaded.loadEventStart : null;
        },
        undefined,
        { timeout: 10_000 },
      )
      .then((handle) => handle.jsonValue());
    expect(waited).toBeGreaterThanOrEqual(2_000);
    await inView.context.close();

    // Hovered: at once, before the page has settled.
    const hovered = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const atHover: number[] = [];
    hovered.page.on('request', (request) => {
      if (createChunk.test(request.url())) atHover.push(Date.now());
    });
    await hovered.page.goto(`${hub.url}/lobby`);
    const link = hovered.page.getByRole('link', { name: '开始计时' }).first();
    await link.waitFor();
    // The hub sends the page drawn; a hover lands on the app's link once the app has taken over.
    await appTookOver(hovered.page);
    const hoveredAt = Date.now();
    await link.hover();
    await expect.poll(() => atHover.length, { timeout: 1_500 }).toBeGreaterThan(0);
    expect(atHover[0]! - hoveredAt).toBeLessThan(1_500);
    await hovered.context.close();
  });

  it('publishes the build manifest the update notice polls', async () => {
    const response = await fetch(`${hub.url}/builds/latest.json?t=${Date.now()}`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as { id: string; timestamp: number };
    expect(manifest.id).toMatch(/^[0-9a-f]{32}$/);
    expect(manifest.timestamp).toBeGreaterThan(0);
    expect((await fetch(`${hub.url}/builds/meta/${manifest.id}.json`)).status).toBe(200);
  });
});
