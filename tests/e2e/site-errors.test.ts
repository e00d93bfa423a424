/**
 * The 404 page and the error screen in a real Chromium against a real hub, and what a page does
 * when a route's chunk does not load: reload onto the new build when the hub answers (a deploy
 * renamed it); keep the page and say so when it does not (the venue's network is gone).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../client/build/route-chunks';
import { startHub, type TestHub } from '../support/hub';
import { holds } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

describe('error pages', () => {
  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.title()).toContain('Page not found');
    expect(await page.getByTestId('not-found').innerText()).toContain('404');
    expect(await page.getByTestId('error-message').innerText()).toBe('Page Not Found: /no/such/page');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await context.close();
  });

  it('shows the error screen with status and message, and its button goes home', async () => {
    const { context, page } = await openPage(browser, { debug: true });
    await page.goto(`${hub.url}/__error-test`);
    await page.getByTestId('error-screen').waitFor();
    await expect.poll(() => page.title()).toBe('出错了 | 专业辩论比赛计时软件');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('出错了');
    expect(await page.getByTestId('error-status').innerText()).toBe('500');
    expect(await page.getByTestId('error-status-message').innerText()).toBe('服务器内部错误');
    expect(await page.getByTestId('error-message').innerText()).toBe('这是一个用于测试错误页面的故意错误。');
    expect(await page.getByTestId('error-screen').innerText()).not.toMatch(/at \w+ \(|\.tsx?:\d+/);

    await page.getByTestId('error-clear').click();
    await page.waitForURL(`${hub.url}/`);
    await page.getByTestId('cta-start').waitFor();
    await expect.poll(() => page.title()).toBe('辩时 | 专业辩论比赛计时软件');
    expect(await page.getByTestId('error-screen').count()).toBe(0);
    await context.close();
  });

  it('keeps the error route harmless without the debug flag', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/__error-test`);
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });

  /** Marks the page's window, so a reload shows as the mark being gone. */
  const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __kept: true }));
  const marked = (page: Page) => page.evaluate(() => (window as { __kept?: boolean }).__kept === true);
  /** The create page's own chunk (its route module), from the build's manifest. */
  const createChunk = readManifest(join(process.cwd(), 'client', 'dist'))['src/features/create/index.ts']!
    .file;
  const CREATE_CHUNK = (url: URL) => url.pathname === `/${createChunk}`;

  it('reloads onto the new build when a route chunk is gone but the hub answers', async () => {
    const { context, page } = await openPage(browser);
    // The build this page started from has no create chunk any more (a deploy renamed it).
    let gone = true;
    await page.route(CREATE_CHUNK, (route) =>
      gone ? route.fulfill({ status: 404, body: 'Not Found' }) : route.fallback(),
    );
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().endsWith('/create')) gone = false;
    });
    await page.goto(`${hub.url}/`);
    await page.getByTestId('cta-start').waitFor();
    await mark(page);
    await page.getByTestId('cta-start').click();
    await page.getByRole('tab', { name: '粘贴规则文字' }).waitFor();
    expect(page.url()).toBe(`${hub.url}/create`);
    expect(await marked(page)).toBe(false);
    await context.close();
  });

  it('keeps the page and says in Chinese that part of it did not load when the hub does not answer', async () => {
    const { context, page } = await openPage(browser);
    // The network goes before the create chunk came (in view, the link would fetch it ahead):
    // the chunk and the check whether the hub answers both fail.
    await page.route(CREATE_CHUNK, (route) => route.abort('connectionrefused'));
    await page.route('**/*', (route) =>
      route.request().method() === 'HEAD' ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.goto(`${hub.url}/`);
    await page.getByTestId('cta-start').waitFor();
    await mark(page);
    await page.getByTestId('cta-start').click();
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-message').innerText()).toBe(
      '页面的一部分没能加载，请检查网络后重试。',
    );
    // The page stays (it is not reloaded behind the message): watched for 1 s.
    expect(
      await holds(
        () => marked(page).catch(() => false),
        (kept) => kept,
        1_000,
      ),
    ).toBe(true);
    // The network is back: 重新加载 brings the page.
    await page.unrouteAll();
    await page.getByTestId('error-reload').click();
    await page.getByRole('tab', { name: '粘贴规则文字' }).waitFor();
    await context.close();
  });

  it('keeps a page whose toaster and browser check did not load (the network went as it started)', async () => {
    const { context, page } = await openPage(browser);
    const manifest = readManifest(join(process.cwd(), 'client', 'dist'));
    const optional = new Set(
      [
        manifest['src/components/ui/toaster.tsx']!.file,
        manifest['src/features/browser-compat/index.ts']!.file,
      ].map((file) => `/${file}`),
    );
    await page.route(
      (url) => optional.has(url.pathname),
      (route) => route.abort('connectionrefused'),
    );
    await page.route('**/*', (route) =>
      route.request().method() === 'HEAD' ? route.abort('connectionrefused') : route.fallback(),
    );
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
    await page.goto(`${hub.url}/`);
    await page.getByTestId('cta-start').waitFor();
    await mark(page);
    await expect.poll(() => failed.filter((path) => optional.has(path)).length).toBeGreaterThanOrEqual(2);
    // The page stays as it is, with no error screen: watched for 1 s.
    const kept = async () => ({
      errorScreens: await page.getByTestId('error-screen').count(),
      ctaVisible: await page.getByTestId('cta-start').isVisible(),
      marked: await marked(page).catch(() => false),
    });
    await holds(kept, (now) => now.errorScreens === 0 && now.ctaVisible && now.marked, 1_000);
    expect(await page.getByTestId('error-screen').count()).toBe(0);
    expect(await page.getByTestId('cta-start').isVisible()).toBe(true);
    expect(await marked(page)).toBe(true);
    await context.close();
  });
});
