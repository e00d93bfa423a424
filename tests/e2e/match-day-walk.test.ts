/**
 * A whole 新国辩 match day as three people meet it (issue 31, "Done when"), in one Chromium with
 * separate contexts against one real hub:
 * - the organizer creates the timer at /create, opens its console, and takes the judge link (with
 *   its judge key) and the display link from 基本信息;
 * - a judge opens the judge link; a projector (1920×1080) and a phone (390×844) open the display;
 * - the organizer runs every stage kind of 新国辩: a single clock drawing on the team pool (which
 *   stops where the pool's reserve for 结辩 begins, and the console says so), the relay of
 *   自由辩论 (one side runs out, the other takes over), and 结辩 given exactly the reserve; moves
 *   the time by typing it, takes 10 s across the 30 s bell (it rings once; giving the 10 s back
 *   rings nothing), lets speeches run out (时间到), resets with the confirmation and takes the
 *   reset back (Ctrl+Z), ends the match with 结束比赛 and shows the result sheet on the projector;
 * - throughout, the judge's clock and the projector's show the same stage and the same time
 *   (within a second), polled at every step;
 * - the record page and its CSV/JSON exports tell what happened: the stages, the bells, the result.
 * The clock jumps to a few seconds before a bell or the end instead of waiting for it.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';
import { confirmDialog, downloadedBytes, launchBrowser, openPage } from './support/browser';
import { clockSeconds } from './support/clock';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };
const SHOTS = '/tmp/matchwalk-shots';
const TITLE = '新国辩 决赛';
/** The stages of the built-in 新国辩 (shared/src/formats/builtin/chinese-formats.ts), as the console names them. */
const STAGES = [
  '封面',
  '正方一辩 开篇陈词',
  '反方一辩 开篇陈词',
  '正方二辩 质询',
  '反方二辩 质询',
  '正方三辩 小结',
  '反方三辩 小结',
  '自由辩论',
  '反方四辩 总结陈词',
  '正方四辩 总结陈词',
  '公布结果',
];

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser(), mkdir(SHOTS, { recursive: true })]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** What one screen shows: the stage heading, each clock (seconds), which side runs, 时间到, bells flashed. */
interface Seen {
  stage: string;
  clocks: number[];
  texts: string[];
  running: string[];
  timeUp: boolean;
  bells: number;
}

async function seen(page: Page): Promise<Seen> {
  const raw = await page.evaluate(() => {
    const display = document.querySelector('[data-testid="timer-display"]');
    return {
      stage: display?.querySelector('[data-testid="display-stage"]')?.textContent ?? '',
      texts: Array.from(display?.querySelectorAll('[role="timer"]') ?? [], (el) => el.textContent ?? ''),
      running: Array.from(
        display?.querySelectorAll('.td-clock[data-running="true"]') ?? [],
        (el) => el.getAttribute('data-side') ?? '',
      ),
      timeUp: display?.querySelector('[data-testid="display-status-note"]')?.textContent === '时间到',
      bells: Number(display?.getAttribute('data-bell-count') ?? 0),
    };
  });
  return { ...raw, clocks: raw.texts.map(clockSeconds) };
}

/** Console text helpers. */
const consoleStage = (page: Page) =>
  page
    .getByTestId('console-stage-name')
    .innerText()
    .catch(() => '');
const consoleStatus = (page: Page) =>
  page
    .locator('.console-status')
    .innerText()
    .catch(() => '');

async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download') as Promise<Download>,
    page.getByTestId(testId).click(),
  ]);
  return (await downloadedBytes(file)).toString('utf8');
}

describe('a 新国辩 match day as organizer, judge and audience', () => {
  it('plays the whole match on one hub; judge and projector agree throughout; the record tells it', async () => {
    // —— The organizer creates the timer at /create and lands on its console.
    const organizer = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const ctl = organizer.page;
    await ctl.goto(`${hub.url}/create`);
    await ctl.getByText('新国辩赛制').first().click();
    await ctl.getByLabel('计时器名称（可选）').fill(TITLE);
    await ctl.getByRole('button', { name: '创建计时器' }).click();
    await ctl.getByTestId('share-panel').waitFor(WAIT);
    const consoleUrl = `${hub.url}${new URL(ctl.url()).pathname}`;
    const shortid = /\/timer\/manage\/([\w-]+)/.exec(consoleUrl)?.[1];
    expect(shortid).toBeDefined();

    // 基本信息 hands out the display link and the judge link (with its judge key).
    await ctl.goto(`${consoleUrl}/info`);
    const card = (title: string) =>
      ctl
        .locator('.manage-link', { has: ctl.getByRole('heading', { name: title, exact: true }) })
        .locator('code');
    const displayUrl = await card('大屏链接').innerText();
    const judgeUrl = await card('评委链接').innerText();
    expect(displayUrl).toMatch(/\/timer\/[\w-]+$/);
    expect(judgeUrl).toMatch(/\?role=judge#judge=[A-Za-z0-9_-]{22}$/);
    const timerId = /\/timer\/([\w-]+)$/.exec(displayUrl)![1]!;
    await ctl.goto(consoleUrl);
    await ctl.getByTestId('console-stage-name').waitFor(WAIT);

    // —— A judge, a projector and a phone open their links, each in its own browser.
    const judge = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const projector = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await Promise.all([
      judge.page.goto(judgeUrl),
      projector.page.goto(displayUrl),
      phone.page.goto(displayUrl),
    ]);
    for (const screen of [judge, projector, phone])
      await screen.page.getByTestId('display-stage').waitFor(WAIT);
    await until(
      () => ctl.getByTestId('presence-judge').innerText(),
      (n) => n === '1',
    );
    await until(
      () =>
        judge.page
          .getByTestId('connection-badge')
          .innerText()
          .catch(() => ''),
      (text) => text === '在线',
    );
    await until(
      () => ctl.getByTestId('presence-display').innerText(),
      (n) => n === '2',
    );

    /**
     * Polls until the judge, the projector and the phone show the same stage, the judge's clocks
     * and the projector's within a second of each other with the same side running, and `ok`
     * holds for what the projector shows. Returns the projector's view.
     */
    const inSync = async (ok: (view: Seen) => boolean = () => true): Promise<Seen> => {
      const [, onProjector] = await until(
        () => Promise.all([seen(judge.page), seen(projector.page), seen(phone.page)]),
        ([j, p, m]) =>
          j.stage === p.stage &&
          m.stage === p.stage &&
          j.clocks.length === p.clocks.length &&
          j.clocks.every((value, i) => Math.abs(value - p.clocks[i]!) <= 1) &&
          j.running.join() === p.running.join() &&
          j.timeUp === p.timeUp &&
          ok(p),
      );
      return onProjector;
    };
    const shoot = async (name: string) => {
      await Promise.all([
        projector.page.screenshot({ path: `${SHOTS}/${name}-projector.png` }),
        phone.page.screenshot({ path: `${SHOTS}/${name}-phone.png` }),
        judge.page.screenshot({ path: `${SHOTS}/${name}-judge.png` }),
        ctl.screenshot({ path: `${SHOTS}/${name}-console.png`, fullPage: true }),
      ]);
    };
    /** → until the console is on `name`; at each step the judge and the projector flip within a second of each other. */
    const toStage = async (name: string) => {
      for (let i = 0; i < 12 && (await consoleStage(ctl)) !== name; i += 1) {
        const next = STAGES[STAGES.indexOf(await consoleStage(ctl)) + 1]!;
        const flipped = [judge.page, projector.page].map((page) =>
          page
            .waitForFunction(
              (stage) => document.querySelector('[data-testid="display-stage"]')?.textContent === stage,
              next,
              WAIT,
            )
            .then(() => Date.now()),
        );
        await ctl.keyboard.press('ArrowRight');
        const [judgeAt, projectorAt] = await Promise.all(flipped);
        expect(Math.abs(judgeAt! - projectorAt!)).toBeLessThan(1_000);
        await until(
          () => consoleStage(ctl),
          (text) => text === next,
        );
      }
      expect(await consoleStage(ctl)).toBe(name);
      return inSync((view) => view.stage === name);
    };
    const typeTime = async (text: string) => {
      await ctl.keyboard.press('t');
      await ctl.keyboard.type(text);
      await ctl.keyboard.press('Enter');
      await until(
        () => ctl.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''),
        (id) => id !== 'set-time-input',
      );
    };

    // The cover shows the match's title on every screen.
    await inSync((view) => view.stage === TITLE && view.clocks.length === 0);

    // —— A single clock drawing on the team pool: 18:00 less the 3:00 kept for 结辩.
    let view = await toStage('正方一辩 开篇陈词');
    expect(view.texts).toEqual(['15:00']);
    await ctl.keyboard.press('Space');
    await inSync((v) => v.running.join() === 'aff' && v.clocks[0]! < 15 * 60);
    // Typed: 35 s left (no bell crossed); then −10 s crosses the 30 s bell: it rings once.
    await typeTime('0:35');
    view = await inSync((v) => v.clocks[0]! <= 35 && v.clocks[0]! > 30);
    const bellsBefore = view.bells;
    const judgeBellsBefore = (await seen(judge.page)).bells;
    await ctl.keyboard.press('-');
    view = await inSync((v) => v.clocks[0]! <= 25 && v.bells === bellsBefore + 1);
    await until(
      () => seen(judge.page),
      (v) => v.bells === judgeBellsBefore + 1,
    );
    // +10 s crosses it backward: no bell. Crossed forward again (typed to 3 s left), it rings again.
    await ctl.keyboard.press('+');
    view = await inSync((v) => v.clocks[0]! > 30);
    expect(view.bells).toBe(bellsBefore + 1);
    expect((await seen(judge.page)).bells).toBe(judgeBellsBefore + 1);
    // It runs out: 时间到 on every screen, and the console says the reserve for 结辩 was reached.
    await typeTime('3');
    view = await inSync(
      (v) => v.timeUp && v.clocks[0] === 0 && v.running.length === 0 && v.bells === bellsBefore + 2,
    );
    expect((await seen(phone.page)).timeUp).toBe(true);
    await shoot('time-up');
    const reserve = ctl.getByTestId('console-reserve-reached');
    await reserve.waitFor(WAIT);
    expect(await reserve.innerText()).toContain('正方已用到保留时间');
    expect(await reserve.innerText()).toContain('正方四辩 总结陈词');
    // The notice sits below the controls; the timekeeper is told where they look, on screen.
    const told = ctl.locator('[data-sonner-toast]', { hasText: '正方已用到保留时间' });
    await told.waitFor(WAIT);
    const box = await told.boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 900).toBe(true);

    // R asks first; confirmed, the speech is wiped on every screen; Ctrl+Z brings it back.
    await ctl.keyboard.press('r');
    await ctl.getByRole('dialog', { name: '重置本环节？' }).waitFor(WAIT);
    await confirmDialog(ctl);
    await inSync((v) => v.texts[0] === '15:00' && !v.timeUp);
    await ctl.keyboard.press('Control+z');
    await ctl.getByText('已撤销上一步操作').first().waitFor(WAIT);
    await inSync((v) => v.timeUp && v.clocks[0] === 0);
    await reserve.waitFor(WAIT);

    // —— The other side's opening: runs, is paused; paused clocks agree to the second.
    await toStage('反方一辩 开篇陈词');
    await ctl.keyboard.press('Space');
    await inSync((v) => v.running.join() === 'neg' && v.clocks[0]! <= 15 * 60 - 1);
    await ctl.keyboard.press('Space');
    await until(
      () => consoleStatus(ctl),
      (text) => text === '已暂停',
    );
    const paused = await inSync((v) => v.running.length === 0);
    expect((await seen(judge.page)).texts).toEqual(paused.texts);

    // —— 自由辩论, a relay: 正方 runs, S hands over to 反方 and back; when 正方 runs out, 反方 takes over.
    view = await toStage('自由辩论');
    expect(view.texts).toEqual(['04:00', '04:00']);
    await ctl.keyboard.press('Space');
    await inSync((v) => v.running.join() === 'aff');
    await ctl.keyboard.press('s');
    await inSync((v) => v.running.join() === 'neg' && v.clocks[1]! < 240);
    await ctl.keyboard.press('s');
    await inSync((v) => v.running.join() === 'aff');
    const freeBells = (await seen(projector.page)).bells;
    // Typed to 2 s left: the 30 s bell is crossed forward (it rings); then 正方 runs out.
    await typeTime('2');
    await inSync((v) => v.running.join() === 'neg' && v.clocks[0] === 0 && v.bells === freeBells + 1);
    await shoot('relay');
    await ctl.keyboard.press('Space');
    await until(
      () => consoleStatus(ctl),
      (text) => text === '已暂停',
    );
    await inSync((v) => v.running.length === 0);

    // —— 结辩: 反方 draws on what is left of its pool; 正方 gets exactly the reserve it kept.
    view = await toStage('反方四辩 总结陈词');
    const closing = view.clocks[0]!;
    expect(closing).toBeGreaterThan(17 * 60);
    await ctl.keyboard.press('Space');
    await inSync((v) => v.running.join() === 'neg' && v.clocks[0]! <= closing - 1);
    await ctl.keyboard.press('Space');
    await until(
      () => consoleStatus(ctl),
      (text) => text === '已暂停',
    );
    view = await toStage('正方四辩 总结陈词');
    expect(view.texts).toEqual(['03:00']);
    await ctl.keyboard.press('Space');
    await inSync((v) => v.running.join() === 'aff' && v.clocks[0]! < 180);
    await ctl.keyboard.press('Space');
    await until(
      () => consoleStatus(ctl),
      (text) => text === '已暂停',
    );
    await toStage('公布结果');

    // —— 结束比赛 (confirmed); the result sheet is filled on the record page the console links to.
    await ctl.getByTestId('console-finish').click();
    await ctl.getByRole('dialog', { name: '结束比赛？' }).waitFor(WAIT);
    await confirmDialog(ctl);
    await until(
      () => consoleStatus(ctl),
      (text) => text === '已结束',
    );
    const resultPanel = ctl.getByTestId('console-result');
    await resultPanel.waitFor(WAIT);
    const [sheetPage] = await Promise.all([
      organizer.context.waitForEvent('page'),
      resultPanel.getByRole('link', { name: '填写成绩单' }).click(),
    ]);
    await sheetPage.getByTestId('edit-result').click();
    const form = sheetPage.getByTestId('result-form');
    await form.locator('fieldset', { hasText: '正方' }).getByLabel('队名').fill('复旦大学');
    await form.locator('fieldset', { hasText: '反方' }).getByLabel('队名').fill('南京大学');
    await form.getByTestId('winner-select').selectOption('aff');
    await form.getByTestId('ballots-input').fill('3:2');
    await form.getByLabel('最佳辩手').fill('李四');
    await form.getByRole('button', { name: '保存成绩单' }).click();
    await sheetPage.getByTestId('result-winner').waitFor(WAIT);
    expect(await sheetPage.getByTestId('result-ballots').innerText()).toBe('3:2');

    // 在大屏显示结果: the projector and the phone show winner, 票型 and 最佳辩手.
    await resultPanel.getByTestId('console-show-result').click();
    for (const screen of [projector.page, phone.page]) {
      await screen.getByTestId('display-result').waitFor(WAIT);
      expect(await screen.getByTestId('display-result-winner').innerText()).toContain('复旦大学 获胜');
      expect(await screen.getByTestId('display-result-ballots').getAttribute('aria-label')).toBe(
        '票型 3 比 2',
      );
      expect(await screen.getByTestId('display-result-best').innerText()).toContain('李四');
    }
    await projector.page.screenshot({ path: `${SHOTS}/projector-result-1920.png` });
    await phone.page.screenshot({ path: `${SHOTS}/phone-result-390.png` });

    // —— The record: the stages played, the bells, the result.
    await sheetPage.reload();
    await sheetPage.getByTestId('result-sheet').waitFor(WAIT);
    // The page lists the three bells, each on its stage and side.
    const bellList = sheetPage
      .locator('div', { has: sheetPage.getByRole('heading', { name: '响铃', exact: true }) })
      .last()
      .locator('li');
    const opening = expect.stringMatching(/正方一辩 开篇陈词 · 正方 · 🔔$/);
    expect(await bellList.allInnerTexts()).toEqual([
      opening,
      opening,
      expect.stringMatching(/自由辩论 · 正方 · 🔔$/),
    ]);
    const csv = await download(sheetPage, 'record-csv');
    const rows = csv
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .map((line) => line.split(','));
    const row = (name: string, side: string) => rows.find((cells) => cells[1] === name && cells[2] === side);
    // 阶段,名称,方,分配(秒),已用(秒),超时(秒),暂停次数,响铃次数
    expect(Number(row('正方一辩 开篇陈词', '正方')?.[4])).toBe(900);
    expect(row('正方一辩 开篇陈词', '正方')?.[7]).toBe('2');
    expect(Number(row('反方一辩 开篇陈词', '反方')?.[4])).toBeGreaterThan(0);
    expect(row('自由辩论', '正方')?.[4]).toBe('240.0');
    expect(row('自由辩论', '正方')?.[7]).toBe('1');
    expect(Number(row('自由辩论', '反方')?.[4])).toBeGreaterThan(0);
    expect(Number(row('反方四辩 总结陈词', '反方')?.[4])).toBeGreaterThan(0);
    expect(row('正方四辩 总结陈词', '正方')?.[3]).toBe('180.0');
    expect(rows.find((cells) => cells[0] === '胜方')?.[1]).toBe('正方');
    expect(rows.find((cells) => cells[0] === '票型')?.[1]).toBe('3:2');
    expect(rows.find((cells) => cells[0] === '最佳辩手')?.[1]).toBe('李四');
    // The JSON export and the API agree: finished, three bells, the result.
    const json = JSON.parse(await download(sheetPage, 'record-json')) as {
      status: string;
      bells: unknown[];
      result: { winner: string };
    };
    expect(json.status).toBe('finished');
    expect(json.bells).toHaveLength(3);
    expect(json.result.winner).toBe('aff');
    const matchId = /\/record\/([\w-]+)/.exec(sheetPage.url())![1]!;
    const api = (await (await fetch(`${hub.url}/api/v1/records/${matchId}`)).json()) as {
      status: string;
      timerId: string;
      stages: Array<{ name: string; bells: number }>;
      result: { bestDebater: string };
    };
    expect(api.timerId).toBe(timerId);
    expect(api.status).toBe('finished');
    expect(api.stages.reduce((total, stage) => total + stage.bells, 0)).toBe(3);
    expect(api.result.bestDebater).toBe('李四');

    // The console's 记录 opens this match (finished), and its CSV counts the same three bells.
    await ctl.goto(`${consoleUrl}/record`);
    const picked = ctl.locator('.manage-pick[aria-pressed="true"]');
    await until(
      () => picked.innerText().catch(() => ''),
      (text) => text.includes('已结束') && text.includes('当前比赛'),
    );
    await ctl.getByTestId('record-table').waitFor(WAIT);
    const manageCsv = (await download(ctl, 'csv'))
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .slice(1);
    expect(manageCsv.reduce((total, line) => total + Number(line.split(',').at(-1)), 0)).toBe(3);
    expect(manageCsv.some((line) => line.startsWith('8,自由辩论,反方'))).toBe(true);

    for (const screen of [organizer, judge, projector, phone]) expect(screen.errors).toEqual([]);
    for (const screen of [judge, projector, phone, organizer]) await screen.context.close();
  });
});
