/**
 * The control ctl in a real Chromium: a timer created at /create lands on its ctl with
 * the display link; a second page opens the display; the match is driven from the keyboard and
 * the display follows (stage, side, time on `role="timer"` elements). Without the control key
 * the console explains itself in Chinese.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { confirmDialog, launchBrowser, openPage } from './support/browser';
import { holds, until } from '../support/until';
import { clockSeconds } from './support/clock';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const stageOf = (page: Page) =>
  page
    .getByTestId('display-stage')
    .innerText()
    .catch(() => '');
const consoleStage = (page: Page) =>
  page
    .getByTestId('console-stage-name')
    .innerText()
    .catch(() => '');

async function pressUntilStage(ctl: Page, key: string, name: string) {
  for (let i = 0; i < 20 && (await consoleStage(ctl)) !== name; i += 1) {
    const before = await consoleStage(ctl);
    await ctl.keyboard.press(key);
    await until(
      () => consoleStage(ctl),
      (text) => text !== before,
    );
  }
  expect(await consoleStage(ctl)).toBe(name);
}

describe('control ctl', () => {
  it('creates a timer, shares the display link and drives the display from the keyboard', async () => {
    const {
      context,
      page: ctl,
      errors,
    } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await ctl.goto(`${hub.url}/create`);
    await ctl.getByText('华语辩论世界杯赛制').first().click();
    await ctl.getByLabel('计时器名称（可选）').fill('键盘测试赛');
    await ctl.getByRole('button', { name: '创建计时器' }).click();
    await ctl.getByTestId('share-panel').waitFor(WAIT);
    // The control key left the address bar at once.
    expect(new URL(ctl.url()).hash).toBe('');
    const displayUrl = await ctl.getByTestId('display-link').innerText();
    expect(displayUrl).toMatch(/\/timer\/[\w-]+$/);
    // The QR code is drawn once its library has loaded (on first use).
    await ctl.getByRole('img', { name: '大屏链接二维码' }).waitFor(WAIT);
    expect(await ctl.getByRole('img', { name: '大屏链接二维码' }).count()).toBe(1);
    // The control link is shown this once, from memory: the browser stores no copy of the key.
    const controlLink = await ctl.getByTestId('control-link-once').locator('code').innerText();
    const key = /#key=([\w-]{40,})$/.exec(controlLink)?.[1];
    expect(key).toBeDefined();
    expect(await ctl.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(key!);

    const display = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await display.page.goto(displayUrl);
    // The cover names the match, not the word 封面.
    await until(
      () => stageOf(display.page),
      (text) => text === '键盘测试赛',
    );
    await until(
      () => display.page.getByRole('timer').count(),
      (n) => n === 0,
    );
    // Presence: the display shows up on the ctl.
    await until(
      () => ctl.getByTestId('presence-display').innerText(),
      (n) => n === '1',
    );

    // → to the first speech; the display follows.
    await pressUntilStage(ctl, 'ArrowRight', '正方一辩 立论');
    await until(
      () => stageOf(display.page),
      (text) => text === '正方一辩 立论',
    );
    const clock = display.page.getByRole('timer');
    expect(await clock.innerText()).toBe('03:30');
    expect(await clock.getAttribute('aria-label')).toContain('正方');

    // Space starts; the display counts down.
    await ctl.keyboard.press('Space');
    await until(
      () => clock.innerText(),
      (text) => clockSeconds(text) <= 208,
    );
    // Space pauses; the display holds still.
    await ctl.keyboard.press('Space');
    await until(
      () => ctl.locator('.console-status').innerText(),
      (text) => text === '已暂停',
    );
    const held = await clock.innerText();
    // Watched for 1.5 s: the paused clock never moves.
    expect(
      await holds(
        () => clock.innerText(),
        (text) => text === held,
        1_500,
      ),
    ).toBe(held);
    // − takes ten seconds away, + gives them back.
    await ctl.keyboard.press('-');
    await until(
      () => clock.innerText(),
      (text) => clockSeconds(text) === clockSeconds(held) - 10,
    );
    await ctl.keyboard.press('+');
    await until(
      () => clock.innerText(),
      (text) => clockSeconds(text) === clockSeconds(held),
    );
    // R resets the stage, once the product's dialog is answered (the speech used time).
    await ctl.keyboard.press('r');
    await confirmDialog(ctl);
    await until(
      () => clock.innerText(),
      (text) => text === '03:30',
    );
    // ← goes back.
    await ctl.keyboard.press('ArrowLeft');
    await until(
      () => stageOf(display.page),
      (text) => text === '声效测试',
    );

    // A dual stage: Space runs 正方, S switches to 反方.
    await pressUntilStage(ctl, 'ArrowRight', '四辩对辩');
    await until(
      () => display.page.getByRole('timer').count(),
      (n) => n === 2,
    );
    await ctl.keyboard.press('Space');
    const running = () =>
      display.page
        .locator('.td-clock[data-running="true"]')
        .getAttribute('data-side')
        .catch(() => null);
    await until(running, (side) => side === 'aff');
    await ctl.keyboard.press('s');
    await until(running, (side) => side === 'neg');
    const negLabel = await display.page
      .locator('.td-clock[data-side="neg"] [role="timer"]')
      .getAttribute('aria-label');
    expect(negLabel).toContain('反方');
    await ctl.keyboard.press('Space');

    // B rings a bell on the display (it flashes); ? opens the shortcut help.
    const bells = Number(await display.page.getByTestId('timer-display').getAttribute('data-bell-count'));
    await ctl.keyboard.press('b');
    await until(
      async () => Number(await display.page.getByTestId('timer-display').getAttribute('data-bell-count')),
      (n) => n === bells + 1,
    );
    await ctl.keyboard.press('?');
    await ctl.getByRole('dialog', { name: '键盘快捷键' }).waitFor(WAIT);
    await ctl.keyboard.press('Escape');

    // Keys typed into an input are text, not commands. The hub applies commands in order, so once
    // the message sent after them is on the display, any command those keys had sent is applied too.
    const stageBefore = await consoleStage(ctl);
    const displayStageBefore = await stageOf(display.page);
    const bellsBefore = await display.page.getByTestId('timer-display').getAttribute('data-bell-count');
    await ctl.getByLabel('字幕消息').fill('');
    await ctl.getByLabel('字幕消息').press('ArrowRight');
    await ctl.getByLabel('字幕消息').type('请双方入场 r b');
    await ctl.getByRole('button', { name: '显示消息' }).click();
    await until(
      () => display.page.getByText('请双方入场 r b').count(),
      (n) => n > 0,
    );
    expect(await consoleStage(ctl)).toBe(stageBefore);
    expect(await stageOf(display.page)).toBe(displayStageBefore);
    expect(await display.page.getByTestId('timer-display').getAttribute('data-bell-count')).toBe(bellsBefore);

    expect(errors).toEqual([]);
    expect(display.errors).toEqual([]);
    await display.context.close();
    await context.close();
  });

  it('explains in Chinese when this browser has no control, and when a key is wrong', async () => {
    const created = await fetch(`${hub.url}/api/v1/timers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formatId: 'bp' }),
    }).then((r) => r.json() as Promise<{ shortid: string }>);
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/timer/manage/${created.shortid}`);
    await page.getByTestId('control-gate').waitFor(WAIT);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('需要控制权限');
    await page.goto('about:blank');
    await page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${'w'.repeat(43)}`);
    await page.getByText('控制链接无效或已失效').waitFor(WAIT);
    expect(new URL(page.url()).hash).toBe('');
    // The management pages say the same.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/skin`);
    await page.getByTestId('manage-gate').waitFor(WAIT);
    await context.close();
  });
});
