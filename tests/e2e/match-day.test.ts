/**
 * Match day as an organizer, a judge and the audience meet it, in a real Chromium against a real
 * hub (issue 31):
 * - the judge link from 基本信息 works in a fresh browser: it counts as a judge and follows the
 *   match; a judge link without its key, and a display of a timer made private, say why on screen
 *   in Chinese instead of a frozen clock marked 在线;
 * - 重置本环节 (R) asks first; 撤销 (Ctrl+Z, or the button) brings the speech back;
 * - 结束比赛 (with its confirmation) on any stage, then 在大屏显示结果 puts the winner, 票型 and
 *   最佳辩手 from the result sheet on the display;
 * - 记录 opens the match that was played (not a planned one) and counts a running speech so far.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { confirmDialog, launchBrowser, openPage } from './support/browser';
import { badge } from './support/display-readers';
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

/** A cn-worldcup timer and a console page that controls it. */
async function consolePage(viewport = { width: 1440, height: 900 }) {
  const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup', name: '比赛日' });
  const opened = await openPage(browser, { viewport });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return { ...opened, created, owner };
}

describe('match day in the browser', () => {
  it('gives a judge link that works for whoever holds it, and says why when a screen is refused', async () => {
    const { context, page: ctl, created, owner, errors } = await consolePage();
    await ctl.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    const judgeCard = ctl.locator('.manage-link', { has: ctl.getByRole('heading', { name: '评委链接' }) });
    const judgeUrl = await judgeCard.locator('code').innerText();
    expect(judgeUrl).toMatch(new RegExp(`/timer/${created.id}\\?role=judge#judge=[A-Za-z0-9_-]{22}$`));

    // A fresh browser (no cookie, no account) opens it: a judge, following the match.
    const judge = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await judge.page.goto(judgeUrl);
    await judge.page.getByTestId('display-stage').waitFor(WAIT);
    await expect.poll(() => badge(judge.page), WAIT).toBe('在线');
    await ctl.goto(`${hub.url}/timer/manage/${created.shortid}`);
    await until(
      () => ctl.getByTestId('presence-judge').innerText(),
      (n) => n === '1',
    );
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    await until(
      () => judge.page.getByTestId('display-stage').innerText(),
      (text) => text === '正方一辩 立论',
    );
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await until(
      () => judge.page.getByRole('timer').innerText(),
      (text) => clockSeconds(text) < 210,
    );

    // The old link (role=judge without the key) is refused, and says so: no clock, no 在线.
    const keyless = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await keyless.page.goto(`${hub.url}/timer/${created.id}?role=judge`);
    await keyless.page.getByTestId('display-error').waitFor(WAIT);
    expect(await keyless.page.getByRole('heading', { level: 1 }).innerText()).toBe('评委链接无效');
    expect(await keyless.page.getByTestId('display-error').getAttribute('data-reason')).toBe(
      'judge-required',
    );
    expect(await keyless.page.getByRole('timer').count()).toBe(0);
    expect(await keyless.page.getByTestId('connection-badge').count()).toBe(0);

    // Made private from 基本信息 (the product's dialog, not the browser's): the open public display
    // leaves within a second and says why.
    const projector = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await projector.page.goto(`${hub.url}/timer/${created.id}`);
    await projector.page.getByRole('timer').waitFor(WAIT);
    await ctl.goto(`${hub.url}/timer/manage/${created.shortid}/info`);
    await ctl.getByRole('button', { name: '设为私有' }).click();
    await ctl.getByRole('dialog', { name: '设为私有？' }).waitFor(WAIT);
    await confirmDialog(ctl);
    // The display says so no later than a second after the organizer's page saw the change done.
    const [doneAt, toldAt] = await Promise.all([
      ctl
        .getByText('当前为私有计时器', { exact: false })
        .waitFor(WAIT)
        .then(() => Date.now()),
      projector.page
        .getByTestId('display-error')
        .waitFor(WAIT)
        .then(() => Date.now()),
    ]);
    expect(toldAt - doneAt).toBeLessThan(1_000);
    expect(await projector.page.getByRole('heading', { level: 1 }).innerText()).toBe('此计时器已设为私有');
    expect(await projector.page.getByTestId('display-error').getAttribute('data-reason')).toBe(
      'timer-private',
    );
    expect(await projector.page.getByRole('timer').count()).toBe(0);
    // The judge's link carried no view key: it is told too.
    await judge.page.getByTestId('display-error').waitFor(WAIT);
    expect(await judge.page.getByRole('heading', { level: 1 }).innerText()).toBe('此计时器已设为私有');

    // The info page now hands out a judge link with both keys; it works again.
    const privateJudgeUrl = await judgeCard.locator('code').innerText();
    expect(privateJudgeUrl).toMatch(/#judge=[A-Za-z0-9_-]{22}&view=[A-Za-z0-9_-]{22}$/);
    await judge.page.goto('about:blank');
    await judge.page.goto(privateJudgeUrl);
    await judge.page.getByRole('timer').waitFor(WAIT);

    // 更换评委密钥: the open judge screen is told its link no longer works.
    await ctl.getByTestId('rotate-judge-key').click();
    await confirmDialog(ctl);
    await judge.page.getByTestId('display-error').waitFor(WAIT);
    expect(await judge.page.getByRole('heading', { level: 1 }).innerText()).toBe('评委链接无效');
    expect(await judgeCard.locator('code').innerText()).not.toBe(privateJudgeUrl);

    expect(errors).toEqual([]);
    expect(judge.errors).toEqual([]);
    expect(projector.errors).toEqual([]);
    for (const opened of [judge, keyless, projector]) await opened.context.close();
    await context.close();
  });

  it('asks before a reset, undoes it with Ctrl+Z, finishes on any stage and shows the result on the display', async () => {
    const { context, page: ctl, created, owner, errors } = await consolePage();
    const display = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await display.page.goto(`${hub.url}/timer/${created.id}`);
    await display.page.getByTestId('display-stage').waitFor(WAIT);
    const clock = display.page.getByRole('timer');

    // Nothing done yet: 撤销 is disabled, and Ctrl+Z says why in Chinese.
    expect(await ctl.getByTestId('console-undo').isDisabled()).toBe(true);
    await ctl.keyboard.press('Control+z');
    await ctl.getByText('没有可以撤销的操作', { exact: false }).waitFor(WAIT);

    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    await until(
      () => ctl.getByTestId('console-stage-name').innerText(),
      (text) => text === '正方一辩 立论',
    );
    await ctl.keyboard.press('Space');
    await until(
      () => clock.innerText(),
      (text) => clockSeconds(text) <= 207,
    );

    // R asks first; Escape keeps the speech running.
    await ctl.keyboard.press('r');
    await ctl.getByRole('dialog', { name: '重置本环节？' }).waitFor(WAIT);
    await ctl.keyboard.press('Escape');
    await ctl.locator('dialog[open]').waitFor({ state: 'detached', ...WAIT });
    expect(await ctl.locator('.console-status').innerText()).toBe('计时中');
    expect(clockSeconds(await clock.innerText())).toBeLessThanOrEqual(207);
    // The button asks too; confirmed, the speech is wiped.
    await ctl.getByRole('button', { name: '重置本环节' }).click();
    await confirmDialog(ctl);
    await until(
      () => clock.innerText(),
      (text) => text === '03:30',
    );
    // Ctrl+Z brings it back, still running, with the time it ran meanwhile.
    await ctl.keyboard.press('Control+z');
    await until(
      () => clock.innerText(),
      (text) => clockSeconds(text) <= 207,
    );
    expect(await ctl.locator('.console-status').innerText()).toBe('计时中');

    // 结束比赛 on a middle stage (下一环节 still enabled), with its confirmation.
    expect(await ctl.getByRole('button', { name: /下一环节/ }).isDisabled()).toBe(false);
    await ctl.getByTestId('console-finish').click();
    await ctl.getByRole('dialog', { name: '结束比赛？' }).waitFor(WAIT);
    await confirmDialog(ctl);
    await until(
      () => ctl.locator('.console-status').innerText(),
      (text) => text === '已结束',
    );
    await ctl.getByTestId('console-result').waitFor(WAIT);

    // No winner on the sheet yet: showing the result says what to do first.
    await ctl.getByTestId('console-show-result').click();
    await ctl.getByText('成绩单还没有填写胜方', { exact: false }).waitFor(WAIT);
    await owner.library.records.updateResult.mutate({
      matchId: created.matchId,
      result: {
        teams: { aff: { name: '复旦大学' }, neg: { name: '南京大学' } },
        ballots: { aff: 3, neg: 2 },
        winner: 'aff',
        bestDebater: '李四',
      },
    });
    await ctl.getByTestId('console-show-result').click();
    await display.page.getByTestId('display-result').waitFor(WAIT);
    expect(await display.page.getByTestId('display-result-winner').innerText()).toContain('复旦大学 获胜');
    expect(await display.page.getByTestId('display-result-ballots').getAttribute('aria-label')).toBe(
      '票型 3 比 2',
    );
    expect(await display.page.getByTestId('display-result-best').innerText()).toContain('李四');
    // Hidden again from the console.
    await until(
      () => ctl.getByTestId('console-show-result').innerText(),
      (text) => text === '隐藏大屏结果',
    );
    await ctl.getByTestId('console-show-result').click();
    await display.page.getByTestId('display-result').waitFor({ state: 'detached', ...WAIT });

    // The record is finished: a judge's flow could now be attached; the record page says 已结束.
    const record = await owner.library.records.get.query({ matchId: created.matchId });
    expect(record.status).toBe('finished');

    expect(errors).toEqual([]);
    expect(display.errors).toEqual([]);
    await display.context.close();
    await context.close();
  });

  it('opens 记录 on the match that was played, counting a running speech so far', async () => {
    const { context, page, created, owner, errors } = await consolePage();
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'goto', stageIndex: 3 } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'ringBell' } });
    // A match planned for later, newer than the one being played.
    await owner.manage.planMatch.mutate({ timerId: created.id, entry: { title: '下一场' } });

    await page.goto(`${hub.url}/timer/manage/${created.shortid}/record`);
    const picked = page.locator('.manage-pick[aria-pressed="true"]');
    await picked.waitFor(WAIT);
    expect(await picked.innerText()).toContain('当前比赛');
    expect(await picked.innerText()).toContain('进行中');
    // The planned match reads 未开始 in the list, as the records API says it (not 未完成).
    expect(await page.locator('.manage-pick', { hasText: '下一场' }).innerText()).toContain('未开始');
    // The running speech shows its time so far, and counts up.
    const speechRow = page.getByTestId('record-table').locator('tbody tr').nth(0);
    const used = () => speechRow.locator('td').nth(3).innerText();
    const first = await until(used, (text) => clockSeconds(text) >= 1);
    await until(used, (text) => clockSeconds(text) > clockSeconds(first));

    expect(errors).toEqual([]);
    await context.close();
  });
});
