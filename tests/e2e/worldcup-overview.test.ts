/**
 * The tab room's overview of a 100-room round in a real Chromium (issue 34, *Scale*): every room
 * listed; clocks started through the API turn their rooms 进行中 with their time left counting
 * down, and 100 running clocks keep the page drawing frames; a ballot submitted through the API
 * shows in 评分 without a reload, and three ballots that disagree show 待裁定; a phone gets every
 * room in its width; the console's round card and the staff's live wall link to it; an account
 * that is not on the tournament's staff is told it may not look.
 * `OVERVIEW_SHOTS=/tmp/shots` also saves screenshots (1920×1080 dark, 1280×800 light, 390×844
 * light and dark).
 */
import { mkdirSync } from 'node:fs';
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { addJudges, bigTeamsCsv, bigVenues } from '../support/big-tournament';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { launchBrowser, openPage, type PageOptions, openSignedInPage } from './support/browser';

const SHOTS = process.env.OVERVIEW_SHOTS;
const ROOMS = 100;
/** Rooms started through `timer.command` (two commands each, within the per-address limit). */
const BY_API = 25;
const FORMAT = getBuiltinFormat('cn-worldcup')!;
/** The first stage of 世界杯赛制 with a clock. */
const FIRST_SPEECH = 3;
/** The stage after the last speech (公布结果): where ballots open. */
const RESULTS_STAGE = FORMAT.stages.length - 1;
const SLUG = `overview-${Date.now().toString(36)}`;
const BALLOT = {
  speakerScores: { aff: [80, 82, 81, 85], neg: [78, 79, 80, 77] },
  bestDebater: { side: 'aff' as const, position: 4 },
};

let hub: TestHub;
let browser: Browser;
let owner: TestAccount;
let outsider: TestAccount;
let view: TournamentView;
let submissions = 0;

beforeAll(async () => {
  [hub, browser] = await Promise.all([
    startHub({ env: process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {} }),
    launchBrowser(),
  ]);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  [owner, outsider] = await Promise.all([createAccount(hub, 'ov-owner'), createAccount(hub, 'ov-outsider')]);
  const { id: tournamentId } = await owner.client.tournament.create.mutate({
    tournament: { name: '二百队邀请赛', slug: SLUG, venues: bigVenues(ROOMS), judgesPerFixture: 3 },
  });
  await owner.client.tournament.importTeams.mutate({
    tournamentId,
    import: { source: 'csv', text: bigTeamsCsv(ROOMS * 2) },
  });
  await addJudges(owner.client, tournamentId, ROOMS * 3);
  const { roundId } = await owner.client.tournament.addRound.mutate({
    tournamentId,
    round: { drawKind: 'power' },
  });
  await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'overview' } });
  await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
  view = await owner.client.tournament.get.query({ slug: SLUG });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A page signed in as `account` (none: signed out). */
async function pageAs(account: TestAccount | null, options: PageOptions = {}) {
  const page = { viewport: { width: 1920, height: 1080 }, ...options };
  return account ? openSignedInPage(browser, hub.url, account.cookie, page) : openPage(browser, page);
}

const fixtures = () => view.rounds[0]!.fixtures;
const rowOf = (page: Page, fixtureId: string) =>
  page.locator(`[data-testid="to-row"][data-fixture-id="${fixtureId}"]`);
const rowTexts = (page: Page, testId: string) =>
  page.locator(`[data-testid="to-row"] [data-testid="${testId}"]`).allTextContents();
/** Time left of every room whose clock is running, by fixture id. */
const runningTimes = (page: Page) =>
  page.locator('[data-testid="to-row"]').evaluateAll((rows) =>
    Object.fromEntries(
      rows.flatMap((row) => {
        const time = row.querySelector('[data-testid="to-time"][data-running="true"]');
        return time ? [[row.getAttribute('data-fixture-id') ?? '', time.textContent ?? '']] : [];
      }),
    ),
  );

/** Frames the page drew in `ms` (requestAnimationFrame callbacks). */
const framesIn = (page: Page, ms: number) =>
  page.evaluate(
    (duration) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const end = performance.now() + duration;
        const step = (now: number) => {
          frames += 1;
          if (now < end) requestAnimationFrame(step);
          else resolve(frames);
        };
        requestAnimationFrame(step);
      }),
    ms,
  );

/** Starts a room's match: the first speech, its clock running. */
async function startThroughApi(timerId: string) {
  await owner.client.timer.command.mutate({ timerId, command: { type: 'goto', stageIndex: FIRST_SPEECH } });
  await owner.client.timer.command.mutate({ timerId, command: { type: 'toggle' } });
}

function ballotOf(fixtureId: string, judgeId: string, winner: 'aff' | 'neg') {
  const token = view.judges.find((judge) => judge.id === judgeId)!.ballotToken!;
  return httpClient(hub.url).tournament.submitBallot.mutate({
    token,
    fixtureId,
    submissionId: `ov-${Date.now().toString(36)}-${(submissions += 1)}`,
    ballot: { ...BALLOT, winner },
  });
}

describe('the tab room overview of a 100-room round', () => {
  it('follows 100 clocks started through the API, and ballots as they come in, without a reload', async () => {
    const { context, page, errors } = await pageAs(owner, { colorScheme: 'dark' });
    // The latest published round by default.
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage/overview`);
    await until(
      () => rowTexts(page, 'to-time'),
      (times) => times.length === ROOMS,
      30_000,
    );
    expect(await page.getByTestId('to-count-scheduled').innerText()).toBe('未开始 100');
    expect(await page.getByTestId('to-count-live').innerText()).toBe('进行中 0');

    const started = fixtures().slice(0, BY_API);
    for (const fixture of started) await startThroughApi(fixture.timerId!);
    await until(
      () => runningTimes(page),
      (times) => Object.keys(times).length === BY_API,
      15_000,
    );
    for (const fixture of started)
      await expect.poll(() => rowOf(page, fixture.id).getAttribute('data-status')).toBe('live');
    expect(await rowOf(page, started[0]!.id).getByTestId('to-status').innerText()).toContain('进行中');
    expect(await page.getByTestId('to-count-live').innerText()).toBe(`进行中 ${BY_API}`);
    const before = await runningTimes(page);
    // Counting down: every started room's time left goes down.
    await until(
      () => runningTimes(page),
      (times) => started.every((fixture) => times[fixture.id]! < before[fixture.id]!),
      10_000,
    );

    // The other 75 rooms, as their timekeepers would start them (straight to the service: one test
    // address would meet the per-address command limit).
    for (const fixture of fixtures().slice(BY_API)) {
      const timer = await hub.services.timers.get(fixture.timerId!);
      for (const command of [{ type: 'goto', stageIndex: FIRST_SPEECH }, { type: 'toggle' }] as const)
        expect((await hub.services.timers.command(timer, undefined, command, { actor: 'test' })).ok).toBe(
          true,
        );
    }
    await until(
      () => runningTimes(page),
      (times) => Object.keys(times).length === ROOMS,
      15_000,
    );
    const all = await runningTimes(page);
    await until(
      () => runningTimes(page),
      (times) => Object.entries(all).every(([id, time]) => times[id] !== undefined && times[id] !== time),
      10_000,
    );
    // Keeping pace with 100 running clocks.
    expect(await framesIn(page, 2_000)).toBeGreaterThanOrEqual(40);
    expect(await page.getByTestId('to-count-live').innerText()).toBe(`进行中 ${ROOMS}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/overview-100-1920x1080-dark.png` });

    // A ballot (the room at 公布结果, through the API): 评分 1/3 without a reload, 待收评分 counted.
    const [first, second] = fixtures();
    await owner.client.timer.command.mutate({
      timerId: first!.timerId!,
      command: { type: 'goto', stageIndex: RESULTS_STAGE },
    });
    expect((await ballotOf(first!.id, first!.judgeIds[0]!, 'aff')).status).toBe('accepted');
    await until(
      () => rowOf(page, first!.id).getByTestId('to-ballots').innerText(),
      (text) => text === '1/3',
      10_000,
    );
    expect(await page.getByTestId('to-count-missing').innerText()).toBe('待收评分 1');
    // Three ballots that disagree: 待裁定 until the tab room decides.
    await owner.client.timer.command.mutate({
      timerId: second!.timerId!,
      command: { type: 'goto', stageIndex: RESULTS_STAGE },
    });
    for (const [index, winner] of (['aff', 'aff', 'neg'] as const).entries())
      await ballotOf(second!.id, second!.judgeIds[index]!, winner);
    await rowOf(page, second!.id).getByTestId('to-awaiting').waitFor({ timeout: 10_000 });
    expect(await rowOf(page, second!.id).getByTestId('to-ballots').innerText()).toContain('3/3');
    expect(await page.getByTestId('to-count-awaiting').innerText()).toBe('待裁定 1');
    // 缺评分优先: the room awaiting a decision first, then the one missing two ballots.
    await page.getByTestId('to-sort').selectOption('missing');
    const order = await page
      .locator('[data-testid="to-row"]')
      .evaluateAll((rows) => rows.slice(0, 2).map((row) => row.getAttribute('data-fixture-id')));
    expect(order).toEqual([second!.id, first!.id]);
    await page.getByTestId('to-filter').selectOption('missing');
    await until(
      () => page.locator('[data-testid="to-row"]').count(),
      (count) => count === 1,
    );
    if (SHOTS) {
      await page.getByTestId('to-filter').selectOption('all');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${SHOTS}/overview-100-1280x800-light.png` });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('fits every room in a phone’s width', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await pageAs(owner, {
        viewport: { width: 390, height: 844 },
        colorScheme,
      });
      await page.goto(`${hub.url}/worldcup/${SLUG}/manage/overview/${view.rounds[0]!.id}`);
      await until(
        () => rowTexts(page, 'to-time'),
        (times) => times.length === ROOMS,
        30_000,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/overview-100-390x844-${colorScheme}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('is reached from the round card in the console and, for staff, from the live wall', async () => {
    const round = view.rounds[0]!;
    const { context, page, errors } = await pageAs(owner, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage`);
    await page.getByTestId('tm-round-overview').click({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === `/worldcup/${SLUG}/manage/overview/${round.id}`);
    await page.getByTestId('to-overview').waitFor({ timeout: 20_000 });
    await page.goto(`${hub.url}/worldcup/${SLUG}/live/${round.id}`);
    await page.getByRole('link', { name: '赛况总览' }).click({ timeout: 20_000 });
    await page.getByTestId('to-overview').waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();
    // The wall shows no such link to the public.
    const visitor = await pageAs(null, { viewport: { width: 1280, height: 800 } });
    await visitor.page.goto(`${hub.url}/worldcup/${SLUG}/live/${round.id}`);
    await visitor.page.getByTestId('tw-count').waitFor({ timeout: 20_000 });
    expect(await visitor.page.getByRole('link', { name: '赛况总览' }).count()).toBe(0);
    await visitor.context.close();
  });

  it('tells an account off the staff that only organizers may look', async () => {
    const { context, page, errors } = await pageAs(outsider, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage/overview`);
    await page.getByTestId('tm-forbidden').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="to-row"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
