/**
 * What a newcomer trips over (issue 20), each as the journey a user takes in a real Chromium
 * against a real hub serving the built client: a save that is refused is never called saved;
 * a shared team pool is labelled; 黑屏 is black; the cover never shows a blank team; lobby codes
 * get one message; an empty screen name is refused; ±10 秒 says why it cannot; Esc closes the
 * preview; the control toast comes once; the API key is masked; a console without control
 * explains itself; /home claims what this device made; statuses come from the state.
 */
import { LOBBY_CODE_RULE } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { holds, until } from '../support/until';
import { untilUsedOnHub } from '../support/hub-clock';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };

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

/** A timer made through the API, and a page that opened its control link. */
async function controlled(formatId: string, name: string, viewport = { width: 1280, height: 900 }) {
  const created = await httpClient(hub.url).timer.create.mutate({ formatId, name });
  const opened = await openPage(browser, { viewport });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return { ...opened, created, owner };
}

/** The texts of the toasts on screen. */
async function toasts(page: Page): Promise<string[]> {
  return page.locator('[data-sonner-toast]').allInnerTexts();
}

/** Types into a duration field and leaves it (the field commits or refuses on blur). */
async function typeDuration(page: Page, field: ReturnType<Page['locator']>, text: string): Promise<void> {
  await field.fill(text);
  await field.blur();
}

describe('a newcomer', () => {
  it('is never told a refused format was saved, and reads each reason beside its field', async () => {
    const { context, page, created, owner, errors } = await controlled('cn-worldcup', '赛制校验');
    const before = (await owner.manage.get.query({ timerId: created.id })).timer.format;
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    const stages = page.getByTestId('stage-editor');
    await stages.first().waitFor(WAIT);
    // 从赛制库开始 offers the format in use, not the first in the list.
    expect(await page.getByLabel('从赛制库开始').inputValue()).toBe('cn-worldcup');
    // 铃声 fields speak of sounds, not the raw word `bell`.
    expect(await stages.nth(3).getByLabel('音色').first().locator('option:checked').innerText()).toBe('铃声');

    const duration = (n: number) => stages.nth(n).getByLabel('时长', { exact: true });
    const cases: [number, string, string][] = [
      [3, '-5:00', '时长不能为负数'],
      [4, 'abc', '看不懂这个时长：请写成 3:30、90（秒）或 3分30秒'],
      [5, '99999:00', '不能超过 24 小时'],
      [6, '0:00', '时长必须大于 0:00'],
    ];
    for (const [index, text, reason] of cases) {
      await typeDuration(page, duration(index), text);
      expect(await stages.nth(index).getByTestId('field-error').innerText()).toBe(reason);
      expect(await duration(index).getAttribute('aria-invalid')).toBe('true');
    }
    await page.getByTestId('format-save').click();
    const refused = await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('保存失败')),
    );
    expect(refused.join('\n')).toContain('第 4 环节 · 时长');
    expect(refused.join('\n')).toContain('等 4 处');
    expect(refused.join('\n')).not.toContain('已保存');
    expect((await owner.manage.get.query({ timerId: created.id })).timer.format).toEqual(before);

    // A pool total below zero is refused the same way.
    await page.getByRole('button', { name: '添加时间池' }).click();
    const poolTotal = page.getByLabel('正方总时长', { exact: true });
    await typeDuration(page, poolTotal, '-1:00');
    expect(await page.locator('.fe-pool').first().getByTestId('field-error').innerText()).toBe(
      '时长不能为负数',
    );
    await page.getByTestId('format-save').click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('等 5 处')),
    );
    expect((await owner.manage.get.query({ timerId: created.id })).timer.format).toEqual(before);

    // Fix the durations; an empty 8th stage name is then named in the user's numbering.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    await stages.first().waitFor(WAIT);
    await stages.nth(7).getByLabel('名称', { exact: true }).fill('');
    await page.getByTestId('format-save').click();
    const issues = page.getByTestId('format-issues');
    await issues.waitFor(WAIT);
    expect(await issues.innerText()).toContain('保存失败，请修正以下问题：');
    expect(await issues.innerText()).toContain('第 8 环节 · 名称不能为空');
    expect(await issues.innerText()).not.toContain('stages[');
    expect(await stages.nth(7).getByTestId('stage-issues').innerText()).toContain('第 8 环节 · 名称不能为空');
    expect((await owner.manage.get.query({ timerId: created.id })).timer.format).toEqual(before);

    // Valid again: saved, said so, and really stored.
    await stages.nth(7).getByLabel('名称', { exact: true }).fill('改过的环节');
    await typeDuration(page, duration(3), '3:45');
    await page.getByTestId('format-save').click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('已保存：当前比赛尚未开始，已改用新赛制')),
    );
    const saved = (await owner.manage.get.query({ timerId: created.id })).timer.format as typeof before;
    expect(saved.stages[7]?.name).toBe('改过的环节');
    expect(saved.stages[3]).toMatchObject({ durationMs: 225_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees a shared team pool labelled on the display, the console, the editor and the record', async () => {
    const { context, page, created, owner } = await controlled('cn-xinguobian', '新国辩');
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 1 } });
    const note = page.getByTestId('display-pool-note');
    await until(
      () => note.innerText().catch(() => ''),
      (text) => text.includes('正方剩余总时间'),
    );

    const display = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await display.page.goto(`${hub.url}/timer/${created.id}`);
    await display.page.getByTestId('display-pool-note').waitFor(WAIT);
    // The pool note names the pool, its time left and the reserve 结辩 keeps (FORMATS.md, 新国辩).
    const poolNote = await display.page.getByTestId('display-pool-note').innerText();
    expect(poolNote).toContain('正方剩余总时间 18:00');
    expect(poolNote).toContain('保留 03:00');
    expect(await display.page.getByRole('timer').innerText()).toBe('15:00'); // 本环节可用: the pool less the reserve

    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    const shared = page.getByTestId('stage-shared-time').first();
    await shared.waitFor(WAIT);
    expect(await shared.innerText()).toContain('共用时间');
    expect(await shared.innerText()).toContain('队伍总用时');

    await page.goto(`${hub.url}/timer/manage/${created.shortid}/record`);
    const allotted = page.getByTestId('record-allotted');
    await allotted.first().waitFor(WAIT);
    expect(await allotted.allInnerTexts()).toContain('共用时间（队伍总用时）');
    expect(await allotted.allInnerTexts()).not.toContain('0:00');
    await display.context.close();
    await context.close();
  });

  it('sees nothing on a blacked-out projector, and never a blank team on the cover', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({
      formatId: 'cn-xinguobian',
      name: '封面',
    });
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    const long = '一所名字非常非常长的大学辩论队代表队伍（第二队）';
    await owner.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'teams',
      value: { aff: { name: '', school: '', debaters: [] }, neg: { name: long, school: '', debaters: [] } },
    });
    const { context, page } = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    // A ringing projector: its browser asks for a tap before it may play sound.
    await context.addInitScript(() => window.localStorage.setItem('bianshi:display:ring', '1'));
    await page.goto(`${hub.url}/timer/${created.id}`);
    const teams = page.getByTestId('display-teams');
    await teams.waitFor(WAIT);
    const sides = teams.locator('.td-teams__side');
    expect(await sides.nth(0).innerText()).toBe('正方');
    expect(await sides.nth(1).innerText()).toContain(long);
    const [aff, neg] = await Promise.all([sides.nth(0).boundingBox(), sides.nth(1).boundingBox()]);
    const box = await page.getByTestId('timer-display').boundingBox();
    expect(aff && neg && box).toBeTruthy();
    // Equal columns either side of VS, both inside the screen.
    expect(Math.abs(aff!.width - neg!.width)).toBeLessThan(2);
    expect(neg!.x + neg!.width).toBeLessThanOrEqual(box!.x + box!.width);

    // The audio banner is up (no gesture yet); 黑屏 takes it and everything else away.
    const locked = await page.evaluate(() => new AudioContext().state !== 'running');
    if (locked) await page.getByTestId('audio-unlock').waitFor(WAIT);
    await page.getByTestId('connection-badge').waitFor(WAIT);
    await owner.timer.command.mutate({
      timerId: created.id,
      command: { type: 'overlay', action: 'blackout', on: true },
    });
    await page.getByTestId('display-blackout').waitFor(WAIT);
    expect(await page.getByTestId('audio-unlock').count()).toBe(0);
    expect(await page.getByTestId('connection-badge').count()).toBe(0);
    await owner.timer.command.mutate({
      timerId: created.id,
      command: { type: 'overlay', action: 'blackout', on: false },
    });
    await page.getByTestId('connection-badge').waitFor(WAIT);
    if (locked) await page.getByTestId('audio-unlock').waitFor(WAIT);
    await context.close();
  });

  it('runs the console: named header, ±10 秒 that says why, partial give-back, Esc, one claim toast', async () => {
    const { context, page, created, owner } = await controlled('cn-worldcup', '决赛 第一场');
    expect(await page.getByTestId('manage-timer-name').innerText()).toBe('决赛 第一场');
    expect(
      await until(
        () => toasts(page),
        (texts) => texts.some((text) => text.includes('已获得这个计时器的控制权限')),
      ),
    ).toBeTruthy();

    // The first stage has no clock: move to a speech. Nothing used yet: +10 秒 cannot apply.
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    const blocked = page.getByTestId('adjust-plus-blocked');
    await blocked.waitFor(WAIT);
    expect(await blocked.getAttribute('title')).toBe('这一环节还没有用时，没有时间可以加回');
    expect(await page.getByTestId('adjust-plus').isDisabled()).toBe(true);

    // 1.5 s used, then +10 秒 gives back the 1.5 s instead of failing.
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await untilUsedOnHub(owner, created.id, 1_500);
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'pause' } });
    await until(
      () => page.getByTestId('adjust-plus').isDisabled(),
      (disabled) => !disabled,
    );
    await page.getByTestId('adjust-plus').click();
    const state = await until(
      () => owner.timer.get.query({ id: created.id }).then((result) => result.state),
      (value) => value.stages[3]?.clocks[0]?.usedMs === 0,
    );
    expect(state.stages[3]?.clocks[0]?.usedMs).toBe(0);
    expect((await toasts(page)).join('\n')).not.toContain('调整后已用时间');

    // F opens the full-screen preview, Esc closes it.
    const preview = page.getByTestId('console-preview');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('f');
    await until(
      () => preview.getAttribute('data-fullscreen'),
      (value) => value === 'true',
    );
    await page.keyboard.press('Escape');
    await until(
      () => preview.getAttribute('data-fullscreen'),
      (value) => value === 'false',
    );

    // Opening the control link again: control is already here, so no second toast.
    await page.goto(`${hub.url}/`);
    await page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
    await page.getByTestId('console').waitFor(WAIT);
    await page.getByTestId('console-stage-name').waitFor(WAIT);
    // The console shows only once the claim has settled, which is when the toast would be raised;
    // watched for 0.5 s more while the toaster draws.
    await holds(
      async () => (await toasts(page)).join('\n'),
      (texts) => !texts.includes('已获得这个计时器的控制权限'),
      500,
    );
    expect((await toasts(page)).join('\n')).not.toContain('已获得这个计时器的控制权限');

    // The API example: after a reload the browser no longer knows the control key (it is shown
    // only once), so the example carries a placeholder, says why and offers to regenerate it.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    const snippet = page.getByTestId('api-snippet');
    await snippet.waitFor(WAIT);
    expect(await snippet.innerText()).not.toContain(created.controlKey);
    expect(await snippet.innerText()).toContain('Bearer <控制密钥>');
    expect(await page.getByTestId('api-key-unknown').innerText()).toContain(
      '只在创建计时器或重新生成密钥时显示一次',
    );
    expect(await page.getByTestId('api-reveal').count()).toBe(0);
    // Regenerating from there: the new key fills the example, masked until asked, like the control link.
    await page.getByTestId('api-regenerate').click();
    await page.getByRole('dialog').getByRole('button', { name: '重新生成控制密钥' }).click();
    await page.getByText('已生成新的控制密钥，旧链接已失效').waitFor(WAIT);
    await until(
      () => snippet.innerText(),
      (text) => text.includes('Bearer ••••••••'),
    );
    expect(await page.getByTestId('api-key-unknown').count()).toBe(0);
    await page.getByRole('button', { name: '显示 API 密钥' }).click();
    const revealed = await snippet.innerText();
    const newKey = /Bearer ([A-Za-z0-9_-]{16,})"/.exec(revealed)?.[1];
    expect(newKey).toBeDefined();
    expect(newKey).not.toBe(created.controlKey);
    // The revealed key is the live one: the API accepts it, and refuses the old one.
    const api = (key: string) =>
      fetch(`${hub.url}/api/v1/timers/${created.id}/commands`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'toggle' }),
      }).then((response) => response.status);
    expect(await api(created.controlKey)).toBeGreaterThanOrEqual(400);
    expect(await api(newKey!)).toBeLessThan(300);
    // The short link the lobby form speaks of is here to copy.
    await page.getByText(`${hub.url}/id/${created.shortid}`).waitFor(WAIT);
    await context.close();
  });

  it('gets one lobby-code message, no success toast before the code is checked, and a refused empty rename', async () => {
    const { context, page } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${hub.url}/`);
    await page.getByTestId('join-code').fill('abc');
    await page.getByTestId('join-code').press('Enter');
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes(LOBBY_CODE_RULE)),
    );
    expect(LOBBY_CODE_RULE).toContain('6 位');

    await page.getByTestId('join-code').fill('ZZZZZZ');
    await page.getByTestId('join-code').press('Enter');
    await page.waitForURL('**/lobby?code=ZZZZZZ', WAIT);
    expect(await page.getByTestId('lobby-join-error').innerText()).toBe('房间码不存在，请核对后重试');
    expect((await toasts(page)).join('\n')).not.toContain('正在进入大厅');

    // An organizer makes a lobby here; its organizer link is still shown after a reload.
    await page.goto(`${hub.url}/lobby`);
    await page.getByTestId('lobby-create-name').fill('新生杯');
    await page.getByTestId('lobby-create-submit').click();
    await page.waitForURL('**/lobby/*', WAIT);
    await page.getByText('主办方链接', { exact: true }).waitFor(WAIT);
    await page.reload();
    await page.getByText('主办方链接', { exact: true }).waitFor(WAIT);

    // Renaming this screen to nothing is refused with a reason, never 已完成.
    const row = page.getByTestId('lobby-roster-row').first();
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: '改名' }).click();
    await page.getByTestId('roster-input').fill('   ');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    expect(await page.getByTestId('roster-error').innerText()).toBe('屏幕名称不能为空');
    expect((await toasts(page)).join('\n')).not.toContain('已完成');
    await context.close();
  });

  it('explains a console without control, and claims on /home what this device made', async () => {
    const { context, page } = await openPage(browser);
    // Made before signing in: a timer (its control link opened here) and a lobby.
    const created = await httpClient(hub.url).timer.create.mutate({
      formatId: 'cn-worldcup',
      name: '设备上的计时器',
    });
    await page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
    await page.getByTestId('console').waitFor(WAIT);
    await page.goto(`${hub.url}/lobby`);
    await page.getByTestId('lobby-create-name').fill('设备上的大厅');
    await page.getByTestId('lobby-create-submit').click();
    await page.waitForURL('**/lobby/*', WAIT);

    await page.goto(`${hub.url}/auth/login`);
    await page.getByRole('tab', { name: '注册' }).click();
    await page.getByLabel('邮箱').fill('newcomer@bianshi.test');
    await page.getByLabel(/^密码/).fill('correct horse battery');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.waitForURL('**/home', WAIT);
    const device = page.getByTestId('home-device-claims');
    await device.waitFor(WAIT);
    expect(await device.innerText()).toContain('设备上的计时器');
    expect(await device.innerText()).toContain('设备上的大厅');
    await device.getByRole('button', { name: /全部认领/ }).click();
    await until(
      () => toasts(page),
      (texts) => texts.some((text) => text.includes('已认领 2 项')),
    );
    await until(
      () => device.count(),
      (count) => count === 0,
    );
    await page.locator('.home-timer').filter({ hasText: '设备上的计时器' }).waitFor(WAIT);
    await page.getByTestId('home-lobbies').getByText('设备上的大厅').waitFor(WAIT);

    // A match that used time and moved on is not 未开始.
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'pause' } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });
    await page.reload();
    const status = page
      .locator('.home-match')
      .filter({ hasText: '设备上的计时器' })
      .locator('.home-match__status');
    await status.waitFor(WAIT);
    expect(await status.innerText()).toBe('已暂停');

    // 成员 shows no badge of 1 beside 还没有成员.
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/members`);
    await page.getByText('除你之外还没有成员', { exact: false }).waitFor(WAIT);
    const members = page.locator('.manage-section').filter({ has: page.getByTestId('member-list') });
    expect(await members.locator('.manage-badge').filter({ hasText: /^\d+$/ }).count()).toBe(0);

    // Another browser, no control link, no account: the login page says why and offers both.
    const stranger = await openPage(browser);
    await stranger.page.goto(`${hub.url}/timer/manage/${created.shortid}`);
    const why = stranger.page.getByTestId('login-control-needed');
    await why.waitFor(WAIT);
    expect(await why.innerText()).toContain('需要控制链接或登录有权限的账号');
    await why
      .getByRole('textbox')
      .fill(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
    await why.getByRole('button', { name: '用控制链接打开' }).click();
    await stranger.page.getByTestId('console').waitFor(WAIT);
    await stranger.context.close();
    await context.close();
  });
});
