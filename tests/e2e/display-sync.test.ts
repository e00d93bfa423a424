/**
 * The projector display in a real Chromium against a real hub: it follows commands sent by a
 * controller over HTTP (stage, side, time, aria-label), rings and flashes each bell exactly
 * once per screen, flips the second together with another display, keeps counting offline,
 * and resolves short links.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { untilUsedOnHub } from '../support/hub-clock';
import { holds, until } from '../support/until';
import { launchBrowser, openPage } from './support/browser';
import { createTestTimer, SAMPLE_SETTINGS, setTimerSettings } from './display-fixtures';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

const WAIT = { timeout: 20_000 };

/** Opens a display with the 本机响铃 switch preset. */
async function openDisplay(
  path: string,
  options: { ring?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const opened = await openPage(browser, { viewport: options.viewport ?? { width: 1280, height: 720 } });
  await opened.context.addInitScript(
    (ring) => window.localStorage.setItem('bianshi:display:ring', ring ? '1' : '0'),
    options.ring ?? false,
  );
  await opened.page.goto(hub.url + path);
  await opened.page.getByRole('timer').first().waitFor(WAIT);
  return opened;
}

const clockText = (page: Page, index = 0) => page.getByRole('timer').nth(index).innerText();

/** How many animation frames the page asks for in `ms` (its clocks' frame loop included). */
function framesRequestedIn(page: Page, ms: number): Promise<number> {
  return page.evaluate((windowMs) => {
    const original = window.requestAnimationFrame.bind(window);
    let count = 0;
    window.requestAnimationFrame = (callback) => {
      count += 1;
      return original(callback);
    };
    return new Promise<number>((resolve) =>
      window.setTimeout(() => {
        window.requestAnimationFrame = original;
        resolve(count);
      }, windowMs),
    );
  }, ms);
}

function waitForText(page: Page, predicate: (text: string) => boolean, index = 0, timeoutMs = 20_000) {
  return until(() => clockText(page, index).catch(() => ''), predicate, timeoutMs);
}

describe('projector display', () => {
  it('follows the controller: stage, side, time and aria-label', async () => {
    const timer = await createTestTimer(hub);
    await setTimerSettings(hub, timer.id, SAMPLE_SETTINGS);
    const { context, page, errors } = await openDisplay(`/timer/${timer.id}`);
    await expect.poll(() => page.getByTestId('display-stage').innerText(), WAIT).toBe('正方一辩 立论');
    expect(await clockText(page)).toBe('03:30');
    expect(await page.getByRole('timer').getAttribute('aria-label')).toBe('正方 剩余 3分30秒');
    expect(await page.getByTestId('display-speaker').innerText()).toMatch(/正方\s*复旦大学\s*一辩 张明远/);
    await expect.poll(() => page.getByTestId('connection-badge').innerText(), WAIT).toBe('在线');

    // A paused clock draws no frames (a frame loop kept a projector laptop's core busy).
    expect(await framesRequestedIn(page, 500)).toBe(0);

    await timer.send({ type: 'start' });
    await waitForText(page, (text) => text === '03:29' || text === '03:28');
    expect(await page.getByRole('timer').getAttribute('aria-label')).toMatch(/^正方 剩余 3分2[89]秒$/);
    expect(await framesRequestedIn(page, 500)).toBeGreaterThan(0);

    await timer.send({ type: 'next' });
    await expect.poll(() => page.getByTestId('display-stage').innerText(), WAIT).toBe('自由辩论');
    await expect.poll(() => page.getByRole('timer').count(), WAIT).toBe(2);
    const labels = await page
      .getByRole('timer')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(labels).toEqual(['正方 剩余 1分0秒', '反方 剩余 1分0秒']);
    await timer.send({ type: 'start' });
    await timer.send({ type: 'switchSide' });
    await waitForText(page, (text) => text === '00:59' || text === '00:58', 1);
    expect(
      await page.locator('.td-clock[data-highlighted="true"] [role="timer"]').getAttribute('aria-label'),
    ).toMatch(/^反方/);

    // Overtime past zero in a stage that continues.
    await timer.send({ type: 'next' });
    await timer.send({ type: 'start' });
    await timer.send({ type: 'adjust', deltaMs: -25_000 });
    await waitForText(page, (text) => /^\+00:0\d$/.test(text));
    expect(await page.getByRole('timer').getAttribute('aria-label')).toMatch(/^反方 超时 \d秒$/);

    // Overlays from the controller.
    await timer.send({ type: 'overlay', action: 'message', text: '请保持安静' });
    await expect.poll(() => page.getByTestId('display-message').innerText(), WAIT).toBe('请保持安静');
    await timer.send({ type: 'overlay', action: 'blackout', on: true });
    await page.getByTestId('display-blackout').waitFor(WAIT);
    await timer.send({ type: 'overlay', action: 'clear' });
    await page.getByTestId('display-blackout').waitFor({ state: 'detached', ...WAIT });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rings and flashes a bell exactly once on a ringing screen, and only flashes on a muted one', async () => {
    const timer = await createTestTimer(hub, {
      schemaVersion: 1,
      id: 'bell-test',
      name: '响铃测试',
      tags: { language: 'zh' },
      stages: [
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 60_000,
          overtime: 'stop',
          bells: [{ from: 'start', offsetMs: 2_000, count: 2, sound: 'bell' }],
        },
      ],
    });
    const ringing = await openDisplay(`/timer/${timer.id}`, { ring: true });
    const muted = await openDisplay(`/timer/${timer.id}`, { ring: false });
    // A browser that locks audio asks for one tap (a page it already let play does not); the muted screen never asks.
    const unlock = ringing.page.getByTestId('audio-unlock');
    if (await ringing.page.evaluate(() => new AudioContext().state !== 'running')) {
      await unlock.click(WAIT);
      await unlock.waitFor({ state: 'detached', ...WAIT });
    }
    expect(await unlock.count()).toBe(0);
    expect(await muted.page.getByTestId('audio-unlock').count()).toBe(0);

    await timer.send({ type: 'start' });
    const bells = (page: Page) =>
      page.evaluate(
        () =>
          (window as { __bianshiBells?: { rings: number; flashes: number } }).__bianshiBells ?? {
            rings: 0,
            flashes: 0,
          },
      );
    await expect.poll(() => bells(ringing.page), { timeout: 30_000 }).toEqual({ rings: 1, flashes: 1 });
    await expect.poll(() => bells(muted.page), { timeout: 30_000 }).toEqual({ rings: 0, flashes: 1 });
    // Nothing more arrives later (one bell, one ring, one flash): watched for 1.5 s.
    const once = (seen: { rings: number; flashes: number }) => seen.rings === 1 && seen.flashes === 1;
    expect(await holds(() => bells(ringing.page), once, 1_500)).toEqual({ rings: 1, flashes: 1 });
    expect(await ringing.page.getByTestId('timer-display').getAttribute('data-bell-count')).toBe('1');
    expect(await muted.page.getByTestId('timer-display').getAttribute('data-bell-count')).toBe('1');
    expect(await ringing.page.locator('.ds').getAttribute('data-ring-count')).toBe('1');
    await ringing.context.close();
    await muted.context.close();
  });

  it('flips the second on two displays at about the same instant', async () => {
    const timer = await createTestTimer(hub);
    const screens = [await openDisplay(`/timer/${timer.id}`), await openDisplay(`/timer/${timer.id}`)];
    // Each page records the wall-clock instant of every text change of its clock.
    for (const { page } of screens) {
      await page.evaluate(() => {
        const node = document.querySelector('[role="timer"]')!;
        const flips: Record<string, number> = {};
        (window as unknown as { __flips: Record<string, number> }).__flips = flips;
        new MutationObserver(() => {
          flips[node.textContent ?? ''] = performance.timeOrigin + performance.now();
        }).observe(node, { childList: true, characterData: true, subtree: true });
      });
    }
    await timer.send({ type: 'start' });
    const flipsOf = (page: Page) =>
      page.evaluate(() => (window as unknown as { __flips: Record<string, number> }).__flips);
    await expect
      .poll(async () => Object.keys(await flipsOf(screens[1]!.page)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(3);
    const [a, b] = [await flipsOf(screens[0]!.page), await flipsOf(screens[1]!.page)];
    const common = Object.keys(a).filter((text) => text in b);
    expect(common.length).toBeGreaterThanOrEqual(2);
    for (const text of common) expect(Math.abs(a[text]! - b[text]!)).toBeLessThan(250);
    for (const { context } of screens) await context.close();
  });

  it('keeps counting with the network cut, says so, and resumes when it returns', async () => {
    const timer = await createTestTimer(hub);
    const { context, page } = await openDisplay(`/timer/${timer.id}`);
    await expect.poll(() => page.getByTestId('connection-badge').innerText(), WAIT).toBe('在线');
    await timer.send({ type: 'start' });
    await waitForText(page, (text) => text !== '03:30');

    await context.setOffline(true);
    await expect
      .poll(() => page.getByTestId('connection-badge').innerText(), WAIT)
      .toMatch(/^(离线|重连中)$/);
    const before = await clockText(page);
    await waitForText(page, (text) => text !== before, 0, 5_000); // still counting from absolute time
    // While offline the controller pauses; the display learns of it only after reconnecting.
    await timer.send({ type: 'pause' });

    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId('connection-badge').innerText(), { timeout: 40_000 })
      .toBe('在线');
    await expect
      .poll(() => page.locator('.td-clock').getAttribute('data-running'), { timeout: 30_000 })
      .toBe('false');
    const paused = await clockText(page);
    // The paused clock holds still, watched for 1.5 s.
    expect(
      await holds(
        () => clockText(page),
        (text) => text === paused,
        1_500,
      ),
    ).toBe(paused);
    await context.close();
  });

  it('draws its first clock from its own page while the socket has not answered, counting from the hub’s time', async () => {
    const timer = await createTestTimer(hub);
    await setTimerSettings(hub, timer.id, SAMPLE_SETTINGS);
    /** A socket that opens but never reaches the hub: whatever the display shows came with its page. */
    const mute = async (page: Page) => {
      let frames = 0;
      await page.routeWebSocket(/\/api\/trpc/, (socket) => {
        socket.onMessage(() => {
          frames += 1;
        });
      });
      return () => frames;
    };
    const still = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    const sent = await mute(still.page);
    await still.page.goto(`${hub.url}/timer/${timer.id}`);
    await still.page.getByRole('timer').waitFor(WAIT);
    expect(await clockText(still.page)).toBe('03:30');
    expect(await still.page.getByTestId('display-stage').innerText()).toBe('正方一辩 立论');
    await expect.poll(sent, WAIT).toBeGreaterThan(0); // it did ask the (muted) hub
    await still.context.close();

    await timer.send({ type: 'start' });
    await untilUsedOnHub(timer.controller, timer.id, 2_200);
    const since = Date.now();
    const running = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    await mute(running.page);
    await running.page.goto(`${hub.url}/timer/${timer.id}`);
    await running.page.getByRole('timer').waitFor(WAIT);
    // Started at least 2.2 s before by the hub's clock, and at most the time the page took more:
    // the clock shows whole seconds up from there (03:28 at 2.2 s), not 03:30, and keeps counting.
    const shown = await clockText(running.page);
    const usedAtMostS = 2.2 + (Date.now() - since) / 1000 + 0.3;
    const secondsOf = (text: string) => {
      const [m = NaN, sec = NaN] = text.split(':').map(Number);
      return m * 60 + sec;
    };
    expect(secondsOf(shown)).toBeLessThanOrEqual(208);
    expect(secondsOf(shown)).toBeGreaterThanOrEqual(Math.ceil(210 - usedAtMostS));
    await waitForText(running.page, (text) => secondsOf(text) < secondsOf(shown), 0, 5_000);
    await running.context.close();
  });

  it('comes drawn by the hub: the clock shows before any script runs, and the display replaces it without a frame between', async () => {
    const timer = await createTestTimer(hub);
    await setTimerSettings(hub, timer.id, SAMPLE_SETTINGS);
    await timer.send({ type: 'start' });
    await untilUsedOnHub(timer.controller, timer.id, 1_200);

    // Scripts off: only what the hub drew (page-render.ts), at its clock when it sent the page.
    const still = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      javaScriptEnabled: false,
    });
    const frozen = await still.newPage();
    await frozen.goto(`${hub.url}/timer/${timer.id}`);
    expect(await frozen.getByRole('timer').innerText()).toMatch(/^03:2[89]$/);
    expect(await frozen.getByRole('timer').getAttribute('aria-label')).toMatch(/^正方 剩余 3分2[89]秒$/);
    expect(await frozen.getByTestId('display-stage').innerText()).toBe('正方一辩 立论');
    expect(await frozen.getByTestId('display-speaker').innerText()).toMatch(/正方\s*复旦大学\s*一辩 张明远/);
    expect(await frozen.locator('.splash').count()).toBe(0);
    // Drawn with the display's stylesheet: the big digits, not unstyled text.
    const fontSize = await frozen
      .getByRole('timer')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThan(60);
    await still.close();

    // Scripts on: the display replaces the drawn one, leaves one display, and counts on.
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    // The display's first render replaces the drawn elements (preact/compat empties its root),
    // in the same task as it adds its own: no batch of changes takes a clock away without one.
    await page.addInitScript(() => {
      const seen = { replaced: 0, gaps: 0 };
      (window as unknown as { __drawn: typeof seen }).__drawn = seen;
      const clocks = (nodes: NodeList) =>
        Array.from(nodes).filter(
          (node) =>
            node instanceof Element &&
            (node.matches('[role="timer"]') || node.querySelector('[role="timer"]') !== null),
        ).length;
      new MutationObserver((records) => {
        const removed = records.reduce((sum, record) => sum + clocks(record.removedNodes), 0);
        const added = records.reduce((sum, record) => sum + clocks(record.addedNodes), 0);
        if (removed > 0 && added === 0) seen.gaps += 1;
        else if (removed > 0) seen.replaced += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${hub.url}/timer/${timer.id}`);
    await expect.poll(() => page.getByTestId('connection-badge').innerText(), WAIT).toBe('在线');
    expect(
      await page.evaluate(
        () => (window as unknown as { __drawn: { replaced: number; gaps: number } }).__drawn,
      ),
    ).toEqual({ replaced: 1, gaps: 0 });
    expect(await page.getByTestId('timer-display').count()).toBe(1);
    expect(await page.getByRole('timer').count()).toBe(1);
    expect(
      await page
        .locator('#root')
        .evaluate(
          (root) => Array.from(root.childNodes).filter((node) => node.nodeType === Node.COMMENT_NODE).length,
        ),
    ).toBe(0);
    const before = await clockText(page);
    await waitForText(page, (text) => text !== before && /^03:[12]\d$/.test(text), 0, 5_000);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resolves /id/<shortid> to the display, and answers an unknown one with the 404 page', async () => {
    const timer = await createTestTimer(hub);
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/id/${timer.shortid}`);
    await page.waitForURL(`**/timer/${timer.id}`, WAIT);
    await page.getByRole('timer').waitFor(WAIT);
    // An unknown one names nothing: 404 with the site's 404 page, in Chinese.
    for (const path of ['/id/nosuchtimer', '/timer/nosuchtimer']) {
      const response = await page.goto(`${hub.url}${path}`);
      expect(response?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor(WAIT);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('页面不存在');
    }
    await context.close();
  });
});
