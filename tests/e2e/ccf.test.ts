/**
 * Flow sheets in a real Chromium: a sheet bound to a running timer lights up the speech being
 * given and shows its clock ticking in step with the display; the keyboard builds the sheet
 * (Enter, Tab, Ctrl+E) and dropped arguments are marked; PNG export gives an image of the sheet.
 * With SCREENSHOTS=<dir>, the sheet is also saved at projector and phone sizes, light and dark.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { downloadedBytes, launchBrowser, openPage } from './support/browser';

const WAIT = { timeout: 30_000 };
const SHOTS = process.env.SCREENSHOTS;

let hub: TestHub;
let browser: Browser;
let owner: TestAccount;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  owner = await createAccount(hub, 'judge');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function api(path: string, body: unknown, key?: string) {
  const response = await fetch(hub.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function signedIn(options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, { viewport: { width: 1600, height: 900 }, ...options });
  const [name = '', value = ''] = owner.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

const liveHeader = (page: Page) => page.locator('[role="columnheader"][aria-current="step"]');

describe('flow sheets', () => {
  let projectId: string;
  let timerKey: string;
  let timerId: string;

  beforeAll(async () => {
    const timer = await api('/api/v1/timers', { formatId: 'cn-worldcup', name: '决赛' });
    timerId = timer.id as string;
    timerKey = timer.controlKey as string;
    await api(`/api/v1/timers/${timerId}/commands`, { type: 'goto', stageIndex: 3 }, timerKey);
    await api(`/api/v1/timers/${timerId}/commands`, { type: 'start' }, timerKey);
    ({ projectId } = await owner.client.workbench.create.mutate({
      kind: 'flow',
      name: '决赛 流程单',
      mode: 'team',
      timerId,
    }));
  });

  it('highlights the running speech and its clock flips with the timer; follows the next speech', async () => {
    const { page, context, errors } = await signedIn();
    await page.goto(`${hub.url}/ccf/${projectId}`);
    await liveHeader(page).waitFor(WAIT);
    await expect
      .poll(() => liveHeader(page).locator('.flow__head-title').textContent(), WAIT)
      .toBe('正方一辩 立论');
    const clock = liveHeader(page).getByRole('timer');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}$/);
    await expect.poll(() => clock.textContent(), WAIT).not.toBe(first);
    // The organizer moves on: the next speech's column lights up.
    await api(`/api/v1/timers/${timerId}/commands`, { type: 'next' }, timerKey);
    await expect
      .poll(() => liveHeader(page).locator('.flow__head-title').textContent(), WAIT)
      .toBe('反方一辩 立论');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('builds the sheet from the keyboard, marks dropped arguments, and exports a PNG', async () => {
    const { page, context } = await signedIn();
    await page.goto(`${hub.url}/ccf/${projectId}`);
    await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    await page.getByRole('button', { name: '正方一辩 立论 添加论点' }).click();
    await page.keyboard.type('人工智能提升生产效率');
    await page.keyboard.press('Enter');
    await page.keyboard.type('人工智能创造新的岗位');
    await page.keyboard.press('Control+e');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.keyboard.type('效率提升不等于福利提升');
    // The answered argument is kept; the unanswered one is dropped once the other side spoke.
    const box = (text: string) =>
      page.locator('.flow-box', { has: page.locator(`textarea[aria-label="${text}"]`) });
    await box('效率提升不等于福利提升').waitFor(WAIT);
    await expect.poll(() => box('人工智能创造新的岗位').getAttribute('data-dropped'), WAIT).toBe('true');
    expect(await box('人工智能创造新的岗位').getAttribute('data-mark')).toBe('extended');
    expect(await box('人工智能提升生产效率').getAttribute('data-dropped')).toBeNull();
    expect(await box('效率提升不等于福利提升').textContent()).toContain('回应：人工智能提升生产效率');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 PNG' }).click();
    const file = await download;
    const png = await downloadedBytes(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(1000); // width: the whole sheet, every column
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(join(SHOTS, 'ccf-export.png'), png);
    }
    await context.close();
  }, 120_000);

  it('edits the speech columns: rename, move, add, remove', async () => {
    const { projectId: sheetId } = await owner.client.workbench.create.mutate({
      kind: 'flow',
      name: '列编辑',
      formatId: 'cn-worldcup',
    });
    const { page, context, errors } = await signedIn();
    await page.goto(`${hub.url}/ccf/${sheetId}`);
    await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    const titles = () => page.locator('.flow__head-title').allTextContents();
    const initial = await titles();
    expect(initial[0]).toBe('正方一辩 立论');
    expect(initial.at(-1)).toBe('总结');
    await page.getByRole('button', { name: '编辑列' }).click();
    const first = page.getByLabel('列名 1', { exact: true });
    await first.fill('正方开篇');
    await first.press('Enter');
    await expect.poll(async () => (await titles())[0], WAIT).toBe('正方开篇');
    await page.getByRole('button', { name: '正方开篇 右移' }).click();
    await expect.poll(async () => (await titles())[1], WAIT).toBe('正方开篇');
    await page.getByLabel('列名', { exact: true }).fill('场外提问');
    await page.getByRole('button', { name: '+ 添加一列' }).click();
    await expect.poll(async () => (await titles()).at(-2), WAIT).toBe('场外提问');
    expect((await titles()).at(-1)).toBe('总结');
    await page.getByRole('button', { name: '场外提问 删除此列' }).click();
    await expect.poll(async () => (await titles()).includes('场外提问'), WAIT).toBe(false);
    // An empty title is refused in Chinese.
    await page.getByLabel('列名 1', { exact: true }).fill('  ');
    await page.getByLabel('列名 1', { exact: true }).press('Enter');
    await page.getByText('列名不能为空。').waitFor(WAIT);
    expect((await titles()).length).toBe(initial.length);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('keeps a judge flow private until the match ends, then attaches it to the record', async () => {
    const timer = await owner.client.timer.create.mutate({ formatId: 'cn-classic' });
    const { projectId: judgeFlow } = await owner.client.workbench.create.mutate({
      kind: 'flow',
      name: '裁判 流程单',
      mode: 'judge',
      timerId: timer.id,
    });
    const { page, context } = await signedIn();
    await page.goto(`${hub.url}/ccf/${judgeFlow}`);
    await page.getByText('裁判流程单在比赛结束前只有你能看到。').waitFor(WAIT);
    await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    await page.locator('.flow__add').first().click();
    await page.keyboard.type('裁判记下的论点');
    await page.getByRole('button', { name: '附到比赛记录' }).click();
    await page.getByText('比赛结束后才能把流程单附到比赛记录。').waitFor(WAIT);
    for (const type of ['next', 'start', 'finish'] as const)
      await owner.client.timer.command.mutate({ timerId: timer.id, command: { type } });
    await page.getByRole('button', { name: '附到比赛记录' }).click();
    await page.getByText('流程单已附到比赛记录').waitFor(WAIT);
    await page.getByRole('link', { name: '查看比赛记录' }).click();
    await page.waitForURL(`${hub.url}/record/${timer.matchId}`, WAIT);
    const section = page.getByTestId('record-flows');
    await section.getByText('裁判记下的论点').waitFor(WAIT);
    expect(await section.getByRole('heading', { name: '裁判 流程单' }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ccf-record-flow.png'), fullPage: true });
    await context.close();
  }, 120_000);

  it.runIf(SHOTS)(
    'screenshots: list and sheet at projector and phone sizes, light and dark',
    async () => {
      for (const [name, viewport] of [
        ['1920', { width: 1920, height: 1080 }],
        ['390', { width: 390, height: 844 }],
      ] as const) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page, context } = await signedIn({ viewport, colorScheme });
          await page.goto(`${hub.url}/ccf`);
          await page.getByRole('link', { name: /决赛 流程单/ }).waitFor(WAIT);
          await page.screenshot({ path: join(SHOTS!, `ccf-index-${name}-${colorScheme}.png`) });
          await page.goto(`${hub.url}/ccf/${projectId}`);
          await liveHeader(page).waitFor(WAIT);
          await page.locator('.flow-box').first().waitFor(WAIT);
          await page.locator('.flow-box textarea').first().click();
          await page.screenshot({ path: join(SHOTS!, `ccf-sheet-${name}-${colorScheme}.png`) });
          await context.close();
        }
      }
    },
    240_000,
  );
});
