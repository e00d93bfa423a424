/**
 * The settings pages and the timing editor as an organizer meets them on match day, in a real
 * Chromium against a real hub: every refused field says why beside itself in Chinese (never
 * 发生未知错误), durations are typed as people write them, and a format edit reaches a match that
 * has not begun at once, while a begun one is left alone after the product's own dialog says
 * exactly what changes. The browser's own confirm() never appears.
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

async function controlledPage(viewport = { width: 1440, height: 900 }) {
  const created = await httpClient(hub.url).timer.create.mutate({
    formatId: 'cn-worldcup',
    name: '设置页测试',
  });
  const opened = await openPage(browser, { viewport });
  // The product asks in its own dialog; a native one fails the test.
  const native: string[] = [];
  opened.page.on('dialog', (dialog) => {
    native.push(dialog.message());
    void dialog.dismiss();
  });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return { ...opened, created, owner, native };
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();

/** The error shown beside the field labelled `label`. */
const fieldError = (page: Page, label: string) =>
  page.locator('.manage-field', { has: page.getByText(label, { exact: true }) }).getByTestId('field-error');

describe('settings and the timing editor on match day', () => {
  it('says beside each field what is wrong with it, in Chinese', async () => {
    const { context, page, created, owner, native, errors } = await controlledPage();
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    await page.getByTestId('info-name').fill('');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await until(
      () =>
        fieldError(page, '名称')
          .innerText()
          .catch(() => ''),
      (text) => text === '名称不能为空',
    );
    expect(await page.getByTestId('info-name').getAttribute('aria-invalid')).toBe('true');
    const said = await until(
      () => toasts(page),
      (texts) => texts.length > 0,
    );
    expect(said.join()).toContain('保存失败：有 1 处需要修改');
    expect(said.join()).not.toContain('未知错误');
    await page.screenshot({ path: `${SHOTS}/info-empty-name-1440.png` });
    // Typing takes the error away; the name saves.
    await page.getByTestId('info-name').fill('决赛');
    expect(await fieldError(page, '名称').count()).toBe(0);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await until(
      async () => (await owner.manage.get.query({ timerId: created.id })).timer.name,
      (name) => name === '决赛',
    );

    // A judge's name past 40 characters, beside the judges field.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/details`);
    await page.getByTestId('details-judges').fill(`张老师\n${'很'.repeat(41)}`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await until(
      () =>
        fieldError(page, '评委')
          .innerText()
          .catch(() => ''),
      (text) => text === '每位评委的名字最多 40 个字符',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('details-judges').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/details-judge-390.png` });
    expect(native).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies a format edit to a match that has not begun, and asks in its own dialog for a begun one', async () => {
    const { context, page, created, owner, native, errors } = await controlledPage({
      width: 1920,
      height: 1080,
    });
    const display = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await display.page.goto(`${hub.url}/timer/${created.id}`);
    await display.page.getByTestId('display-stage').waitFor(WAIT);

    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    const stages = page.getByTestId('stage-editor');
    await stages.first().waitFor(WAIT);
    expect(await page.getByTestId('format-save-note').innerText()).toContain('当前比赛尚未开始');
    expect(await page.getByTestId('format-save-start').count()).toBe(0);
    // A duration typed with full-width digits and 分/秒 is read.
    const firstSpeech = stages.nth(3);
    const duration = firstSpeech.getByLabel('时长', { exact: true });
    await duration.fill('４分３０秒');
    await duration.press('Enter');
    expect(await firstSpeech.getByTestId('field-error').count()).toBe(0);
    await until(
      () => duration.inputValue(),
      (value) => value === '4:30',
    );
    await firstSpeech.getByLabel('名称', { exact: true }).fill('正方一辩 开篇');

    // Not begun: saved, and the display shows the new stage at once.
    await page.getByTestId('format-save').click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('已保存：当前比赛尚未开始，已改用新赛制')),
    );
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    await until(
      () => display.page.getByTestId('display-stage').innerText(),
      (text) => text === '正方一辩 开篇',
    );
    expect(await display.page.getByRole('timer').innerText()).toBe('04:30');

    // Begun: a clock ran. The save asks first, listing exactly what changes.
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'pause' } });
    await until(
      () => page.getByTestId('format-save-note').innerText(),
      (text) => text.includes('当前比赛已经开始'),
    );
    await duration.fill('5:00');
    await duration.press('Enter');
    await page.getByTestId('format-save').click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor(WAIT);
    expect(await dialog.getByRole('heading').innerText()).toBe('当前比赛已经开始');
    expect(await dialog.getByTestId('format-changes').innerText()).toBe(
      '第 4 环节「正方一辩 开篇」时长 4:30 → 5:00',
    );
    expect(await dialog.innerText()).toContain(
      '正在进行的比赛（第 4 环节「正方一辩 开篇」）保持原赛制继续计时',
    );
    await page.screenshot({ path: `${SHOTS}/format-begun-dialog-1920.png` });
    await dialog.locator('[data-confirm="yes"]').click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('已保存：当前比赛保持原赛制')),
    );
    expect(
      (
        (await owner.manage.get.query({ timerId: created.id })).timer.format.stages[3] as {
          durationMs: number;
        }
      ).durationMs,
    ).toBe(300_000);
    expect(await display.page.getByRole('timer').innerText()).not.toBe('05:00');

    // 保存并开始新比赛: the dialog says the current match stops being shown; the display moves on.
    await page.getByTestId('format-save-start').click();
    await dialog.waitFor(WAIT);
    expect(await dialog.getByRole('heading').innerText()).toBe('保存并开始新比赛？');
    expect(await dialog.innerText()).toContain('所有大屏立即切换到一场使用新赛制的新比赛');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/format-start-new-dialog-390.png` });
    await dialog.locator('[data-confirm="yes"]').click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('已保存，并开始了一场使用新赛制的比赛')),
    );
    await until(
      async () => (await owner.timer.get.query({ id: created.id })).matchId,
      (matchId) => matchId !== created.matchId,
    );
    await until(
      () => display.page.getByTestId('display-stage').innerText(),
      (text) => text !== '正方一辩 开篇',
    );

    expect(native).toEqual([]);
    expect(errors).toEqual([]);
    expect(display.errors).toEqual([]);
    await display.context.close();
    await context.close();
  });
});
