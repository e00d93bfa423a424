/**
 * /create's paste mode in a real Chromium: an organiser pastes a rules paragraph, sees which
 * lines were read and which were not, corrects one stage, creates the timer and sees the
 * corrected stage on its display. Nothing is created before the confirmation.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

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

const RULES = [
  '本届新生杯赛制',
  '立论：正反方一辩各3分半',
  '质询：双方二辩各2分钟',
  '这里写了 3 个看不懂的安排',
  '自由辩论每方4分钟，正方先发言',
  '总结陈词：双方四辩各3分钟',
  '剩余30秒响铃一次，时间到响铃两次',
].join('\n');

describe('/create from pasted rules', () => {
  it('reads the text, flags the line it could not read, takes a correction and creates the timer', async () => {
    const { page, errors } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${hub.url}/create`);
    await page.getByRole('tab', { name: '粘贴规则文字' }).click();
    await page.getByRole('textbox', { name: '规则文字' }).fill(RULES);
    await page.getByRole('button', { name: '识别规则' }).click();

    // The line report: the unreadable line is marked, the rest became stages or settings.
    await page.getByText('1 行未能识别').waitFor(WAIT);
    const unknown = page.locator('.rules-line[data-status="unknown"]');
    expect(await unknown.count()).toBe(1);
    expect(await unknown.innerText()).toContain('这里写了 3 个看不懂的安排');
    expect(await page.locator('.rules-line[data-status="setting"]').count()).toBe(2);

    // Seven stages, 反方 first in 总结陈词, with the bells from the text.
    const names = await page
      .locator('.rules-stage__name')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(names).toEqual([
      '正方一辩 立论',
      '反方一辩 立论',
      '正方二辩 质询',
      '反方二辩 质询',
      '自由辩论',
      '反方四辩 总结陈词',
      '正方四辩 总结陈词',
    ]);
    expect(await page.locator('.rules-stage__bells').first().innerText()).toBe(
      '铃声：剩余 0:30 响 1 声，时间到响 2 声',
    );

    // A bad duration is refused with the user's numbering; a good one is taken in any spelling.
    const first = page.getByLabel('第 1 环节时长');
    expect(await first.inputValue()).toBe('3:30');
    await first.fill('abc');
    await first.press('Enter');
    await page.getByText('第 1 环节 · 时长格式不对').waitFor(WAIT);
    await page.getByRole('button', { name: '确认并创建计时器' }).click();
    await page.getByText('还有 1 处需要修改').waitFor(WAIT);
    expect(page.url()).toContain('/create');
    await first.fill('4分钟');
    await first.press('Enter');
    await until(
      () => page.locator('.rules-issues, .rules-error').count(),
      (n) => n === 0,
    );
    await page.getByLabel('第 1 环节名称').fill('正方一辩 开篇立论');

    await page.getByLabel('计时器名称（可选）').fill('新生杯');
    await page.getByRole('button', { name: '确认并创建计时器' }).click();
    await page.getByTestId('share-panel').waitFor(WAIT);
    const displayUrl = await page.getByTestId('display-link').innerText();

    // The display shows the corrected first stage once the console moves to it.
    const display = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await display.page.goto(displayUrl);
    await until(
      () =>
        display.page
          .getByTestId('display-stage')
          .innerText()
          .catch(() => ''),
      (text) => text === '正方一辩 开篇立论',
    );
    expect(await display.page.getByRole('timer').innerText()).toBe('04:00');
    expect(errors).toEqual([]);
    expect(display.errors).toEqual([]);
  });
});
