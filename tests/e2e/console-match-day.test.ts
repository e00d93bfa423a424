/**
 * The console as a timekeeper meets it on match day, in a real Chromium against a real hub:
 * Tab moves focus (it is no shortcut), the start key is Space or B (for meetings where Space is
 * push-to-talk), the time is set by typing it as people write it, screens are named from the
 * console, and an unknown timer is the site's 404 page (HTTP 404 too, like every unknown page).
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };
const SHOTS = '/tmp/console-shots';

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser(), mkdir(SHOTS, { recursive: true })]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A timer, and a console page holding its control (the control link was opened). */
async function consolePage(viewport = { width: 1440, height: 900 }, colorScheme: 'light' | 'dark' = 'light') {
  const created = await httpClient(hub.url).timer.create.mutate({
    formatId: 'cn-worldcup',
    name: '比赛日测试',
  });
  const opened = await openPage(browser, { viewport, colorScheme });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  await opened.page.getByTestId('console-stage-name').waitFor(WAIT);
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return { ...opened, created, owner };
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();
const consoleStatus = (page: Page) => page.locator('.console-status').innerText();

/** Moves the console to the match's first speech (a one-clock stage). */
async function toFirstSpeech(page: Page) {
  for (
    let i = 0;
    i < 5 && (await page.getByTestId('console-stage-name').innerText()) !== '正方一辩 立论';
    i += 1
  ) {
    const before = await page.getByTestId('console-stage-name').innerText();
    await page.keyboard.press('ArrowRight');
    await until(
      () => page.getByTestId('console-stage-name').innerText(),
      (text) => text !== before,
    );
  }
  expect(await page.getByTestId('console-stage-name').innerText()).toBe('正方一辩 立论');
}

describe('the console on match day', () => {
  it('leaves Tab to move focus, and lets this device start with B instead of Space', async () => {
    const { context, page, created, owner, errors } = await consolePage();
    await toFirstSpeech(page);
    const version = async () => (await owner.timer.get.query({ id: created.id })).state.version;

    // Tab moves focus from control to control; nothing is sent, no error is raised.
    const before = await version();
    const focused: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
    }
    expect(new Set(focused).size).toBe(4);
    expect(await version()).toBe(before);
    // S on a one-clock stage does nothing either (there is no other side), quietly.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    expect(await version()).toBe(before);
    expect((await toasts(page)).join()).not.toContain('操作失败');

    // The shortcut help offers the start key; B is chosen on this device.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: '键盘快捷键' });
    await help.waitFor(WAIT);
    await help.getByRole('radio', { name: 'B' }).check();
    expect(await help.getByTestId('shortcut-list').innerText()).toMatch(/B\s+开始 \/ 暂停/);
    expect(await help.getByTestId('shortcut-list').innerText()).toMatch(/L\s+响铃/);
    expect(await help.getByTestId('shortcut-list').innerText()).toMatch(/Tab\s+在按钮之间移动焦点/);
    await page.screenshot({ path: `${SHOTS}/help-b-1440.png` });
    await page.keyboard.press('Escape');

    // Space (push-to-talk in the meeting) does nothing, not even on a focused button; B starts.
    await page.getByRole('button', { name: '开始' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('b');
    await until(
      () => consoleStatus(page),
      (text) => text === '计时中',
    );
    expect(await version()).toBe(before + 1);
    await page.keyboard.press('b');
    await until(
      () => consoleStatus(page),
      (text) => text === '已暂停',
    );
    // L rings the bell.
    await page.keyboard.press('l');
    await until(
      async () =>
        (await owner.timer.log.query({ timerId: created.id })).entries.map((entry) => entry.command.type),
      (types) => types.includes('ringBell'),
    );

    // The choice stays on this device.
    await page.reload();
    await page.getByTestId('console-stage-name').waitFor(WAIT);
    await page.keyboard.press('?');
    expect(
      await page.getByRole('dialog', { name: '键盘快捷键' }).getByRole('radio', { name: 'B' }).isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets the time by typing it as people write it', async () => {
    const { context, page, errors } = await consolePage();
    await toFirstSpeech(page);
    const shown = () => page.getByTestId('console-preview').getByRole('timer').innerText();
    expect(await shown()).toBe('03:30');

    // T goes to the field; full-width digits and colons are read.
    await page.keyboard.press('t');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'set-time-input',
    );
    await page.keyboard.type('１：３０');
    await page.keyboard.press('Enter');
    await until(shown, (text) => text === '01:30');
    // The field lets go of the keyboard once the hub has answered: shortcuts work again.
    await until(
      () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null),
      (focused) => focused !== 'set-time-input',
    );

    // 3分30秒, and past the stage's time (a longer allotment): 5分.
    await page.getByTestId('set-time-input').fill('3分30秒');
    await page.getByTestId('set-time-input').press('Enter');
    await until(shown, (text) => text === '03:30');
    await page.getByTestId('set-time-input').fill('5分');
    await page.getByTestId('set-time-input').press('Enter');
    await until(shown, (text) => text === '05:00');
    // 90 is seconds; it also works on a running clock. Space starts it once the field has let go
    // of the keyboard (when the hub has answered), not before: until then it is typed into the field.
    await until(
      () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null),
      (focused) => focused !== 'set-time-input',
    );
    await page.keyboard.press('Space');
    await until(
      () => consoleStatus(page),
      (text) => text === '计时中',
    );
    await page.getByTestId('set-time-input').fill('90');
    await page.getByTestId('set-time-input').press('Enter');
    await until(shown, (text) => text === '01:29' || text === '01:30');
    await until(
      () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null),
      (focused) => focused !== 'set-time-input',
    );

    // What is not a time is said beside the field, in Chinese.
    await page.getByTestId('set-time-input').fill('三分钟左右');
    await page.getByTestId('set-time-input').press('Enter');
    expect(await page.getByTestId('set-time-error').innerText()).toBe(
      '看不懂这个时长：请写成 3:30、90（秒）或 3分30秒',
    );
    expect(await page.getByTestId('set-time-input').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('set-time-input').fill('2:75');
    await page.getByTestId('set-time-input').press('Enter');
    expect(await page.getByTestId('set-time-error').innerText()).toBe('秒数和分钟数不能超过 59');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names a projector from the console; the name stays when the projector reconnects', async () => {
    const { context, page, created, errors } = await consolePage();
    const projector = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await projector.page.goto(`${hub.url}/timer/${created.id}`);
    await projector.page.getByTestId('display-stage').waitFor(WAIT);
    const row = page.locator('[data-testid="presence-screen"][data-role="display"]');
    await row.waitFor(WAIT);
    expect(await row.locator('.console-roster__name').innerText()).toBe('未命名屏幕');

    // An empty name is refused beside the field.
    await row.getByRole('button', { name: /命名/ }).click();
    await page.getByTestId('presence-rename-input').fill('  ');
    await page.getByTestId('presence-rename-input').press('Enter');
    expect(await row.getByRole('alert').innerText()).toBe('请填写名字');
    await page.getByTestId('presence-rename-input').fill('主会场投影');
    await page.getByTestId('presence-rename-input').press('Enter');
    await until(
      () =>
        row
          .locator('.console-roster__name')
          .innerText()
          .catch(() => ''),
      (text) => text === '主会场投影',
    );
    await page.screenshot({ path: `${SHOTS}/presence-named-1440.png` });

    // The projector reloads (a venue's Wi-Fi drops): it comes back under its name.
    await until(
      () =>
        projector.page.evaluate(() =>
          Object.keys(localStorage).some((key) => key.startsWith('bianshi:screen-name:')),
        ),
      Boolean,
    );
    await projector.page.reload();
    await projector.page.getByTestId('display-stage').waitFor(WAIT);
    await until(
      () =>
        page
          .locator('[data-testid="presence-screen"][data-role="display"] .console-roster__name')
          .allInnerTexts(),
      (names) => names.length === 1 && names[0] === '主会场投影',
    );
    expect(errors).toEqual([]);
    expect(projector.errors).toEqual([]);
    await projector.context.close();
    await context.close();
  });

  it('answers unknown pages, timers, lobbies, topics, records and invites with 404 and the site’s 404 page', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const lobby = await httpClient(hub.url).lobby.create.mutate({ name: '状态码测试' });
    const status = (path: string) => fetch(`${hub.url}${path}`).then((response) => response.status);
    const missing = [
      '/no/such/page',
      '/timer/nosuchtimer',
      `/timer/${created.id}/nosuchmatch`,
      '/timer/manage/nosuch',
      '/timer/manage/nosuch/timing',
      '/id/nosuch',
      '/lobby/nosuchlobby',
      '/topic/nosuchgroup',
      '/record/nosuchmatch',
      '/timer/invite/nosuchtoken',
      '/workbench/invite/nosuchtoken',
    ];
    for (const path of missing) expect(await status(path), path).toBe(404);
    const present = [
      '/',
      '/lobby',
      `/lobby/${lobby.id}`,
      `/timer/${created.id}`,
      `/timer/${created.id}/${created.matchId}`,
      `/timer/manage/${created.shortid}`,
      `/id/${created.shortid}`,
      `/record/${created.matchId}`,
      '/docs',
      '/create',
    ];
    for (const path of present) expect(await status(path), path).toBe(200);

    // The console of an unknown timer: one not-found page, nothing of the console around it.
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    const response = await page.goto(`${hub.url}/timer/manage/nosuch`);
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor(WAIT);
    await expect.poll(() => page.title()).toBe('Page not found | 专业辩论比赛计时软件');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('页面不存在');
    expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('control-gate').count()).toBe(0);
    expect(await page.locator('.side-nav').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/unknown-timer-1920.png` });
    // An unknown display and an unknown lobby say the same.
    for (const path of ['/timer/nosuchtimer', '/lobby/nosuchlobby']) {
      await page.goto(`${hub.url}${path}`);
      await page.getByTestId('not-found').waitFor(WAIT);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/unknown-lobby-390.png` });
    // Going home from there is an ordinary page again.
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByTestId('cta-start').waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right at 1920×1080 and 390×844, light and dark', async () => {
    for (const [width, height] of [
      [1920, 1080],
      [390, 844],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page } = await consolePage({ width, height }, scheme);
        await toFirstSpeech(page);
        await page.getByTestId('set-time').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/console-${width}-${scheme}.png`, fullPage: width < 500 });
        await context.close();
      }
    }
  });
});
