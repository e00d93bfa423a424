/**
 * An organizer runs a round from the lobby: the lobby console starts, pauses and moves on each
 * match whose timer this browser controls (the hub authorises each command as the timer's own
 * console would), and says so, with the way to the timer's console, for one it does not. The
 * audience's screen follows. Real Chromium, real hub.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
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

describe('the lobby console runs the matches', () => {
  it('starts, pauses and moves on the matches this browser controls', async () => {
    const api = httpClient(hub.url);
    const mine = await api.timer.create.mutate({ name: '甲组 决赛', formatId: 'cn-worldcup' });
    const theirs = await api.timer.create.mutate({ name: '乙组 决赛', formatId: 'cn-worldcup' });
    const lobby = await api.lobby.create.mutate({
      name: '决赛大厅',
      visibility: 'public',
      timers: [mine.id, theirs.id],
    });

    const organizer = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    // This browser opened 甲组's control link (as the one who created it would have), not 乙组's.
    await organizer.page.goto(`${hub.url}/timer/manage/${mine.shortid}#key=${mine.controlKey}`);
    await organizer.page.getByTestId('console').waitFor(WAIT);
    await organizer.page.goto(`${hub.url}/lobby/${lobby.id}?key=${lobby.organizerKey}`);
    const controls = organizer.page.getByTestId('lobby-match-controls');
    await controls.waitFor(WAIT);
    const row = (timerId: string) =>
      organizer.page.locator(`[data-testid="lobby-match-control"][data-timer-id="${timerId}"]`);
    await row(mine.id).getByTestId('lobby-control-toggle').waitFor(WAIT);
    await row(theirs.id).getByTestId('lobby-control-denied').waitFor(WAIT);
    expect(await row(theirs.id).getByRole('link', { name: '打开控制台' }).getAttribute('href')).toBe(
      `/timer/manage/${theirs.shortid}`,
    );
    expect(await row(theirs.id).getByRole('button').count()).toBe(0);

    const audience = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await audience.page.goto(`${hub.url}/lobby/${lobby.id}`);
    await audience.page.getByTestId('lobby-featured').waitFor(WAIT);

    // 下一环节 three times to the first speech, then 开始: the hub runs the clock; the audience sees it.
    for (let i = 0; i < 3; i += 1) {
      const before = await row(mine.id).getByTestId('lobby-control-stage').innerText();
      await row(mine.id).getByTestId('lobby-control-next').click();
      await until(
        () => row(mine.id).getByTestId('lobby-control-stage').innerText(),
        (text) => text !== before,
      );
    }
    expect(await row(mine.id).getByTestId('lobby-control-stage').innerText()).toBe(
      '第 4 / 18 环节 · 正方一辩 立论',
    );
    await row(mine.id).getByTestId('lobby-control-toggle').click();
    await until(
      async () => (await api.timer.get.query({ id: mine.id })).state.status,
      (status) => status === 'running',
    );
    await until(
      () => row(mine.id).getByTestId('lobby-control-toggle').innerText(),
      (text) => text === '暂停',
    );
    await until(
      () => audience.page.getByTestId('lobby-featured').getByRole('timer').first().innerText(),
      (text) => text !== '03:30',
    );
    await organizer.page.screenshot({ path: `${SHOTS}/lobby-controls-1920.png` });
    await row(mine.id).getByTestId('lobby-control-toggle').click();
    await until(
      async () => (await api.timer.get.query({ id: mine.id })).state.status,
      (status) => status === 'paused',
    );

    // The other timer's matches are not this organizer's to run: the hub refuses them too.
    const refused = await fetch(`${hub.url}/api/trpc/timer.command`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: hub.url,
        cookie: (await organizer.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
      },
      body: JSON.stringify({ json: { timerId: theirs.id, command: { type: 'start' } } }),
    });
    expect(refused.status).toBe(401);
    expect((await api.timer.get.query({ id: theirs.id })).state.status).toBe('ready');

    await organizer.page.setViewportSize({ width: 390, height: 844 });
    await controls.scrollIntoViewIfNeeded();
    await organizer.page.screenshot({ path: `${SHOTS}/lobby-controls-390.png` });
    expect(organizer.errors).toEqual([]);
    expect(audience.errors).toEqual([]);
    await Promise.all([organizer.context.close(), audience.context.close()]);
  });
});
