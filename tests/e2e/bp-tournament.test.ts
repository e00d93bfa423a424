/**
 * A British Parliamentary tournament of 16 teams in a real Chromium against a hub serving the
 * built client: two preliminary rounds (random, then power-paired on team points) drawn and
 * published in the console in four rooms of four, each room's display naming OG / OO / CG / CO,
 * the chairs ranking their rooms from their phone links (a panellist's link saying the chair
 * submits), the console and the public pages showing places, and the standings by team points.
 * The setup follows tests/e2e/tab-circuit.test.ts (its signed-in page is now
 * `openSignedInPage` in ./support/browser); the clocks are moved on through the API.
 */
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { confirmDialog, launchBrowser, openPage, openSignedInPage, settled } from './support/browser';

const SHOTS = process.env.BIANSHI_SHOTS ?? '';
const SCHOOLS = ['北辰', '南岭', '东川', '西湖', '中原', '江城', '山海', '云台'];
const TEAMS_CSV = [
  '队名,学校,辩手',
  ...SCHOOLS.flatMap((school) =>
    ['甲队', '乙队'].map(
      (suffix) => `${school}${suffix},${school}大学,${school}${suffix}一;${school}${suffix}二`,
    ),
  ),
].join('\n');
const POSITIONS = ['og', 'oo', 'cg', 'co'] as const;

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub({ env: { TRUST_PROXY: 'true' } }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

describe('a 16-team BP tournament', () => {
  let director: TestAccount;
  let tournamentId = '';
  const slug = `bp-e2e-${Date.now().toString(36)}`;
  const view = (): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: director.id, email: director.email, displayName: '' });

  async function shot(page: Page, name: string) {
    if (!SHOTS) return;
    await settled(page).catch(() => undefined);
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }

  /** The stronger team (earlier in the list) places higher; totals follow the places. */
  function ranked(
    fixture: TournamentView['rounds'][number]['fixtures'][number],
    strength: Map<string, number>,
  ) {
    const ids = {
      og: fixture.affTeamId!,
      oo: fixture.negTeamId!,
      cg: fixture.cgTeamId!,
      co: fixture.coTeamId!,
    };
    const order = [...POSITIONS].sort((x, y) => strength.get(ids[x])! - strength.get(ids[y])!);
    return order.map((position, at) => ({ position, place: at + 1, scores: [80 - at * 2, 79 - at * 2] }));
  }

  /** Every room's clock moves on to the last speech; each chair ranks the room from the phone link. */
  async function chairsRank(roundIndex: number, strength: Map<string, number>) {
    const v = await view();
    const last = getBuiltinFormat('bp')!.stages.length - 1;
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    for (const [index, fixture] of v.rounds[roundIndex]!.fixtures.entries()) {
      await director.client.timer.command.mutate({
        timerId: fixture.timerId!,
        command: { type: 'goto', stageIndex: last },
      });
      const chair = v.judges.find((judge) => judge.id === fixture.judgeIds[0])!;
      await phone.page.goto(`${hub.url}/worldcup/ballot/${chair.ballotToken}`);
      const form = phone.page.getByTestId('tb-bp-form');
      await form.waitFor({ timeout: 20_000 });
      const places = ranked(fixture, strength);
      if (roundIndex === 0 && index === 0) {
        // A place given twice is refused in Chinese before anything is sent.
        for (const { position } of places) await form.getByTestId(`tb-bp-${position}-place-1`).click();
        for (const { position, scores } of places)
          for (const [at, score] of scores.entries())
            await form.getByTestId(`tb-bp-${position}-score-${at + 1}`).fill(String(score));
        await form.getByTestId('tb-submit').click();
        await expect
          .poll(() => phone.page.getByTestId('tb-bp-error').innerText())
          .toContain('每个名次只能用一次');
        await shot(phone.page, 'bp-ballot-error-phone');
      }
      for (const { position, place, scores } of places) {
        await form.getByTestId(`tb-bp-${position}-place-${place}`).click();
        for (const [at, score] of scores.entries())
          await form.getByTestId(`tb-bp-${position}-score-${at + 1}`).fill(String(score));
      }
      await form.getByTestId('tb-submit').click();
      const first = places[0]!.position.toUpperCase();
      await expect
        .poll(() => phone.page.getByTestId('tb-bp-order').innerText())
        .toMatch(new RegExp(`^${first} `));
      await phone.page.getByTestId('tb-confirm-submit').click();
      await phone.page.getByTestId('tb-sent').waitFor({ timeout: 20_000 });
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  }

  it('runs two rounds of four-team rooms from the console, the displays and the judges’ phones', async () => {
    director = await createAccount(hub, 'bp-director');
    ({ id: tournamentId } = await director.client.tournament.create.mutate({
      tournament: {
        name: '英议公开赛',
        slug,
        format: { kind: 'builtin', id: 'bp' },
        judgesPerFixture: 2,
        venues: ['一号厅', '二号厅', '三号厅', '四号厅'],
      },
    }));
    await director.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
    for (let i = 1; i <= 8; i += 1)
      await director.client.tournament.addJudge.mutate({
        tournamentId,
        judge: { name: `评委${i}`, conflicts: [] },
      });
    await director.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'random' } });
    await director.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } });
    let v = await view();
    const strength = new Map(v.teams.map((team, index) => [team.id, index]));

    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
    for (const [index, name] of v.rounds.map((round) => round.name).entries()) {
      const card = page.getByTestId('tm-round-card').filter({ hasText: name });
      await card.getByTestId('tm-draw-round').click();
      await expect.poll(() => card.getByTestId('tm-fixture-row').count(), { timeout: 20_000 }).toBe(4);
      // Four seats in each room, by position.
      await expect.poll(() => card.getByTestId('tm-bp-seat').count()).toBe(16);
      expect(await card.getByTestId('tm-bp-seats').first().innerText()).toMatch(
        /OG[\s\S]*OO[\s\S]*CG[\s\S]*CO/,
      );
      if (index === 1) expect(await card.getByTestId('tm-fixture-bracket').first().innerText()).toMatch(/3/);
      await card.getByTestId('tm-publish-round').click();
      await confirmDialog(page);
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('published');
      v = await view();
      const fixture = v.rounds[index]!.fixtures[0]!;
      const names = new Map(v.teams.map((team) => [team.id, team.name]));

      // The room's display: government OG / CG against opposition OO / CO.
      const display = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
      await display.page.goto(`${hub.url}/timer/${fixture.timerShortid}`);
      const teams = display.page.getByTestId('display-teams');
      await expect
        .poll(() => teams.innerText(), { timeout: 20_000 })
        .toContain(`OG ${names.get(fixture.affTeamId!)} / CG ${names.get(fixture.cgTeamId!)}`);
      expect(await teams.innerText()).toContain(
        `OO ${names.get(fixture.negTeamId!)} / CO ${names.get(fixture.coTeamId!)}`,
      );
      if (index === 0) await shot(display.page, 'bp-display-1920');
      expect(display.errors).toEqual([]);
      await display.context.close();

      // A panellist's link says the chair submits (round 1: the panellist's only room).
      if (index === 0) {
        const panellist = v.judges.find((judge) => judge.id === fixture.judgeIds[1])!;
        const other = await openPage(browser, { viewport: { width: 390, height: 844 } });
        await other.page.goto(`${hub.url}/worldcup/ballot/${panellist.ballotToken}`);
        await expect
          .poll(() => other.page.getByTestId('tb-refused').innerText(), { timeout: 20_000 })
          .toContain('由评审团主席');
        await shot(other.page, 'bp-panellist-phone');
        await other.context.close();
      }

      await chairsRank(index, strength);
      // The console shows each room's order once its chair's ballot is in.
      await expect
        .poll(() => card.getByTestId('tm-fixture-result').first().innerText(), { timeout: 20_000 })
        .toMatch(/^(OG|OO|CG|CO) .+ > .+ > .+ > .+/);
      if (index === 1) await shot(page, 'bp-console-1440');
    }

    // The tab room's overview (赛况总览): four seats a room, each room's order, one ballot expected.
    await page.goto(`${hub.url}/worldcup/${slug}/manage/overview`);
    await expect.poll(() => page.getByTestId('to-bp-seat').count(), { timeout: 20_000 }).toBe(16);
    expect(await page.getByTestId('to-result').first().innerText()).toMatch(
      /^(OG|OO|CG|CO)( > (OG|OO|CG|CO)){3}/,
    );
    expect(await page.getByTestId('to-ballots').first().innerText()).toContain('1');
    await shot(page, 'bp-overview-1440');

    // Standings by team points: the strongest team came first twice.
    v = await view();
    const table = v.standings[0]!.rows;
    expect(table[0]).toMatchObject({ teamId: v.teams[0]!.id, teamPoints: 6 });
    const visitor = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=standings`);
    const firstRow = visitor.page.getByTestId('tm-standings-row').first();
    await expect.poll(() => firstRow.innerText(), { timeout: 20_000 }).toContain(v.teams[0]!.name);
    expect(await firstRow.getByTestId('tm-standings-team-points').innerText()).toBe('6');
    await shot(visitor.page, 'bp-standings-1920');
    // The public fixtures list four seats with places.
    await visitor.page.goto(`${hub.url}/worldcup/${slug}`);
    await expect
      .poll(() => visitor.page.getByTestId('tm-bp-seat').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(16);
    expect(await visitor.page.getByTestId('tm-bp-seats').first().innerText()).toMatch(
      /第 [1-4] 名 · [0-3] 分/,
    );
    await shot(visitor.page, 'bp-fixtures-1920');
    // The live wall's tiles name the four teams by position.
    await visitor.page.goto(`${hub.url}/worldcup/${slug}/live`);
    await expect.poll(() => visitor.page.getByTestId('tw-bp-seat').count(), { timeout: 20_000 }).toBe(16);
    await shot(visitor.page, 'bp-wall-1920');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    // A phone in the dark: the same rooms, four seats each.
    const dark = await openPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await dark.page.goto(`${hub.url}/worldcup/${slug}`);
    await dark.page.getByTestId('tm-bp-seats').first().waitFor({ timeout: 20_000 });
    await shot(dark.page, 'bp-fixtures-390-dark');
    expect(dark.errors).toEqual([]);
    await dark.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('lets the organizer correct a room’s places and scores in the console, refused in Chinese when they disagree', async () => {
    let v = await view();
    const round = v.rounds[1]!;
    const fixture = round.fixtures[0]!;
    const held = fixture.result!;
    const first = POSITIONS.find((position) => held.ranking![position] === 1)!;
    const second = POSITIONS.find((position) => held.ranking![position] === 2)!;
    // The phone first (the layout only), then the correction on a desktop.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
        viewport,
      });
      await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
      const row = page
        .getByTestId('tm-round-card')
        .filter({ hasText: round.name })
        .locator(`[data-testid="tm-fixture-row"][data-fixture-id="${fixture.id}"]`);
      await row.getByTestId('tm-edit-result').click();
      const editor = row.getByTestId('tm-bp-result-editor');
      // Opened with the chair's ballot.
      expect(await editor.getByTestId(`tm-bp-result-${first}-place`).inputValue()).toBe('1');
      expect(await editor.getByTestId(`tm-bp-result-${first}-score-1`).inputValue()).toBe(
        String(held.positionScores![first]![0]),
      );
      if (viewport.width === 390) {
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(page, 'bp-result-editor-390');
        await context.close();
        continue;
      }
      // Places swapped, scores kept: the totals disagree, refused in Chinese before anything is sent.
      await editor.getByTestId(`tm-bp-result-${first}-place`).selectOption('2');
      await editor.getByTestId(`tm-bp-result-${second}-place`).selectOption('1');
      await editor.getByTestId('tm-result-save').click();
      await expect
        .poll(() => editor.getByTestId('tm-result-error').innerText())
        .toContain('名次与辩手分不一致');
      await shot(page, 'bp-result-editor-1440');
      // The scores traded too: saved, and the console shows the new order.
      for (const [position, scores] of [
        [first, held.positionScores![second]!],
        [second, held.positionScores![first]!],
      ] as const)
        for (const [i, score] of scores.entries())
          await editor.getByTestId(`tm-bp-result-${position}-score-${i + 1}`).fill(String(score));
      await editor.locator('input[placeholder]').last().fill('主席误填名次');
      await editor.getByTestId('tm-result-save').click();
      await expect.poll(() => row.getByTestId('tm-bp-result-editor').count()).toBe(0);
      const label = { og: 'OG', oo: 'OO', cg: 'CG', co: 'CO' }[second];
      await expect
        .poll(() => row.getByTestId('tm-fixture-result').innerText())
        .toMatch(new RegExp(`^${label} `));
      expect(errors).toEqual([]);
      await context.close();
    }
    v = await view();
    expect(v.rounds[1]!.fixtures[0]!.result).toMatchObject({
      confirmed: true,
      ranking: { ...held.ranking, [first]: 2, [second]: 1 },
    });
  }, 120_000);

  it('releases a round’s three motions from the console onto its displays, the page and the statistics', async () => {
    const round = (await view()).rounds[0]!;
    const motions = [
      [
        '经济',
        '本院支持全民基本收入',
        '全民基本收入：政府定期向每位公民无条件发放的现金，不论其收入或就业状况。',
      ],
      ['科技', '本院认为社交媒体平台应对用户发布的虚假信息承担法律责任', ''],
      ['', '本院会禁止十六岁以下青少年使用智能手机', ''],
    ] as const;
    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-rounds`);
    const card = page.getByTestId('tm-round-card').filter({ hasText: round.name });
    const box = card.getByTestId('tm-motions');
    await box.getByTestId('tm-motions-edit').click();
    await box.getByRole('button', { name: '添加辩题' }).click();
    await box.getByRole('button', { name: '添加辩题' }).click();
    const drafts = box.getByTestId('tm-motion-draft');
    for (const [index, [reference, text, slide]] of motions.entries()) {
      const draft = drafts.nth(index);
      await draft.getByLabel('简称（可选）').fill(reference);
      // The second motion is left empty first: refused in Chinese, naming it, before anything is sent.
      if (index !== 1) await draft.getByLabel('辩题', { exact: true }).fill(text);
      await draft.getByLabel('背景资料（可选）').fill(slide);
    }
    await box.getByTestId('tm-motions-save').click();
    await expect.poll(() => box.getByRole('alert').innerText()).toBe('辩题 2：请填写辩题');
    await drafts.nth(1).getByLabel('辩题', { exact: true }).fill(motions[1][1]);
    await box.getByTestId('tm-motions-save').click();
    await expect.poll(() => box.getByTestId('tm-motion').count(), { timeout: 20_000 }).toBe(3);
    expect(await box.getByTestId('tm-motion').first().innerText()).toContain('未公布');

    // Not out yet: the public page does not have them.
    const visitor = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=topics`);
    await visitor.page.getByTestId('tm-topic').first().waitFor({ timeout: 20_000 });
    expect(await visitor.page.locator('main').innerText()).not.toContain('全民基本收入');

    // Released: the room's display shows all three until the room's motion is chosen.
    await box.getByTestId('tm-motions-release').click();
    await confirmDialog(page);
    await expect.poll(() => box.getByTestId('tm-motion').first().innerText()).toMatch(/已公布/);
    const fixture = round.fixtures[0]!;
    const display = await openPage(browser, { viewport: { width: 1920, height: 1080 } });
    await display.page.goto(`${hub.url}/timer/${fixture.timerShortid}`);
    const topic = display.page.getByTestId('display-topic');
    await expect
      .poll(() => topic.innerText(), { timeout: 20_000 })
      .toContain('经济：本院支持全民基本收入 ｜ 科技：');
    await shot(display.page, 'motions-display-all-1920');
    await box.getByTestId('tm-room-motions').locator('summary').click();
    await box
      .getByTestId('tm-room-motions')
      .locator('select')
      .first()
      .selectOption({ label: `科技：${motions[1][1]}` });
    // The display shows the chosen motion alone.
    await expect.poll(() => topic.innerText(), { timeout: 20_000 }).toBe(`辩题${motions[1][1]}`);
    await shot(display.page, 'motions-display-chosen-1920');
    await shot(page, 'motions-console-1440');
    expect(display.errors).toEqual([]);
    await display.context.close();

    // The page: the three motions with the info slide, and the statistics by position.
    await visitor.page.reload();
    await expect.poll(() => visitor.page.getByTestId('tm-topic-motion').count(), { timeout: 20_000 }).toBe(3);
    await visitor.page.getByText('背景资料').first().click();
    expect(await visitor.page.locator('main').innerText()).toContain('不论其收入或就业状况');
    const stats = visitor.page.getByTestId('tm-motion-stats');
    expect(await stats.locator('thead').innerText()).toMatch(/OG 平均得分[\s\S]*CO 平均得分/);
    const row = stats.getByTestId('tm-motion-stats-row').filter({ hasText: motions[1][1] });
    expect(await row.locator('td').nth(1).innerText()).toBe('1');
    await shot(visitor.page, 'motions-topics-1920');
    // Every room is decided: the public speaker tab ranks all 32 speakers by their chairs' scores.
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=speakers`);
    await expect.poll(() => visitor.page.getByTestId('tm-speaker-row').count(), { timeout: 20_000 }).toBe(32);
    expect(await visitor.page.getByTestId('tm-speaker-total').first().innerText()).toBe('160');
    await shot(visitor.page, 'speakers-1920');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    await phone.page.goto(`${hub.url}/worldcup/${slug}?tab=topics`);
    await phone.page.getByTestId('tm-motion-stats').waitFor({ timeout: 20_000 });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone.page, 'motions-topics-390-dark');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('breaks 8 into two semifinal rooms of four from the console’s 淘汰赛 section', async () => {
    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-knockout`);
    const size = page.getByTestId('tm-advance-count');
    await size.fill('6');
    await expect.poll(() => page.getByTestId('tm-knockout-bp-size').innerText()).toContain('现在是 6 队');
    expect(await page.getByTestId('tm-create-knockout').isDisabled()).toBe(true);
    await size.fill('8');
    await page.getByTestId('tm-create-knockout').click();
    await confirmDialog(page);
    const semis = page.getByTestId('tm-bp-knockout-round');
    await expect.poll(() => semis.count(), { timeout: 20_000 }).toBe(1);
    expect(await semis.getByTestId('tm-bp-seat').count()).toBe(8);
    // The rounds list has the semifinal as a round to publish, two rooms of four seats.
    const card = page.getByTestId('tm-round-card').filter({ hasText: '半决赛' });
    await expect.poll(() => card.getByTestId('tm-fixture-row').count(), { timeout: 20_000 }).toBe(2);
    await shot(page, 'bp-knockout-console-1440');
    // The public 淘汰赛 tab lists the semifinal's rooms once published.
    await card.getByTestId('tm-publish-round').click();
    await confirmDialog(page);
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 30_000 }).toBe('published');
    const visitor = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=bracket`);
    const rooms = visitor.page.getByTestId('tm-bp-knockout-round');
    await expect.poll(() => rooms.getByTestId('tm-bp-seat').count(), { timeout: 20_000 }).toBe(8);
    expect(await rooms.innerText()).toContain('半决赛');
    await shot(visitor.page, 'bp-knockout-public-1440');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
