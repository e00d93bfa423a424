/**
 * Judge allocation by hand in a real Chromium (issue 34), on two hubs over one Postgres and one
 * Redis: a judge dragged from 未分配 into a room with a team of their school shows the clash on
 * the chip and in the room's count; a judge dragged from one room into another; 保存分配 keeps it
 * after a reload, and a staff screen on the other hub shows the new panels without a reload. On
 * a phone (390×844), where there is no drag, a judge is tapped and then the place.
 * `ALLOC_SHOTS=/tmp/shots` also saves screenshots (1920×1080 and 390×844, light and dark).
 */
import { mkdirSync } from 'node:fs';
import type { TournamentView } from '@bianshi/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { startRedis, type TestRedis } from '../support/redis';
import { launchBrowser, type PageOptions, openSignedInPage } from './support/browser';

const SHOTS = process.env.ALLOC_SHOTS;
const SLUG = `alloc-e2e-${Date.now().toString(36)}`;
const TEAMS_CSV = [
  '队名,学校',
  '北辰一队,北辰大学',
  '南岭一队,南岭大学',
  '东川一队,东川大学',
  '西湖一队,西湖大学',
].join('\n');

let scratch: ScratchDatabase;
let redis: TestRedis;
let a: TestHub;
let b: TestHub;
let browser: Browser;
let owner: TestAccount;
let tournamentId = '';
let roundId = '';
/** The room with 北辰一队 (where 甲 clashes) and the other room. */
let clashRoom = '';
let otherRoom = '';
const judges: Record<string, string> = {};

beforeAll(async () => {
  [scratch, redis, browser] = await Promise.all([createScratchPostgres(), startRedis(), launchBrowser()]);
  const env = {
    REDIS_URL: redis.url,
    LOG_LEVEL: 'silent',
    ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {}),
  };
  a = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
  b = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  owner = await createAccount(a, 'alloc-e2e');
  ({ id: tournamentId } = await owner.client.tournament.create.mutate({
    tournament: { name: '评委分配演示赛', slug: SLUG, judgesPerFixture: 1, venues: ['一号厅', '二号厅'] },
  }));
  await owner.client.tournament.importTeams.mutate({
    tournamentId,
    import: { source: 'csv', text: TEAMS_CSV },
  });
  let view: TournamentView = await owner.client.tournament.get.query({ slug: SLUG });
  const beichen = view.schools.find((school) => school.name === '北辰大学')!.key;
  for (const [name, conflicts] of [
    ['甲评委', [beichen]],
    ['乙评委', []],
    ['丙评委', []],
    ['丁评委', []],
  ] as const)
    judges[name] = (
      await owner.client.tournament.addJudge.mutate({
        tournamentId,
        judge: { name, conflicts: [...conflicts] },
      })
    ).id;
  ({ roundId } = await owner.client.tournament.addRound.mutate({
    tournamentId,
    round: { drawKind: 'random' },
  }));
  await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'alloc-e2e' } });
  view = await owner.client.tournament.get.query({ slug: SLUG });
  const beichenTeam = view.teams.find((team) => team.name === '北辰一队')!.id;
  const fixtures = view.rounds[0]!.fixtures;
  const clash = fixtures.find((fixture) => [fixture.affTeamId, fixture.negTeamId].includes(beichenTeam))!;
  clashRoom = clash.id;
  otherRoom = fixtures.find((fixture) => fixture.id !== clash.id)!.id;
  await owner.client.tournament.setPanels.mutate({
    tournamentId,
    panels: {
      roundId,
      panels: [
        { fixtureId: clashRoom, chair: judges['乙评委']!, panellists: [], trainees: [] },
        { fixtureId: otherRoom, chair: judges['丙评委']!, panellists: [], trainees: [] },
      ],
    },
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([a?.close(), b?.close()]);
  await redis?.close();
  await scratch?.drop();
});

/** The console on `hub`, signed in as the owner, with the round's allocation open. */
async function allocationPage(hub: TestHub, options: PageOptions = {}) {
  const opened = await openSignedInPage(browser, hub.url, owner.cookie, {
    viewport: { width: 1920, height: 1080 },
    ...options,
  });
  await opened.page.goto(`${hub.url}/worldcup/${SLUG}/manage#tm-rounds`);
  await openAllocation(opened.page);
  return opened;
}

async function openAllocation(page: Page) {
  await page.getByTestId('tm-alloc-open').click();
  await page.getByTestId('tm-alloc').waitFor();
  // The clash context has arrived once a room says how many clashes it has.
  await page.locator('[data-testid="tm-alloc-room"]').first().waitFor();
}

const room = (page: Page, fixtureId: string) =>
  page.locator(`[data-testid="tm-alloc-room"][data-fixture-id="${fixtureId}"]`);
const zone = (page: Page, fixtureId: string, role: 'chair' | 'panellist' | 'trainee') =>
  room(page, fixtureId).getByTestId(`tm-alloc-${role}`);
const chip = (scope: Page | ReturnType<Page['locator']>, judge: string) =>
  scope.locator(`[data-testid="tm-alloc-judge"][data-judge-id="${judges[judge]}"]`);
const names = (scope: ReturnType<Page['locator']>) =>
  scope.locator('[data-testid="tm-alloc-judge"] .tm-alloc__name').allTextContents();

async function shot(page: Page, file: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${file}`, fullPage: false });
}

describe('judge allocation by hand', () => {
  it('drags judges between rooms and roles, shows the clash, saves, and keeps it after a reload; the other hub follows', async () => {
    const { context, page, errors } = await allocationPage(a);
    const watcher = await allocationPage(b, { colorScheme: 'dark' });
    try {
      expect(await names(page.getByTestId('tm-alloc-unallocated'))).toEqual(['甲评委', '丁评委']);
      // 甲 (conflicted with 北辰大学) into the room where 北辰一队 plays.
      await chip(page.getByTestId('tm-alloc-unallocated'), '甲评委').dragTo(
        zone(page, clashRoom, 'panellist'),
      );
      const placed = chip(zone(page, clashRoom, 'panellist'), '甲评委');
      await expect.poll(() => placed.getAttribute('data-clashes')).toBe('1');
      await expect
        .poll(() => room(page, clashRoom).getByTestId('tm-alloc-clash').textContent())
        .toBe('与「北辰一队」的学校（北辰大学）有回避关系');
      await expect
        .poll(() => room(page, clashRoom).getByTestId('tm-alloc-room-clashes').textContent())
        .toBe('冲突 1');
      // 丙 from chairing the other room to trainee here.
      await chip(zone(page, otherRoom, 'chair'), '丙评委').dragTo(zone(page, clashRoom, 'trainee'));
      await expect.poll(() => names(zone(page, clashRoom, 'trainee'))).toEqual(['丙评委']);
      expect(await names(zone(page, otherRoom, 'chair'))).toEqual([]);
      await shot(page, 'alloc-1920-light.png');

      await page.getByTestId('tm-alloc-save').click();
      await expect.poll(() => page.getByTestId('tm-alloc-save').isDisabled()).toBe(true);
      // The staff screen on hub B shows the saved panels without a reload.
      await expect
        .poll(() => names(zone(watcher.page, clashRoom, 'panellist')), { timeout: 15_000 })
        .toEqual(['甲评委']);
      expect(await names(zone(watcher.page, clashRoom, 'trainee'))).toEqual(['丙评委']);
      await expect
        .poll(() => room(watcher.page, clashRoom).getByTestId('tm-alloc-room-clashes').textContent())
        .toBe('冲突 1');
      await shot(watcher.page, 'alloc-1920-dark.png');

      await page.reload();
      await openAllocation(page);
      await expect.poll(() => names(zone(page, clashRoom, 'chair'))).toEqual(['乙评委']);
      expect(await names(zone(page, clashRoom, 'panellist'))).toEqual(['甲评委']);
      expect(await names(zone(page, clashRoom, 'trainee'))).toEqual(['丙评委']);
      const view = await owner.client.tournament.get.query({ slug: SLUG });
      const saved = view.rounds[0]!.fixtures.find((fixture) => fixture.id === clashRoom)!;
      expect([saved.judgeIds, saved.traineeIds]).toEqual([
        [judges['乙评委'], judges['甲评委']],
        [judges['丙评委']],
      ]);
      expect(errors).toEqual([]);
      expect(watcher.errors).toEqual([]);
    } finally {
      await Promise.all([context.close(), watcher.context.close()]);
    }
  });

  it('on a phone: tap a judge, then tap the place', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page, errors } = await allocationPage(a, {
        viewport: { width: 390, height: 844 },
        colorScheme,
      });
      try {
        if (colorScheme === 'light') {
          await chip(page.getByTestId('tm-alloc-unallocated'), '丁评委').click();
          await expect
            .poll(() => page.getByTestId('tm-alloc-selected').textContent())
            .toContain('已选中「丁评委」');
          await zone(page, otherRoom, 'chair').getByTestId('tm-alloc-place').click();
          await expect.poll(() => names(zone(page, otherRoom, 'chair'))).toEqual(['丁评委']);
          await room(page, otherRoom).scrollIntoViewIfNeeded();
          await shot(page, 'alloc-390-light.png');
          await page.getByTestId('tm-alloc-save').click();
          // The button is disabled while the save is in flight too: wait for the hub to have it.
          await expect
            .poll(async () => {
              const view = await owner.client.tournament.get.query({ slug: SLUG });
              return view.rounds[0]!.fixtures.find((fixture) => fixture.id === otherRoom)!.judgeIds;
            })
            .toEqual([judges['丁评委']]);
          await expect.poll(() => page.getByTestId('tm-alloc-save').isDisabled()).toBe(true);
        } else {
          await room(page, clashRoom).scrollIntoViewIfNeeded();
          await shot(page, 'alloc-390-dark.png');
        }
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
