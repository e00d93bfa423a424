/**
 * What an organizer sets for the display and the clock, in a real Chromium against a real hub:
 * a pool's reserve in the format editor (新国辩: 结辩至少保留 3:00) with Chinese refusals, the
 * console's warning when a speech reaches it, and the skin page's flash at zero.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A timer and a page that controls it (the control link was opened). */
async function controlledPage(input: { formatId: string } | { format: unknown }) {
  const created = await httpClient(hub.url).timer.create.mutate({ ...input, name: '保留时间测试' });
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await opened.page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  await opened.page.getByTestId('console').waitFor(WAIT);
  const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
  return { ...opened, created, owner };
}

describe('a pool keeps time for a later stage', () => {
  it('is edited in the format editor, refused in Chinese when it names no stage, and saved', async () => {
    const { context, page, created, owner } = await controlledPage({ formatId: 'cn-xinguobian' });
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/timing`);
    const reserve = page.getByTestId('pool-reserve');
    await reserve.waitFor(WAIT);
    expect(await reserve.getByLabel('保留时间').inputValue()).toBe('3:00');
    const closing = reserve.getByRole('checkbox', { name: '正方四辩 总结陈词' });
    const negClosing = reserve.getByRole('checkbox', { name: '反方四辩 总结陈词' });
    expect(await closing.isChecked()).toBe(true);
    expect(await negClosing.isChecked()).toBe(true);

    await closing.uncheck();
    await negClosing.uncheck();
    await page.getByTestId('format-save').click();
    expect(await page.getByTestId('format-issues').innerText()).toContain(
      '时间池「队伍总用时」 · 保留给的环节至少需要 1 项',
    );

    await closing.check();
    await reserve.getByLabel('保留时间').fill('4:00');
    await reserve.getByLabel('保留时间').press('Enter');
    await page.getByTestId('format-save').click();
    await page.getByText('已保存：当前比赛尚未开始，已改用新赛制').waitFor(WAIT);
    const saved = await owner.manage.get.query({ timerId: created.id });
    expect(saved.timer.format.pools[0]?.reserve).toEqual({ ms: 240_000, stages: ['正方四辩 总结陈词'] });
    await context.close();
  });

  it('the console warns when a speech stops where the reserve begins, and the display says what is kept', async () => {
    const format = {
      schemaVersion: 1,
      id: 'reserve-e2e',
      name: '保留',
      tags: { language: 'zh' },
      pools: [
        {
          id: 'team',
          name: '队伍总用时',
          kind: 'budget',
          totalMs: { aff: 5_000, neg: 5_000 },
          reserve: { ms: 3_000, stages: ['正方 结辩'] },
        },
      ],
      stages: [
        { kind: 'single', name: '正方 陈词', side: 'aff', poolId: 'team', overtime: 'stop' },
        { kind: 'single', name: '正方 结辩', side: 'aff', poolId: 'team', overtime: 'stop' },
      ],
    };
    const { context, page, created, owner, errors } = await controlledPage({ format });
    const display = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await display.page.goto(`${hub.url}/timer/${created.id}`);
    // 5 s in the pool, 3 s kept for 结辩: 陈词 may use 2 s.
    await until(
      () => display.page.getByRole('timer').innerText(),
      (text) => text === '02.0',
    ); // tenths in the last 10 s
    expect(await display.page.getByTestId('display-pool-note').innerText()).toMatch(
      /正方本环节可用\s*正方剩余总时间 00:05，其中为「正方 结辩」保留 00:03/,
    );
    expect(await page.getByTestId('console-reserve-reached').count()).toBe(0);

    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    const warning = page.getByTestId('console-reserve-reached');
    await warning.waitFor(WAIT);
    expect(await warning.innerText()).toBe(
      '正方已用到保留时间：「队伍总用时」还要为「正方 结辩」保留 00:03，本环节不能再用。保留时间在赛制的时间池中设置，修改从下一场比赛起生效。',
    );
    await until(
      () => display.page.getByTestId('display-status-note').innerText(),
      (text) => text === '时间到',
    );

    // On 结辩 the whole balance is there, and the warning is gone.
    await owner.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });
    await until(
      () => display.page.getByRole('timer').innerText(),
      (text) => text === '03.0',
    );
    await warning.waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
    await display.context.close();
    await context.close();
  });
});

describe('the skin page', () => {
  it('saves 时间到时闪屏三次 with the display options', async () => {
    const { context, page, created, owner } = await controlledPage({ formatId: 'cn-worldcup' });
    await page.goto(`${hub.url}/timer/manage/${created.shortid}/skin`);
    const flash = page.getByTestId('skin-flash-at-zero');
    await flash.waitFor(WAIT);
    expect(await flash.isChecked()).toBe(false);
    await flash.check();
    await page.getByRole('button', { name: '保存' }).click();
    await until(
      async () => (await owner.manage.get.query({ timerId: created.id })).timer.settings.display,
      (value) => (value as { flashAtZero?: boolean } | undefined)?.flashAtZero === true,
    );
    await page.reload();
    await page.getByTestId('skin-flash-at-zero').waitFor(WAIT);
    expect(await page.getByTestId('skin-flash-at-zero').isChecked()).toBe(true);
    await context.close();
  });
});
