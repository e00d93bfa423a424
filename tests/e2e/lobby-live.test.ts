/**
 * Lobbies in a real Chromium against a real hub serving the built client: an audience phone
 * joins by code; the organizer (from the organizer link) switches the featured match, sends a
 * message to every screen and one to this screen alone; the audience phone shows each.
 * (`E2E_CLIENT_DIST` points the hub at another client build, e.g. while others rebuild client/dist.)
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { confirmDialog, launchBrowser, openPage } from './support/browser';
import { speechFormat } from '../support/formats';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  const env: Record<string, string> = process.env.E2E_CLIENT_DIST
    ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST }
    : {};
  [hub, browser] = await Promise.all([startHub({ env }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const FORMAT = speechFormat('lobby-e2e', '大厅浏览器测试', [180_000]);

describe('lobby in the browser', () => {
  it('joins by code, follows the featured match and shows the organizer’s messages', async () => {
    const api = httpClient(hub.url);
    const [first, second] = await Promise.all(
      ['甲组 复赛', '乙组 复赛'].map((name) => api.timer.create.mutate({ name, format: FORMAT })),
    );
    const lobby = await api.lobby.create.mutate({
      name: '复赛大厅',
      visibility: 'public',
      timers: [first!.id, second!.id],
    });

    const audience = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await audience.page.goto(`${hub.url}/lobby`);
    await audience.page.getByTestId('lobby-code').fill(lobby.code.toLowerCase());
    await audience.page.getByRole('button', { name: '加入' }).click();
    await audience.page.waitForURL(`**/lobby/${lobby.id}`, { timeout: 20_000 });
    const featured = audience.page.getByTestId('lobby-featured');
    await featured.waitFor({ timeout: 20_000 });
    expect(await featured.getAttribute('data-timer-id')).toBe(first!.id);
    await audience.page.getByRole('timer').first().waitFor();
    expect(await audience.page.getByRole('timer').first().innerText()).toMatch(/03:00/);

    const organizer = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await organizer.page.goto(`${hub.url}/lobby/${lobby.id}?key=${lobby.organizerKey}`);
    await organizer.page.getByTestId('lobby-console').waitFor({ timeout: 20_000 });
    expect(organizer.page.url()).not.toContain('key=');
    // The audience phone appears in the roster within a tick or two.
    await organizer.page
      .locator('[data-testid="lobby-roster-row"][data-role="audience"]')
      .waitFor({ timeout: 15_000 });

    await organizer.page.getByTestId('lobby-feature-option').filter({ hasText: '乙组 复赛' }).click();
    await audience.page
      .locator(`[data-testid="lobby-featured"][data-timer-id="${second!.id}"]`)
      .waitFor({ timeout: 15_000 });

    await organizer.page.getByTestId('lobby-broadcast-input').fill('第二轮十分钟后开始');
    await organizer.page.getByTestId('lobby-broadcast-send').click();
    await audience.page
      .getByTestId('lobby-notice')
      .filter({ hasText: '第二轮十分钟后开始' })
      .waitFor({ timeout: 15_000 });

    const row = organizer.page.locator('[data-testid="lobby-roster-row"][data-role="audience"]');
    await row.getByRole('button', { name: '发消息' }).click();
    await organizer.page.locator('.lobby-table__editor input').fill('请靠近舞台');
    await organizer.page.locator('.lobby-table__editor').getByRole('button', { name: '发送' }).click();
    await audience.page
      .getByTestId('lobby-message')
      .filter({ hasText: '请靠近舞台' })
      .waitFor({ timeout: 15_000 });

    await organizer.page.getByTestId('lobby-mode-grid').click();
    await audience.page.getByTestId('lobby-grid').waitFor({ timeout: 15_000 });
    expect(await audience.page.getByTestId('lobby-tile').count()).toBe(2);

    expect(audience.errors).toEqual([]);
    expect(organizer.errors).toEqual([]);
    await audience.context.close();
    await organizer.context.close();
  }, 120_000);

  it('the audience page draws the lobby and its featured clock from its own page before the socket answers', async () => {
    const api = httpClient(hub.url);
    const timer = await api.timer.create.mutate({ name: '戊组 决赛', format: FORMAT });
    const lobby = await api.lobby.create.mutate({
      name: '决赛大厅',
      visibility: 'private',
      timers: [timer.id],
    });
    const audience = await openPage(browser, { viewport: { width: 390, height: 844 } });
    // A socket that opens but never reaches the hub: what the page shows came with it.
    await audience.page.routeWebSocket(/\/api\/trpc/, () => undefined);
    await audience.page.goto(`${hub.url}${lobby.links.join}`);
    await audience.page
      .locator(`[data-testid="lobby-featured"][data-timer-id="${timer.id}"]`)
      .waitFor({ timeout: 20_000 });
    expect(await audience.page.getByRole('timer').first().innerText()).toMatch(/03:00/);
    expect(await audience.page.getByTestId('lobby-name').innerText()).toBe('决赛大厅');
    // Without the join link's secret a private lobby's page carries nothing, and says why once the hub answers.
    const outsider = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await outsider.page.goto(`${hub.url}/lobby/${lobby.id}`);
    await outsider.page.getByTestId('lobby-error').waitFor({ timeout: 20_000 });
    expect(await outsider.page.getByTestId('lobby-featured').count()).toBe(0);
    await audience.context.close();
    await outsider.context.close();
  });

  it('the audience page comes drawn by the hub: with scripts off the lobby, its join host and the featured clock show', async () => {
    const api = httpClient(hub.url);
    const timer = await api.timer.create.mutate({ name: '己组 决赛', format: FORMAT });
    const lobby = await api.lobby.create.mutate({
      name: '总决赛大厅',
      visibility: 'public',
      timers: [timer.id],
    });
    const still = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await still.newPage();
    await page.goto(`${hub.url}/lobby/${lobby.id}`);
    expect(await page.getByTestId('lobby-name').innerText()).toBe('总决赛大厅');
    expect((await page.getByTestId('lobby-code-value').innerText()).replace(/\s/g, '')).toBe(lobby.code);
    expect(await page.locator('.lobby-head__hint').innerText()).toContain(`${new URL(hub.url).host}/lobby`);
    expect(
      await page
        .locator(`[data-testid="lobby-featured"][data-timer-id="${timer.id}"]`)
        .getByRole('timer')
        .innerText(),
    ).toBe('03:00');
    expect(await page.locator('.splash').count()).toBe(0);
    // The closed QR dialog stays closed, as in the live page.
    expect(await page.locator('dialog.dialog').isVisible()).toBe(false);
    await still.close();

    // With scripts, the screen replaces the drawn one and joins: one featured clock, nothing thrown.
    const live = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await live.page.goto(`${hub.url}/lobby/${lobby.id}`);
    await live.page.locator('.lobby-head__qr img[src^="data:image/svg+xml"]').waitFor({ timeout: 15_000 });
    expect(await live.page.getByTestId('lobby-featured').count()).toBe(1);
    expect(await live.page.getByRole('timer').count()).toBe(1);
    expect(live.errors).toEqual([]);
    await live.context.close();
  });

  it('a phone that opens the join link gets the audience’s own page, which follows the organizer', async () => {
    const api = httpClient(hub.url);
    const [first, second] = await Promise.all(
      ['丙组 半决赛', '丁组 半决赛'].map((name) => api.timer.create.mutate({ name, format: FORMAT })),
    );
    const lobby = await api.lobby.create.mutate({
      name: '半决赛大厅',
      visibility: 'public',
      timers: [first!.id, second!.id],
    });

    // As after scanning the QR code: no cookies, the lobby's address straight away.
    const audience = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const response = await audience.page.goto(`${hub.url}/lobby/${lobby.id}`);
    expect(response?.headers()['x-bianshi-page']).toBe('lobby-screen.html');
    await audience.page
      .locator(`[data-testid="lobby-featured"][data-timer-id="${first!.id}"]`)
      .waitFor({ timeout: 20_000 });
    expect(await audience.page.getByRole('timer').first().innerText()).toMatch(/03:00/);
    expect(await audience.page.getByTestId('lobby-name').innerText()).toBe('半决赛大厅');
    expect((await audience.page.getByTestId('lobby-code-value').innerText()).replace(/\s/g, '')).toBe(
      lobby.code,
    );
    expect(await audience.page.title()).toContain('半决赛大厅');
    // The join QR code is drawn (its library loads with it).
    await audience.page
      .locator('.lobby-head__qr img[src^="data:image/svg+xml"]')
      .waitFor({ timeout: 15_000 });

    // 全屏 puts the lobby (not the page around it) in full screen, and the same button leaves it.
    await audience.page.getByRole('button', { name: '全屏' }).click();
    await audience.page.waitForFunction(
      () => document.fullscreenElement?.classList.contains('lobby-room') === true,
      null,
      { timeout: 10_000 },
    );
    await audience.page.getByRole('button', { name: '退出全屏' }).click();
    await audience.page.waitForFunction(() => document.fullscreenElement === null, null, { timeout: 10_000 });

    // A judge's link opens the same page and joins as a judge.
    const judge = await openPage(browser, { viewport: { width: 390, height: 844 } });
    const judgePath = lobby.links.judge;
    const judgeResponse = await judge.page.goto(`${hub.url}${judgePath}`);
    expect(judgeResponse?.headers()['x-bianshi-page']).toBe('lobby-screen.html');
    await judge.page.getByTestId('lobby-featured').waitFor({ timeout: 20_000 });

    // The organizer link gives the site's page, with the console, and the cookie that keeps it.
    const organizer = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const organizerResponse = await organizer.page.goto(
      `${hub.url}/lobby/${lobby.id}?key=${lobby.organizerKey}`,
    );
    expect(organizerResponse?.headers()['x-bianshi-page']).toBe('index.html');
    await organizer.page.getByTestId('lobby-console').waitFor({ timeout: 20_000 });
    await organizer.page
      .locator('[data-testid="lobby-roster-row"][data-role="audience"]')
      .waitFor({ timeout: 15_000 });
    await organizer.page
      .locator('[data-testid="lobby-roster-row"][data-role="judge"]')
      .waitFor({ timeout: 15_000 });
    const reload = await organizer.page.reload();
    expect(reload?.headers()['x-bianshi-page']).toBe('index.html');
    await organizer.page.getByTestId('lobby-console').waitFor({ timeout: 20_000 });

    await organizer.page.getByTestId('lobby-feature-option').filter({ hasText: '丁组 半决赛' }).click();
    await audience.page
      .locator(`[data-testid="lobby-featured"][data-timer-id="${second!.id}"]`)
      .waitFor({ timeout: 15_000 });
    await organizer.page.getByTestId('lobby-broadcast-input').fill('半决赛五分钟后开始');
    await organizer.page.getByTestId('lobby-broadcast-send').click();
    await audience.page
      .getByTestId('lobby-notice')
      .filter({ hasText: '半决赛五分钟后开始' })
      .waitFor({ timeout: 15_000 });
    await organizer.page.getByTestId('lobby-mode-grid').click();
    await audience.page.getByTestId('lobby-grid').waitFor({ timeout: 15_000 });
    expect(await audience.page.getByTestId('lobby-tile').count()).toBe(2);

    // Disconnected by the organizer: the screen says so, with the way back to the list.
    await organizer.page
      .locator('[data-testid="lobby-roster-row"][data-role="audience"]')
      .getByRole('button', { name: '断开' })
      .click();
    await confirmDialog(organizer.page);
    await audience.page.getByTestId('lobby-farewell').waitFor({ timeout: 15_000 });
    expect(
      await audience.page
        .getByTestId('lobby-farewell')
        .getByRole('link', { name: '返回大厅列表' })
        .getAttribute('href'),
    ).toBe('/lobby');

    expect(audience.errors).toEqual([]);
    expect(judge.errors).toEqual([]);
    expect(organizer.errors).toEqual([]);
    await Promise.all([audience.context.close(), judge.context.close(), organizer.context.close()]);
  }, 120_000);

  it('the audience’s page says in Chinese why a lobby cannot open', async () => {
    const api = httpClient(hub.url);
    const lobby = await api.lobby.create.mutate({ name: '私有大厅', visibility: 'private', timers: [] });
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    // No such lobby: 404 and the site's 404 page, with its way home.
    const unknown = await page.goto(`${hub.url}/lobby/no-such-lobby`);
    expect(unknown?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor({ timeout: 15_000 });
    for (const [path, message] of [[`/lobby/${lobby.id}`, '私有']] as const) {
      const response = await page.goto(`${hub.url}${path}`);
      expect(response?.headers()['x-bianshi-page'], path).toBe('lobby-screen.html');
      await page.getByTestId('lobby-error').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('lobby-error').innerText(), path).toContain(message);
      expect(
        await page
          .getByTestId('lobby-error')
          .getByRole('link', { name: '返回大厅列表' })
          .getAttribute('href'),
      ).toBe('/lobby');
    }
    // With its join link, the private lobby opens.
    await page.goto(`${hub.url}${lobby.links.join}`);
    await page.getByTestId('lobby-name').waitFor({ timeout: 15_000 });
    await page.getByText('这个大厅还没有比赛。').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('tells a wrong code apart in Chinese', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/lobby?code=ZZZZZZ`);
    await page.getByTestId('lobby-join-error').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('lobby-join-error').innerText()).toBe('房间码不存在，请核对后重试');
    await context.close();
  }, 60_000);
});
