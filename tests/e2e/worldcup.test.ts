/**
 * 世界杯 in a real Chromium against a real hub serving the built client: an organizer sets up
 * an 8-team tournament with 2 pools in the console (CSV import with row errors, judges, a seeded
 * draw), publishes a round and starts two of its clocks; the live wall shows both clocks moving
 * over ONE lobby subscription; judges submit ballots from phone-size viewports (one through a
 * dropped connection, sent once when it returns); standings update; refusals come in Chinese;
 * the owner adds a second account as organizer by email, who reads a fixture's ballots and
 * result history in the console; the bracket appears after the group stage.
 * `WORLDCUP_SHOTS=/tmp/shots` also saves screenshots (projector 1920×1080, phone 390×844, light and dark).
 * (`E2E_CLIENT_DIST` points the hub at another client build, e.g. while others rebuild client/dist.)
 */
import { mkdirSync } from 'node:fs';
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { holds, until } from '../support/until';
import { confirmDialog, launchBrowser, openPage, settled, type PageOptions } from './support/browser';

let hub: TestHub;
let browser: Browser;
let owner: TestAccount;

const SHOTS = process.env.WORLDCUP_SHOTS;
const PROJECTOR = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };
const SLUG = `wc-e2e-${Date.now().toString(36)}`;

const TEAMS_CSV = [
  '队名,学校,辩手,种子',
  '复旦大学,复旦大学,甲一;甲二;甲三;甲四,1',
  '武汉大学,武汉大学,乙一;乙二;乙三;乙四,2',
  '南京大学,南京大学,,',
  '中山大学,中山大学,,',
  '浙江大学,浙江大学,,',
  '厦门大学,厦门大学,,',
  '马来亚大学,马来亚大学,,',
  '新加坡国立大学,新加坡国立大学,,',
].join('\n');

beforeAll(async () => {
  const env: Record<string, string> = process.env.E2E_CLIENT_DIST
    ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST }
    : {};
  [hub, browser] = await Promise.all([startHub({ env }), launchBrowser()]);
  owner = await createAccount(hub, 'wc-organizer');
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A page signed in as `account` (the organizer by default). */
async function organizerPage(options: PageOptions = {}, account: TestAccount = owner) {
  const opened = await openPage(browser, { viewport: { width: 1440, height: 900 }, ...options });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

/** The tournament as its organizer sees it (ballot tokens included). */
const view = (): Promise<TournamentView> => owner.client.tournament.get.query({ slug: SLUG });

/** Screenshots of `path` in light and dark (signed in as `as`, if given), when WORLDCUP_SHOTS is set. */
async function shoot(
  name: string,
  path: string,
  viewport: { width: number; height: number },
  ready: (page: Page) => Promise<unknown>,
  as?: TestAccount,
) {
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    const { context, page } = as
      ? await organizerPage({ viewport, colorScheme }, as)
      : await openPage(browser, { viewport, colorScheme });
    await page.goto(hub.url + path);
    await ready(page);
    await settled(page);
    await page.screenshot({
      path: `${SHOTS}/worldcup-${name}-${viewport.width}x${viewport.height}-${colorScheme}.png`,
      fullPage: !as && viewport.width < 1000,
    });
    await context.close();
  }
}

/** Moves a fixture's match on to 公布结果, after its last speech: where ballots open. */
const toResults = (timerId: string) =>
  owner.client.timer.command.mutate({
    timerId,
    command: { type: 'goto', stageIndex: getBuiltinFormat('cn-worldcup')!.stages.length - 1 },
  });

/** The clock texts of the wall's live tiles. */
const wallClocks = (page: Page) =>
  page.locator('[data-testid="tw-tile"][data-status="live"] [role="timer"]').allInnerTexts();

describe('世界杯 in the browser', () => {
  it('sets up an 8-team tournament with 2 pools from the console', async () => {
    const { context, page, errors } = await organizerPage();
    await page.goto(`${hub.url}/worldcup`);
    await page.getByTestId('tm-create').click();
    await page.getByTestId('tm-form').waitFor();
    // A bad short link is refused in Chinese before anything is sent.
    await page.locator('input[name="slug"]').fill('坏的');
    await page.getByTestId('tm-form-submit').click();
    await page.getByText('短链接只能包含小写字母、数字和 -').first().waitFor();
    await page.locator('input[name="name"]').fill('华语辩论世界杯 浏览器测试赛');
    await page.locator('input[name="slug"]').fill(SLUG);
    await page.locator('textarea[name="venues"]').fill('一号厅\n二号厅\n三号厅\n四号厅');
    await page.locator('input[name="judgesPerFixture"]').fill('1');
    // 平票时主席决定票 starts from the format's default (on for a two-team format); turned off here.
    const castingVote = page.getByTestId('tm-form-casting-vote');
    expect(await castingVote.isChecked()).toBe(true);
    await castingVote.uncheck();
    await page.getByTestId('tm-form-submit').click();
    await page.waitForURL(`**/worldcup/${SLUG}/manage`, { timeout: 20_000 });
    await page.getByTestId('tm-console').waitFor();
    expect((await view()).castingVote).toBe(false);

    // A CSV with mistakes: every row and column named, nothing imported.
    await page.getByTestId('tm-csv-text').fill('队名,种子\n,1\n某队,x\n');
    await page.getByTestId('tm-csv-import').click();
    const csvErrors = page.getByTestId('tm-csv-errors');
    await csvErrors.waitFor();
    expect(await csvErrors.innerText()).toContain('第 2 行「队名」');
    expect(await csvErrors.innerText()).toContain('第 3 行「种子」');
    await page.getByTestId('tm-csv-text').fill(TEAMS_CSV);
    await page.getByTestId('tm-csv-import').click();
    await until(
      () => page.locator('[data-testid="tm-team-table"] tbody tr').count(),
      (n) => n === 8,
    );

    for (const name of ['评委甲', '评委乙', '评委丙', '评委丁', '评委戊']) {
      await page.getByTestId('tm-judge-name').fill(name);
      await page.getByTestId('tm-judge-add').click();
      await page.locator('[data-testid="tm-judge"]', { hasText: name }).waitFor();
    }
    expect(await page.getByTestId('tm-judge-link').first().inputValue()).toMatch(
      /\/worldcup\/ballot\/[\w-]+$/,
    );

    await page.getByTestId('tm-pool-count').fill('2');
    await page.getByTestId('tm-draw-seed-input').fill('e2e-seed');
    await page.getByTestId('tm-generate-draw').click();
    await page.getByTestId('tm-draw-seed').filter({ hasText: 'e2e-seed' }).waitFor();
    await page.getByTestId('tm-pools').waitFor();
    const setup = await view();
    expect(setup.stages[0]!.pools.map((pool) => pool.teamIds.length)).toEqual([4, 4]);
    expect(setup.rounds).toHaveLength(3);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('publishes a round; the live wall shows both started clocks moving over one lobby subscription', async () => {
    const { context, page, errors } = await organizerPage();
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-rounds`);
    const first = page.getByTestId('tm-round-card').first();
    await first.getByTestId('tm-publish-round').click();
    await confirmDialog(page);
    await first.getByTestId('tm-round-wall').waitFor({ timeout: 20_000 });
    const round = (await view()).rounds[0]!;
    expect(round.status).toBe('published');
    const [a, b] = round.fixtures;
    // The organizer starts two clocks (as the console would), past the format's cover stage.
    const speech = getBuiltinFormat('cn-worldcup')!.stages.findIndex((stage) => stage.kind !== 'none');
    for (const fixture of [a!, b!]) {
      await owner.client.timer.command.mutate({
        timerId: fixture.timerId!,
        command: { type: 'goto', stageIndex: speech },
      });
      await owner.client.timer.command.mutate({ timerId: fixture.timerId!, command: { type: 'start' } });
    }
    await context.close();

    const wall = await openPage(browser, { viewport: PROJECTOR });
    const sent: string[] = [];
    wall.page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => sent.push(String(frame.payload))),
    );
    await wall.page.goto(`${hub.url}/worldcup/${SLUG}/live/${round.id}`);
    await wall.page.getByTestId('tw-wall').waitFor();
    await until(
      () => wall.page.getByTestId('tw-tile').count(),
      (n) => n === 4,
    );
    await until(
      () => wallClocks(wall.page),
      (texts) => texts.length === 2,
      20_000,
    );
    const before = await wallClocks(wall.page);
    // Both clocks count on: each shows another time than it did.
    const after = await until(
      () => wallClocks(wall.page),
      (texts) => texts.length === 2 && texts.every((text, i) => text !== before[i]),
      20_000,
    );
    expect(after).toHaveLength(2);
    after.forEach((text, i) => expect(text).not.toBe(before[i]));
    // One subscription for every tile: the round's lobby, never a timer watch per tile.
    expect(sent.filter((frame) => frame.includes('"lobby.watch"'))).toHaveLength(1);
    expect(sent.filter((frame) => frame.includes('"timer.watch"'))).toHaveLength(0);
    expect(wall.errors).toEqual([]);
    await wall.context.close();

    // The tournament page shows the two live fixtures with their synced clocks.
    const visitor = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await visitor.page.goto(`${hub.url}/worldcup/${SLUG}?tab=fixtures`);
    await until(
      () => visitor.page.getByTestId('tm-fixture-clock').count(),
      (n) => n === 2,
      20_000,
    );
    expect(await visitor.page.locator('[data-testid="tm-fixture"][data-status="live"]').count()).toBe(2);
    await visitor.context.close();

    await shoot('wall', `/worldcup/${SLUG}/live/${round.id}`, PROJECTOR, (p) =>
      until(
        () => wallClocks(p),
        (texts) => texts.length === 2,
        20_000,
      ),
    );
    await shoot('wall', `/worldcup/${SLUG}/live/${round.id}`, PHONE, (p) =>
      until(
        () => wallClocks(p),
        (texts) => texts.length === 2,
        20_000,
      ),
    );
    await shoot('fixtures', `/worldcup/${SLUG}?tab=fixtures`, PROJECTOR, (p) =>
      p.getByTestId('tm-fixture-clock').first().waitFor(),
    );
    await shoot('fixtures', `/worldcup/${SLUG}?tab=fixtures`, PHONE, (p) =>
      p.getByTestId('tm-fixture-clock').first().waitFor(),
    );
    expect(errors).toEqual([]);
  }, 180_000);

  it('takes judges’ ballots from phones (one through a dropped connection, sent once) and updates the standings', async () => {
    const before = await view();
    const round = before.rounds[0]!;
    const tokenOf = new Map(before.judges.map((judge) => [judge.id, judge.ballotToken!]));
    const links = round.fixtures.map((fixture) => ({ fixture, token: tokenOf.get(fixture.judgeIds[0]!)! }));
    expect(links.every((link) => link.token)).toBe(true);
    // Ballots open once a match's speeches are over: every match moves on to 公布结果.
    for (const fixture of round.fixtures) await toResults(fixture.timerId!);
    if (SHOTS)
      await shoot('ballot', `/worldcup/ballot/${links[0]!.token}`, PHONE, (p) =>
        p.getByTestId('tb-submit').waitFor(),
      );

    for (const [index, { fixture, token }] of links.entries()) {
      const phone = await openPage(browser, { viewport: PHONE });
      await phone.page.goto(`${hub.url}/worldcup/ballot/${token}`);
      await phone.page.getByTestId('tb-submit').waitFor({ timeout: 20_000 });
      const dropped = index === 0;
      if (dropped) {
        await phone.context.setOffline(true);
        // Acts only once the page itself knows it is offline.
        await phone.page.waitForFunction(() => !navigator.onLine, undefined, { timeout: 10_000 });
      }
      await phone.page.getByTestId('tb-winner-aff').click();
      await phone.page.getByTestId('tb-submit').click();
      await phone.page.getByTestId('tb-confirm-submit').click();
      if (dropped) {
        // Kept on the phone, retried with the same submission id once the network is back.
        await phone.page.getByTestId('tb-queued').waitFor();
        const kept = await phone.page.evaluate(
          (key) => localStorage.getItem(key),
          `bianshi:ballot-outbox:${token}`,
        );
        expect(JSON.parse(kept ?? '[]')).toHaveLength(1);
        // While offline it stays queued, kept on the phone (watched for 1.5 s).
        const stillQueued = async () =>
          (await phone.page.getByTestId('tb-queued').count()) === 1 &&
          JSON.parse(
            (await phone.page.evaluate(
              (key) => localStorage.getItem(key),
              `bianshi:ballot-outbox:${token}`,
            )) ?? '[]',
          ).length === 1;
        await holds(stillQueued, (queued) => queued, 1_500);
        await phone.context.setOffline(false);
      }
      await phone.page.getByTestId('tb-sent').waitFor({ timeout: 20_000 });
      expect(await phone.page.getByTestId('tb-sent').innerText()).toContain('评分已提交');
      if (dropped)
        expect(
          await phone.page.evaluate((key) => localStorage.getItem(key), `bianshi:ballot-outbox:${token}`),
        ).toBeNull();
      expect(phone.errors).toEqual([]);
      await phone.context.close();
      await until(
        view,
        (v) => v.rounds[0]!.fixtures.find((f) => f.id === fixture.id)!.result?.confirmed === true,
      );
    }
    const after = await view();
    expect(after.rounds[0]!.fixtures.map((fixture) => fixture.ballotsIn)).toEqual([1, 1, 1, 1]);

    // A confirmed fixture refuses another ballot in Chinese.
    const again = await openPage(browser, { viewport: PHONE });
    await again.page.goto(`${hub.url}/worldcup/ballot/${links[1]!.token}`);
    await again.page.getByTestId('tb-sent').waitFor({ timeout: 20_000 });
    await again.context.close();
    // A rotated (revoked) link is refused in Chinese.
    await owner.client.tournament.rotateJudgeLink.mutate({
      tournamentId: after.id,
      judgeId: links[2]!.fixture.judgeIds[0]!,
    });
    const revoked = await openPage(browser, { viewport: PHONE });
    await revoked.page.goto(`${hub.url}/worldcup/ballot/${links[2]!.token}`);
    await revoked.page.getByTestId('tb-refused').waitFor({ timeout: 20_000 });
    expect(await revoked.page.getByTestId('tb-refused').innerText()).toMatch(/[\u3400-\u9fff]/);
    await revoked.context.close();

    const visitor = await openPage(browser);
    await visitor.page.goto(`${hub.url}/worldcup/${SLUG}?tab=standings`);
    await until(
      () => visitor.page.getByTestId('tm-standings-row').count(),
      (n) => n === 8,
    );
    const wins = await visitor.page
      .locator('[data-testid="tm-standings-row"] td:nth-child(4)')
      .allInnerTexts();
    expect(wins.map(Number).reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await shoot('standings', `/worldcup/${SLUG}?tab=standings`, PROJECTOR, (p) =>
      p.getByTestId('tm-standings-row').first().waitFor(),
    );
    await shoot('standings', `/worldcup/${SLUG}?tab=standings`, PHONE, (p) =>
      p.getByTestId('tm-standings-row').first().waitFor(),
    );
  }, 180_000);

  it('lets the owner invite a second account as organizer by email, who runs the console and reads a fixture’s ballots and history', async () => {
    const second = await createAccount(hub, 'wc-second');
    const ownerPage = await organizerPage();
    const { page } = ownerPage;
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-staff`);
    // An invitation never tells whether the address has an account: both wait, pending.
    await page.getByTestId('tm-staff-email').fill('nobody-here@bianshi.test');
    await page.getByTestId('tm-staff-add').click();
    await page.getByTestId('tm-staff-invite').filter({ hasText: 'nobody-here@bianshi.test' }).waitFor();
    await page.getByTestId('tm-staff-email').fill(second.email);
    await page.getByTestId('tm-staff-role').selectOption('organizer');
    await page.getByTestId('tm-staff-add').click();
    await page.getByTestId('tm-staff-invite').filter({ hasText: second.email }).waitFor();

    // A result corrected by hand: the history keeps the automatic confirmation and the edit.
    const before = await view();
    const fixture = before.rounds[0]!.fixtures[0]!;
    await owner.client.tournament.editResult.mutate({
      tournamentId: before.id,
      fixtureId: fixture.id,
      result: {
        winner: fixture.result!.winner,
        votes: fixture.result!.votes,
        bestDebater: { side: 'aff', position: 1 },
      },
      note: '补录最佳辩手',
    });

    const other = await organizerPage({}, second);
    await other.page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-rounds`);
    await other.page.getByTestId('tm-console').waitFor();
    await other.page.getByTestId('tm-section-info').waitFor();
    await other.page
      .locator(`[data-testid="tm-fixture-row"][data-fixture-id="${fixture.id}"]`)
      .getByTestId('tm-open-ballots')
      .click();
    const record = other.page.getByTestId('tm-fixture-ballots');
    await record.getByTestId('tm-ballot').first().waitFor();
    const history = await until(
      () => record.getByTestId('tm-history-entry').allInnerTexts(),
      (texts) => texts.length === 2,
    );
    expect(history[0]).toContain('评分一致，自动确认');
    expect(history[1]).toContain('修改赛果');
    expect(history[1]).toContain('补录最佳辩手');
    expect(history[1]).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    expect(other.errors).toEqual([]);
    await other.context.close();
    // Opening the tournament made the invitation a role: the owner's list shows it (through the watch).
    await page
      .locator('[data-testid="tm-staff-member"][data-role="organizer"]', { hasText: second.email })
      .waitFor();
    await until(
      () => page.getByTestId('tm-staff-invite').allInnerTexts(),
      (texts) => texts.length === 1 && texts[0]!.includes('nobody-here@bianshi.test'),
    );

    const ballotsOf = (p: Page) =>
      p
        .locator(`[data-testid="tm-fixture-row"][data-fixture-id="${fixture.id}"]`)
        .getByTestId('tm-open-ballots')
        .click()
        .then(() => p.getByTestId('tm-history-entry').nth(1).waitFor());
    const staffList = (p: Page) => p.getByTestId('tm-staff-member').first().scrollIntoViewIfNeeded();
    await shoot('staff', `/worldcup/${SLUG}/manage`, PROJECTOR, staffList, owner);
    await shoot('staff', `/worldcup/${SLUG}/manage`, PHONE, staffList, owner);
    await shoot('history', `/worldcup/${SLUG}/manage`, PROJECTOR, ballotsOf, second);
    await shoot('history', `/worldcup/${SLUG}/manage`, PHONE, ballotsOf, second);

    // The owner re-roles, then removes (confirmed) the second account.
    await page.getByTestId('tm-staff-member-role').selectOption('judgeCoordinator');
    await page.locator('[data-testid="tm-staff-member"][data-role="judgeCoordinator"]').waitFor();
    await page.getByTestId('tm-staff-remove').click();
    await confirmDialog(page);
    await until(view, (v) => v.organizers.length === 0);
    expect(ownerPage.errors).toEqual([]);
    await ownerPage.context.close();
  }, 180_000);

  it('shows the bracket once the group stage is over and the knockout is drawn', async () => {
    // Rounds 2 and 3 through the API: published, each fixture's judge votes 正方.
    for (const index of [1, 2]) {
      const current = await view();
      const round = current.rounds[index]!;
      await owner.client.tournament.publishRound.mutate({ tournamentId: current.id, roundId: round.id });
      const published = (await view()).rounds[index]!;
      for (const fixture of published.fixtures) await toResults(fixture.timerId!);
      const tokens = new Map((await view()).judges.map((judge) => [judge.id, judge.ballotToken!]));
      for (const fixture of published.fixtures) {
        await owner.client.tournament.submitBallot.mutate({
          token: tokens.get(fixture.judgeIds[0]!)!,
          fixtureId: fixture.id,
          submissionId: `e2e-${fixture.id}`.slice(0, 60),
          ballot: { winner: 'aff', speakerScores: null, bestDebater: null, comment: '' },
        });
      }
    }
    await until(view, (v) =>
      v.rounds.every((round) => round.fixtures.every((fixture) => fixture.result?.confirmed)),
    );

    const { context, page, errors } = await organizerPage();
    await page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-knockout`);
    await page.getByTestId('tm-advance-count').fill('2');
    await page.getByTestId('tm-create-knockout').click();
    await confirmDialog(page);
    await page.getByTestId('bracket').waitFor({ timeout: 20_000 });
    await page.goto(`${hub.url}/worldcup/${SLUG}?tab=bracket`);
    await until(
      () => page.getByTestId('bracket-match').count(),
      (n) => n === 3,
    );
    expect(await page.locator('.tm-bracket__lines path').count()).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
    await shoot('bracket', `/worldcup/${SLUG}?tab=bracket`, PROJECTOR, (p) =>
      p.getByTestId('bracket').waitFor(),
    );
    await shoot('bracket', `/worldcup/${SLUG}?tab=bracket`, PHONE, (p) => p.getByTestId('bracket').waitFor());
  }, 180_000);
});
