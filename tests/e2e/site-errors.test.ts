/**
 * The 404 page and the error screen in a real Chromium against a real hub.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
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
});
