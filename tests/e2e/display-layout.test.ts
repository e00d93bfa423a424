/**
 * What the projector and the lobby grid look like with the longest texts their fields accept,
 * in a real Chromium against a real hub: the clock is the screen and keeps at least half the
 * viewport's height whatever the stage name, team names, topic or 字号缩放; texts truncate in
 * their own boxes with the full text in a title; nothing scrolls sideways. Also what the clock
 * says at zero (时间到, an optional flash), the tab's title and the cover's heading.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { launchBrowser, openPage } from './support/browser';
import {
  createTestTimer,
  LONG_SETTINGS,
  longText,
  longTextFormat,
  setTimerSettings,
} from './display-fixtures';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const WAIT = { timeout: 20_000 };
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
] as const;

const FORMAT = longTextFormat();
const STAGE = FORMAT.stages[0]!.name;
const TEAM_AFF = LONG_SETTINGS.teams.aff.name;
const TEAM_NEG = LONG_SETTINGS.teams.neg.name;
const TOPIC = LONG_SETTINGS.topic;
const TIMER_NAME = LONG_SETTINGS.timerName;
const SETTINGS = { topic: TOPIC, teams: LONG_SETTINGS.teams };

/** Where the display's parts are, in CSS pixels. */
interface Layout {
  vw: number;
  vh: number;
  scrollWidth: number;
  display: DOMRectReadOnly;
  clocks: DOMRectReadOnly;
  slots: DOMRectReadOnly[];
  digits: DOMRectReadOnly[];
  /** Bottom of what is above the clocks, top of what is below them. */
  aboveBottom: number;
  belowTop: number;
}

function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const r = element?.getBoundingClientRect();
      return r
        ? {
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
            top: r.top,
            bottom: r.bottom,
            left: r.left,
            right: r.right,
          }
        : { x: 0, y: 0, width: 0, height: 0, top: 0, bottom: 0, left: 0, right: 0 };
    };
    const clocks = document.querySelector('.td-clocks');
    const parts = Array.from(document.querySelectorAll('.td-body > *')).filter(
      (element) => element !== clocks,
    );
    const position = (element: Element) => (clocks ? clocks.compareDocumentPosition(element) : 0);
    const above = parts
      .filter((element) => position(element) & Node.DOCUMENT_POSITION_PRECEDING)
      .map((element) => box(element).bottom);
    const below = parts
      .filter((element) => position(element) & Node.DOCUMENT_POSITION_FOLLOWING)
      .map((element) => box(element).top);
    return {
      vw: window.innerWidth,
      vh: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      display: box(document.querySelector('[data-testid="timer-display"]')),
      clocks: box(clocks),
      slots: Array.from(document.querySelectorAll('.td-clock__slot')).map(box),
      digits: Array.from(document.querySelectorAll('[role="timer"]')).map(box),
      aboveBottom: Math.max(0, ...above),
      belowTop: Math.min(window.innerHeight, ...below),
    } as unknown as Layout;
  });
}

/** The clock keeps half the screen, its digits are whole, and no text runs into it or off the screen. */
function expectClockIsTheScreen(layout: Layout, label: string) {
  const where = `${label} ${layout.vw}×${layout.vh}`;
  expect(layout.display.height, where).toBeCloseTo(layout.vh, 0);
  expect(layout.clocks.height, `${where}: clock box`).toBeGreaterThanOrEqual(layout.vh / 2 - 1);
  expect(layout.scrollWidth, `${where}: sideways scroll`).toBeLessThanOrEqual(layout.vw);
  expect(layout.aboveBottom, `${where}: text above runs into the clock`).toBeLessThanOrEqual(
    layout.clocks.top + 1,
  );
  expect(layout.belowTop, `${where}: text below runs into the clock`).toBeGreaterThanOrEqual(
    layout.clocks.bottom - 1,
  );
  layout.digits.forEach((digits, i) => {
    const slot = layout.slots[i]!;
    expect(digits.left, `${where}: digits cut on the left`).toBeGreaterThanOrEqual(slot.left - 1);
    expect(digits.right, `${where}: digits cut on the right`).toBeLessThanOrEqual(slot.right + 1);
    expect(digits.bottom, `${where}: digits below the screen`).toBeLessThanOrEqual(layout.vh);
    // As big as the slot allows: limited by its width or its height, never by the texts.
    expect(
      Math.max(digits.width / slot.width, digits.height / slot.height),
      `${where}: digits fill their slot`,
    ).toBeGreaterThan(0.85);
  });
}

async function openDisplay(path: string, viewport: { width: number; height: number }) {
  const opened = await openPage(browser, { viewport });
  await opened.context.addInitScript(() => window.localStorage.setItem('bianshi:display:ring', '0'));
  await opened.page.goto(hub.url + path);
  await opened.page.getByTestId('display-stage').waitFor(WAIT);
  return opened;
}

const stageIs = (page: Page, name: string) =>
  expect.poll(() => page.getByTestId('display-stage').getAttribute('title'), WAIT).toBe(name);

describe('the clock is the screen, whatever the text', () => {
  it('keeps half the viewport with the longest stage name, team names and topic, at every size', async () => {
    const timer = await createTestTimer(hub, longTextFormat(), TIMER_NAME);
    await setTimerSettings(hub, timer.id, SETTINGS);
    await timer.send({ type: 'start' });
    await timer.send({ type: 'pause' });
    for (const viewport of VIEWPORTS) {
      const { context, page, errors } = await openDisplay(`/timer/${timer.id}`, viewport);
      await page.getByText('已暂停').waitFor(WAIT);
      expectClockIsTheScreen(await measure(page), 'single, paused');
      await stageIs(page, STAGE);
      expect(
        await page
          .getByTestId('display-teams')
          .locator('[title]')
          .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title'))),
      ).toEqual([TEAM_AFF, TEAM_NEG]);
      expect(await page.getByTestId('display-topic').getAttribute('title')).toBe(TOPIC);
      expect(errors).toEqual([]);
      await context.close();
    }
    await timer.send({ type: 'goto', stageIndex: 1 });
    await timer.send({ type: 'start' });
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openDisplay(`/timer/${timer.id}`, viewport);
      await expect.poll(() => page.getByRole('timer').count(), WAIT).toBe(2);
      expectClockIsTheScreen(await measure(page), 'dual');
      await context.close();
    }
    await timer.send({ type: 'goto', stageIndex: 2 });
    await timer.send({ type: 'start' });
    await timer.send({ type: 'pause' });
    for (const viewport of VIEWPORTS) {
      const { context, page } = await openDisplay(`/timer/${timer.id}`, viewport);
      await page.getByTestId('display-pool-note').waitFor(WAIT);
      expectClockIsTheScreen(await measure(page), 'pooled, paused');
      await context.close();
    }
  }, 180_000);

  it('the hub-drawn first frame keeps the same clock box as the live display', async () => {
    const timer = await createTestTimer(hub, longTextFormat(), TIMER_NAME);
    await setTimerSettings(hub, timer.id, SETTINGS);
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${hub.url}/timer/${timer.id}`);
    await page.getByRole('timer').waitFor(WAIT);
    expectClockIsTheScreen(await measure(page), 'drawn');
    await context.close();
  });

  it('字号缩放 scales the labels within their boxes and never takes the clock below half the screen', async () => {
    const sizes: Record<string, { stage: number; clocks: number }> = {};
    for (const fontScale of [0.6, 1, 1.6]) {
      for (const texts of ['short', 'long'] as const) {
        const timer = await createTestTimer(
          hub,
          texts === 'long' ? longTextFormat() : undefined,
          texts === 'long' ? TIMER_NAME : '校园辩论赛决赛',
        );
        await setTimerSettings(hub, timer.id, {
          ...(texts === 'long'
            ? SETTINGS
            : {
                topic: '人工智能的发展利大于弊',
                teams: { aff: { name: '复旦大学' }, neg: { name: '武汉大学' } },
              }),
          skin: { preset: 'dark', fontScale },
        });
        const { context, page } = await openDisplay(`/timer/${timer.id}`, { width: 1920, height: 1080 });
        await page.getByRole('timer').waitFor(WAIT);
        const layout = await measure(page);
        expectClockIsTheScreen(layout, `×${fontScale} ${texts}`);
        const stage = await page
          .getByTestId('display-stage')
          .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
        sizes[`${fontScale}-${texts}`] = { stage, clocks: layout.clocks.height };
        await context.close();
      }
    }
    // Bigger labels with a bigger scale (what 字号缩放 says), smaller with a smaller one.
    expect(sizes['1.6-short']!.stage).toBeGreaterThan(sizes['1-short']!.stage);
    expect(sizes['0.6-short']!.stage).toBeLessThan(sizes['1-short']!.stage);
  }, 180_000);
});

describe('what the display says', () => {
  it('says 时间到 at zero, not 已暂停, and flashes when the timer asks for it', async () => {
    const timer = await createTestTimer(hub, {
      schemaVersion: 1,
      id: 'time-up',
      name: '到时',
      tags: { language: 'zh' },
      stages: [
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 2_000,
          overtime: 'stop',
          bells: [],
        },
      ],
    });
    await setTimerSettings(hub, timer.id, { display: { flashAtZero: true } });
    const { context, page, errors } = await openDisplay(`/timer/${timer.id}`, { width: 1280, height: 720 });
    await timer.send({ type: 'start' });
    await expect.poll(() => page.getByTestId('display-status-note').innerText(), WAIT).toBe('时间到');
    expect(await page.getByRole('timer').innerText()).toBe('00:00');
    expect(await page.getByTestId('display-flash').getAttribute('data-kind')).toBe('zero');
    // A second given back: the clock is merely paused again.
    await timer.send({ type: 'adjust', deltaMs: 1_000 });
    await expect.poll(() => page.getByTestId('display-status-note').innerText(), WAIT).toBe('已暂停');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes what is left on −10 秒 with less than 10 s left, instead of refusing', async () => {
    const timer = await createTestTimer(hub, {
      schemaVersion: 1,
      id: 'clamp',
      name: '扣时',
      tags: { language: 'zh' },
      stages: [
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 6_000,
          overtime: 'stop',
          bells: [],
        },
      ],
    });
    const { context, page } = await openDisplay(`/timer/${timer.id}`, { width: 1280, height: 720 });
    await timer.send({ type: 'start' });
    await timer.send({ type: 'adjust', deltaMs: -10_000 });
    await expect.poll(() => page.getByTestId('display-status-note').innerText(), WAIT).toBe('时间到');
    expect(await page.getByRole('timer').innerText()).toBe('00:00');
    // And +10 秒 gives back no more than was used: the whole 6 s.
    await timer.send({ type: 'adjust', deltaMs: 10_000 });
    await expect.poll(() => page.getByRole('timer').innerText(), WAIT).toBe('06.0');
    await context.close();
  });

  it('rings the bell an adjustment crosses, once', async () => {
    const timer = await createTestTimer(hub, {
      schemaVersion: 1,
      id: 'adjust-bell',
      name: '调整响铃',
      tags: { language: 'zh' },
      stages: [
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 38_000,
          overtime: 'stop',
          bells: [{ from: 'end', offsetMs: 30_000, count: 1 }],
        },
      ],
    });
    const { context, page } = await openDisplay(`/timer/${timer.id}`, { width: 1280, height: 720 });
    await timer.send({ type: 'adjust', deltaMs: -10_000 });
    await expect.poll(() => page.getByRole('timer').innerText(), WAIT).toBe('00:28');
    await expect
      .poll(() => page.getByTestId('timer-display').getAttribute('data-bell-count'), WAIT)
      .toBe('1');
    // Running on from 0:28 never rings it again.
    await timer.send({ type: 'start' });
    await expect.poll(() => page.getByRole('timer').innerText(), WAIT).toBe('00:26');
    expect(await page.getByTestId('timer-display').getAttribute('data-bell-count')).toBe('1');
    await context.close();
  });

  it('names the timer in the tab, and the cover shows the match title instead of 封面', async () => {
    const timer = await createTestTimer(hub, undefined, '2025 华语辩论邀请赛 决赛');
    const { context, page } = await openDisplay(`/timer/${timer.id}`, { width: 1280, height: 720 });
    await expect.poll(() => page.title(), WAIT).toMatch(/^2025 华语辩论邀请赛 决赛/);
    await timer.send({ type: 'goto', stageIndex: 3 });
    await stageIs(page, '2025 华语辩论邀请赛 决赛');
    expect(await page.getByTestId('display-stage').innerText()).toBe('2025 华语辩论邀请赛 决赛');
    expect(await page.locator('.td-body').innerText()).not.toContain('封面');
    await context.close();
  });
});

describe('the lobby grid (整轮网格)', () => {
  it('keeps long timer and team names in their tiles: whole digits, no sideways scroll on a phone', async () => {
    const api = httpClient(hub.url);
    const timers = await Promise.all(
      [0, 1, 2].map((i) => createTestTimer(hub, undefined, `${longText(78, '华语辩论邀请赛第一轮')}${i}`)),
    );
    for (const timer of timers) await setTimerSettings(hub, timer.id, SETTINGS);
    const lobby = await api.lobby.create.mutate({
      name: '复赛大厅',
      visibility: 'public',
      timers: timers.map((timer) => timer.id),
    });
    await httpClient(hub.url, { authorization: `Bearer ${lobby.organizerKey}` }).lobby.setMode.mutate({
      lobbyId: lobby.id,
      mode: 'grid',
    });
    for (const viewport of VIEWPORTS) {
      const { context, page, errors } = await openPage(browser, { viewport });
      await page.goto(`${hub.url}/lobby/${lobby.id}`);
      await page.getByTestId('lobby-grid').waitFor(WAIT);
      await expect.poll(() => page.getByRole('timer').count(), WAIT).toBe(3);
      const tiles = await page.getByTestId('lobby-tile').evaluateAll((nodes) =>
        nodes.map((tile) => {
          const r = tile.getBoundingClientRect();
          const name = tile.querySelector('.lobby-tile__name');
          const digits = tile.querySelector('[role="timer"]')!.getBoundingClientRect();
          const clock = tile.querySelector('.td')!.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            title: name?.getAttribute('title'),
            digits: { left: digits.left, right: digits.right },
            clock: { left: clock.left, right: clock.right },
            text: tile.querySelector('[role="timer"]')!.textContent,
          };
        }),
      );
      const where = `${viewport.width}×${viewport.height}`;
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${where}: sideways scroll`,
      ).toBeLessThanOrEqual(viewport.width);
      tiles.forEach((tile, i) => {
        expect(tile.title).toBe(`${longText(78, '华语辩论邀请赛第一轮')}${i}`);
        expect(tile.right, `${where}: tile off the screen`).toBeLessThanOrEqual(viewport.width);
        expect(tile.digits.left, `${where}: digits cut`).toBeGreaterThanOrEqual(tile.clock.left - 1);
        expect(tile.digits.right, `${where}: digits cut`).toBeLessThanOrEqual(tile.clock.right + 1);
        expect(tile.text).toBe('03:30');
        const next = tiles[i + 1];
        if (next && next.left > tile.left)
          expect(tile.right, `${where}: tile runs into its neighbour`).toBeLessThanOrEqual(next.left);
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
