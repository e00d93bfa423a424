/**
 * The content site in a real Chromium against a hub serving the built client: docs navigation,
 * the 目录 panel and 联系客服, Chinese search, prev/next, changelog, the redirect interstitial,
 * page views reaching the collector (and stopping with the opt-out), and prerendered HTML.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { holds } from '../support/until';
import { appTookOver, launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
/** The install's customer-service page (SUPPORT_URL); the browser is answered by a stand-in route. */
const SUPPORT_URL = 'https://support.example.com/bianshi';

beforeAll(async () => {
  [hub, browser] = await Promise.all([
    startHub({ env: { ANALYTICS_WEBSITE_ID: 'e2e-site', SUPPORT_URL: SUPPORT_URL } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

describe('docs', () => {
  it('navigates the docs tree, with 目录 and 更多信息 → 联系客服 (SUPPORT_URL) opening a new tab', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${hub.url}/docs`);
    await page.getByRole('heading', { level: 1, name: '文档' }).waitFor();
    const tree = page.getByRole('navigation', { name: '文档导航' });
    await tree.getByRole('link', { name: '控制台与快捷键' }).click();
    await page.waitForURL(/\/docs\/match-day\/console$/);
    await page.getByRole('heading', { level: 1, name: '控制台与快捷键' }).waitFor();
    await expect.poll(() => page.title()).toBe('控制台与快捷键 | 专业辩论比赛计时软件');
    expect(await tree.getByRole('link', { name: '控制台与快捷键' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const toc = page.getByTestId('doc-toc');
    expect(await toc.getByRole('heading', { name: '目录' }).isVisible()).toBe(true);
    expect(await toc.getByRole('link', { name: '技术暂停' }).getAttribute('href')).toBe('#技术暂停');
    // Scroll-spy: after jumping to a heading, its entry is the current one.
    await toc.getByRole('link', { name: '技术暂停' }).click();
    await expect
      .poll(() => toc.locator('[aria-current="location"]').innerText(), { timeout: 10_000 })
      .toBe('技术暂停');

    const more = toc.getByRole('region', { name: '更多信息' });
    const contact = more.getByRole('link', { name: '联系客服' });
    expect(await contact.getAttribute('target')).toBe('_blank');
    expect(await contact.getAttribute('rel')).toContain('noopener');
    await context.route(`${SUPPORT_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<title>客服</title>' }),
    );
    const [popup] = await Promise.all([context.waitForEvent('page'), contact.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(SUPPORT_URL);
    expect(page.url()).toMatch(/\/docs\/match-day\/console/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds a Chinese word that only appears in a body paragraph and jumps to its heading', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${hub.url}/docs/getting-started/quick-start`);
    await page.getByRole('heading', { level: 1, name: '快速开始' }).waitFor();
    // The word is in a paragraph of 大屏与投影 under 投影前的准备, in no title or heading.
    const sections = (await (await fetch(`${hub.url}/_content/search.json`)).json()) as {
      heading: string;
      pageTitle: string;
      text: string;
    }[];
    const holders = sections.filter((s) => s.text.includes('回声'));
    expect(holders.map((s) => s.heading)).toEqual(['投影前的准备']);
    expect(sections.some((s) => s.heading.includes('回声') || s.pageTitle.includes('回声'))).toBe(false);

    // Shortcuts work once the app has taken the drawn page over and run its effects: the sidebar's
    // page list, fetched from one of them, is in.
    await appTookOver(page);
    await page.locator('.nav-tree__link').first().waitFor();
    await page.keyboard.press('/');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await input.fill('回声');
    const hit = page.getByTestId('search-hit').first();
    await hit.waitFor();
    expect(await hit.innerText()).toContain('投影前的准备');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/match-day\/display#/);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#投影前的准备');
    await page.getByRole('heading', { level: 1, name: '大屏与投影' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('heading', { level: 2, name: '投影前的准备' })
          .evaluate((h) => Math.round(h.getBoundingClientRect().top)),
      )
      .toBeLessThan(200);

    // Ctrl-K opens it too, and the arrow keys move the selection.
    await page.keyboard.press('Control+k');
    await input.fill('服务器');
    await page.getByTestId('search-hit').nth(1).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('search-hit').nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links each page to the previous and next ones', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/docs/getting-started/quick-start`);
    await page.getByRole('heading', { level: 1, name: '快速开始' }).waitFor();
    expect(await page.getByTestId('doc-prev').count()).toBe(0);
    await page.getByTestId('doc-next').click();
    await page.getByRole('heading', { level: 1, name: '创建计时器' }).waitFor();
    expect(await page.getByTestId('doc-prev').innerText()).toContain('快速开始');
    expect(await page.getByTestId('doc-next').innerText()).toContain('控制台与快捷键');
    expect(await page.getByTestId('doc-updated').innerText()).toMatch(
      /^最后更新：\d{4}年\d{1,2}月\d{1,2}日$/,
    );
    await context.close();
  });
});

describe('content pages', () => {
  it('shows the changelog newest first with dates', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hub.url}/changelog`);
    await page.getByRole('heading', { level: 1, name: '更新日志' }).waitFor();
    const entries = page.getByTestId('changelog-entry');
    expect(await entries.count()).toBeGreaterThan(0);
    const dates = await entries
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await entries.first().innerText()).toContain('0.1.0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the redirect interstitial shows the host of http(s) links and refuses javascript:, data: and //host', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/utils/redirect?to=${encodeURIComponent('https://example.com/path?q=1')}`);
    expect(await page.getByTestId('redirect-host').innerText()).toBe('example.com');
    expect(await page.getByTestId('redirect-go').getAttribute('href')).toBe('https://example.com/path?q=1');
    for (const to of [
      'javascript:alert(document.domain)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example',
    ]) {
      await page.goto(`${hub.url}/utils/redirect?to=${encodeURIComponent(to)}`);
      await page.getByTestId('redirect-refused').waitFor();
      expect(
        await page.locator('a[href^="javascript:"], a[href^="data:"], a[href*="evil.example"]').count(),
      ).toBe(0);
      expect(page.url()).toContain('/utils/redirect');
    }
    await context.close();
  });

  it('serves the article, title and canonical link to a browser without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${hub.url}/docs/match-day/offline`);
    expect(await page.title()).toBe('离线模式 | 专业辩论比赛计时软件');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('离线模式');
    expect(await page.getByText('单机离线模式').first().isVisible()).toBe(true);
    // No SITE_URL in the test hub: the canonical link follows the address the hub is served at.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${hub.url}/docs/match-day/offline`,
    );
    await context.close();
  });
});

describe('analytics', () => {
  it('sends a page view 250 ms after load and on navigation, and none with umami.disabled = 1', async () => {
    const { context, page } = await openPage(browser);
    const sent: { body: { type: string; payload: { url: string; website: string } } }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/send')) sent.push({ body: JSON.parse(request.postData() ?? '{}') });
    });
    // Note when (on the page's own clock) the collector is called.
    await context.addInitScript(() => {
      const original = window.fetch.bind(window);
      (window as unknown as { sendTimes: number[] }).sendTimes = [];
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/api/send'))
          (window as unknown as { sendTimes: number[] }).sendTimes.push(performance.now());
        return original(input, init);
      };
    });
    await page.goto(`${hub.url}/docs/getting-started/quick-start`);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    // Sent no earlier than 250 ms after the load event, on the page's own clock.
    const gapMs = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return ((window as unknown as { sendTimes: number[] }).sendTimes[0] ?? 0) - navigation.loadEventEnd;
    });
    expect(gapMs).toBeGreaterThanOrEqual(245);
    expect(sent[0]!.body).toMatchObject({
      type: 'event',
      payload: { website: 'e2e-site', url: '/docs/getting-started/quick-start' },
    });

    await page.getByTestId('doc-next').click();
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(2);
    expect(sent[1]!.body.payload.url).toBe('/docs/getting-started/create-timer');
    await expect
      .poll(async () => (await hub.services.analytics.summary(1)).totals.pageViews, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);

    await page.evaluate(() => localStorage.setItem('umami.disabled', '1'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '创建计时器' }).waitFor();
    await page.getByTestId('doc-next').click();
    await page.getByRole('heading', { level: 1, name: '控制台与快捷键' }).waitFor();
    // Nothing more is sent: watched for 1 s (a page view goes out ~250 ms after the page loads).
    await holds(
      () => sent.length,
      (count) => count === 2,
      1_000,
    );
    expect(sent).toHaveLength(2);
    await context.close();
  });
});
