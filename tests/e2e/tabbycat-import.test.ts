/**
 * 从 Tabbycat 导入 in a real Chromium against a hub serving the built client: an organizer picks
 * a folder with errors and sees them per file with rows and columns in Chinese (nothing created),
 * then a good folder, sees what was created and what was skipped, and opens the tournament to
 * find its teams and judges. Screenshots at 1920×1080 and 390×844, light and dark, go to
 * `TABBYCAT_SHOTS` (default /tmp/shots) as tabbycat-*.png.
 * (`E2E_CLIENT_DIST` points the hub at another client build.)
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tabbycat } from '@bianshi/shared';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import {
  confirmDialog,
  downloadedBytes,
  launchBrowser,
  settled,
  type PageOptions,
  openSignedInPage,
} from './support/browser';

const FIXTURES = new URL('../fixtures/tabbycat/', import.meta.url).pathname;
const GOOD = `${FIXTURES}anorak-small`;
const BROKEN = `${FIXTURES}broken`;
const SHOTS = process.env.TABBYCAT_SHOTS ?? '/tmp/shots';
const VIEWPORTS = [
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  const env: Record<string, string> = process.env.E2E_CLIENT_DIST
    ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST }
    : {};
  [hub, browser] = await Promise.all([startHub({ env }), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A page signed in as `account`, on the import screen. */
async function importScreen(account: TestAccount, options: PageOptions = {}) {
  const opened = await openSignedInPage(browser, hub.url, account.cookie, {
    viewport: { width: 1440, height: 900 },
    ...options,
  });
  await opened.page.goto(`${hub.url}/worldcup/new/tabbycat`);
  await opened.page.getByTestId('tbi-page').waitFor();
  return opened;
}

/** Picks a whole folder with the folder button (a directory upload, as the browser does it). */
async function pickFolder(page: Page, folder: string) {
  await page.getByTestId('tbi-folder').setInputFiles(folder);
  await page.getByTestId('tbi-files').waitFor();
}

const mine = (account: TestAccount) => account.client.tournament.list.query({ scope: 'mine' });

async function shoot(page: Page, name: string, viewport: { width: number }, scheme: string) {
  // The whole page from its top (a scrolled page draws its sticky header mid-way in a full-page shot).
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await page.screenshot({
    path: `${SHOTS}/tabbycat-${name}-${viewport.width}-${scheme}.png`,
    fullPage: true,
  });
}

describe('从 Tabbycat 导入 in the browser', () => {
  it('shows a broken folder’s errors per file, row and column, and creates nothing', async () => {
    const owner = await createAccount(hub, 'tbi-broken');
    const { context, page, errors } = await importScreen(owner);

    // Reached from the tournament list too.
    await page.goto(`${hub.url}/worldcup`);
    await page.getByTestId('tm-import-tabbycat').click();
    await page.waitForURL('**/worldcup/new/tabbycat');
    await page.getByTestId('tbi-page').waitFor();

    // No CSV at all: refused here, before anything is sent.
    await page.getByTestId('tbi-files-input').setInputFiles(`${GOOD}/readme.md`);
    await expect
      .poll(() => page.getByTestId('tbi-problems').innerText())
      .toContain('所选文件中没有 CSV 文件');
    await page.getByRole('button', { name: '清空' }).click();

    await pickFolder(page, BROKEN);
    await expect.poll(() => page.getByTestId('tbi-files-summary').innerText()).toContain('4 个文件');
    await expect.poll(() => page.getByTestId('tbi-files-summary').innerText()).toContain('文件夹：broken');
    await page.getByTestId('tbi-submit').click();
    const report = page.getByTestId('tbi-errors');
    await report.waitFor();
    expect(await report.locator('h2').innerText()).toBe('发现 5 处错误，没有创建赛事');
    const files = report.getByTestId('tbi-error-file');
    expect(await files.locator('h3 .tm-mono').allInnerTexts()).toEqual([
      'institutions.csv',
      'speakers.csv',
      'adjudicators.csv',
      'rounds.csv',
    ]);
    const speakers = files.nth(1).getByTestId('tbi-error');
    expect(await speakers.count()).toBe(2);
    expect(await speakers.nth(0).innerText()).toMatch(
      /第 1 行[\s\S]*列 institution[\s\S]*机构「Nowhere」不在 institutions\.csv 中/,
    );
    expect(await speakers.nth(1).innerText()).toMatch(
      /第 2 行[\s\S]*列 use_institution_prefix[\s\S]*应为 TRUE 或 FALSE/,
    );
    expect(await files.nth(0).innerText()).toContain('机构代码「Lakeside」与第 1 行重复');
    expect(await mine(owner)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports a folder: counts, what was skipped and why, then the tournament with its teams and judges', async () => {
    const owner = await createAccount(hub, 'tbi-good');
    const { context, page, errors } = await importScreen(owner);
    await pickFolder(page, GOOD);
    const list = page.getByTestId('tbi-files');
    // Eight CSV files and the .importer marker go; the readme is listed, not sent.
    await expect.poll(() => page.getByTestId('tbi-files-summary').innerText()).toContain('8 个文件');
    expect(await list.locator('li.tbi-file--skipped').innerText()).toContain('readme.md');
    // The folder's name is the default name.
    expect(await page.locator('input[name="name"]').getAttribute('placeholder')).toBe('anorak-small');
    await page.getByTestId('tbi-submit').click();

    const done = page.getByTestId('tbi-done');
    await done.waitFor({ timeout: 20_000 });
    expect(await done.locator('h1').innerText()).toBe('已创建赛事「anorak-small」');
    // The reader starts at the new screen's title, not at the top of the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const count = (key: string) => done.locator(`[data-count="${key}"] dd`).innerText();
    expect(await count('teams')).toBe('4');
    expect(await count('speakers')).toBe('12');
    expect(await count('adjudicators')).toBe('3');
    expect(await count('institutions')).toBe('3');
    expect(await count('rounds')).toBe('3');
    const skipped = await page.getByTestId('tbi-skipped-item').allInnerTexts();
    expect(skipped.some((item) => item.includes('speakers.csv') && item.includes('性别不导入'))).toBe(true);
    expect(skipped.some((item) => item.includes('venues.csv') && item.includes('场地类别'))).toBe(true);

    const [created] = await mine(owner);
    expect(created).toMatchObject({ name: 'anorak-small', teamCount: 4 });
    await page.getByTestId('tbi-open').click();
    await page.waitForURL(`**/worldcup/${created!.slug}`);
    await page.getByRole('tab', { name: '参赛队伍' }).click();
    // The tab lists teams by name, each with its school and speakers.
    await expect
      .poll(() => page.getByTestId('tm-teams').innerText())
      .toMatch(
        /Hilltop 1[\s\S]*Lakeside A\nLakeside Academy of Rhetoric\nAda Quill、Bo Fennick、Cass Moor[\s\S]*Owls/,
      );
    await page.getByRole('tab', { name: '评委' }).click();
    await expect
      .poll(() => page.getByTestId('tm-judges').innerText())
      .toMatch(/Mara Holt[\s\S]*Nico Vale[\s\S]*Oona Pike/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('exports the tournament back from its manage page: the Tabbycat folder as a ZIP, and DebateXML', async () => {
    const owner = await createAccount(hub, 'tbi-export');
    const files = Object.fromEntries(
      readdirSync(GOOD).map((file) => [file, readFileSync(`${GOOD}/${file}`, 'utf8')]),
    );
    const imported = await owner.client.tournament.importTabbycat.mutate({ name: 'Export Cup', files });
    const { context, page, errors } = await openSignedInPage(browser, hub.url, owner.cookie, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${hub.url}/worldcup/${imported.tournament.slug}/manage`);

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tm-export-tabbycat').click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${imported.tournament.slug}-tabbycat.zip`);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(zip)));
    const folder = Object.fromEntries(
      Object.entries(entries).map(([path, bytes]) => [
        path.slice(path.lastIndexOf('/') + 1),
        strFromU8(bytes),
      ]),
    );
    const again = tabbycat.parseTabbycatFolder(folder);
    expect(again.ok && again.tournament.teams.map((team) => team.displayName).sort()).toEqual([
      'Hilltop 1',
      'Lakeside A',
      'Lakeside B',
      'Owls',
    ]);

    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tm-export-debatexml').click(),
    ]);
    expect(xml.suggestedFilename()).toBe(`${imported.tournament.slug}.xml`);
    const text = (await downloadedBytes(xml)).toString('utf8');
    expect(text).toContain('<tournament name="Export Cup"');
    expect(text).not.toContain('@example.test');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('draws the imported rounds in the console: random, then power-paired with a pull-up rule, then one more', async () => {
    const owner = await createAccount(hub, 'tbi-swiss');
    const files = Object.fromEntries(
      readdirSync(GOOD).map((file) => [file, readFileSync(`${GOOD}/${file}`, 'utf8')]),
    );
    const imported = await owner.client.tournament.importTabbycat.mutate({ name: 'Swiss Cup', files });
    const tournamentId = imported.tournament.id;
    const { context, page, errors } = await openSignedInPage(browser, hub.url, owner.cookie, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${hub.url}/worldcup/${imported.tournament.slug}/manage`);
    const card = (round: string) => page.getByTestId('tm-round-card').filter({ hasText: round });

    // Round 1 (random): no pull-up rule to choose; drawn with the seed typed in.
    const r1 = card('Round 1');
    expect(await r1.getByTestId('tm-round-draw').innerText()).toContain('还没有抽签');
    expect(await r1.getByTestId('tm-round-pullup').count()).toBe(0);
    // Check-in: two teams are absent, so the draw makes one room of the two present.
    const checkIn = r1.getByTestId('tm-checkin');
    await checkIn.locator('summary').click();
    const teamBoxes = checkIn.locator('fieldset[data-kind="teams"]').getByTestId('tm-checkin-box');
    await teamBoxes.nth(0).uncheck();
    await expect.poll(() => checkIn.locator('summary').innerText()).toContain('队伍 3/4 到场');
    await teamBoxes.nth(1).uncheck();
    await expect.poll(() => checkIn.locator('summary').innerText()).toContain('队伍 2/4 到场');
    await r1.getByTestId('tm-round-seed').fill('anorak-r1');
    await r1.getByTestId('tm-draw-round').click();
    await expect.poll(() => r1.getByTestId('tm-fixture-row').count()).toBe(1);
    await expect
      .poll(() => r1.getByTestId('tm-round-draw-record').innerText())
      .toMatch(/随机配对 · 种子 anorak-r1 · .* · 重复对阵 0 场，同校对阵 0 场/);
    // Both arrive after all: drawing again asks first, and every team plays.
    await teamBoxes.nth(0).check();
    await teamBoxes.nth(1).check();
    await expect.poll(() => checkIn.locator('summary').innerText()).toContain('队伍 4/4 到场');
    await r1.getByTestId('tm-draw-round').click();
    await confirmDialog(page);
    await expect.poll(() => r1.getByTestId('tm-fixture-row').count()).toBe(2);
    await expect.poll(() => r1.getByTestId('tm-round-draw-record').innerText()).not.toContain('anorak-r1');

    // Round 1 is played: published and its results confirmed (here through the API).
    const view = () =>
      hub.services.tournaments.core.view(imported.tournament.slug, {
        id: owner.id,
        email: owner.email,
        displayName: '',
      });
    const before = await view();
    const round1 = before.rounds[0]!;
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: round1.id });
    // Each room has one Lakeside team (the draw avoids a same-institution room). Lakeside A wins
    // its room and the other Lakeside team loses, so the winners can meet without a clash.
    const nameOf = (id: string | null) => before.teams.find((team) => team.id === id)!.name;
    const winners: string[] = [];
    for (const fixture of round1.fixtures) {
      const affWins =
        nameOf(fixture.affTeamId) === 'Lakeside A' ||
        (nameOf(fixture.negTeamId) !== 'Lakeside A' && !nameOf(fixture.affTeamId).startsWith('Lakeside'));
      winners.push((affWins ? fixture.affTeamId : fixture.negTeamId)!);
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: affWins
          ? { winner: 'aff', votes: { aff: 3, neg: 0 } }
          : { winner: 'neg', votes: { aff: 0, neg: 3 } },
      });
    }

    // Round 2 (power paired): the two winners meet in the 1-win bracket, top room first.
    const r2 = card('Round 2');
    await r2.getByTestId('tm-round-pullup').selectOption('lowestRanked');
    await r2.getByTestId('tm-draw-round').click();
    await expect.poll(() => r2.getByTestId('tm-fixture-row').count()).toBe(2);
    expect(await r2.getByTestId('tm-fixture-bracket').allInnerTexts()).toEqual(['1 胜组', '0 胜组']);
    expect(await r2.getByTestId('tm-round-draw-record').innerText()).toContain(
      '实力配对（按积分） · 上调：上调次数最少者中排名最低的 · 种子',
    );
    const top = (await view()).rounds[1]!.fixtures[0]!;
    expect([top.affTeamId, top.negTeamId].sort()).toEqual(winners.sort());

    // One more round from 赛制与抽签, drawn when its turn comes.
    const swiss = page.getByTestId('tm-swiss');
    expect(await swiss.innerText()).toContain('已有 2 轮瑞士制轮次');
    await swiss.getByTestId('tm-round-kind').selectOption('power');
    await swiss.getByTestId('tm-round-name').fill('加赛轮');
    await swiss.getByTestId('tm-add-round').click();
    await card('加赛轮').waitFor();
    await card('加赛轮').getByTestId('tm-draw-round').click();
    await expect
      .poll(() => page.locator('[data-sonner-toast]').allInnerTexts())
      .toContainEqual(expect.stringContaining('「Round 2」还没有发布：请按顺序抽签'));
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('looks right on a projector and a phone, light and dark (screenshots)', async () => {
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const owner = await createAccount(hub, 'tbi-shots');
        const { context, page } = await importScreen(owner, { viewport, colorScheme });
        await shoot(page, 'empty', viewport, colorScheme);
        await pickFolder(page, BROKEN);
        await page.getByTestId('tbi-submit').click();
        await page.getByTestId('tbi-errors').waitFor();
        await shoot(page, 'errors', viewport, colorScheme);
        await page.getByRole('button', { name: '清空' }).click();
        await pickFolder(page, GOOD);
        await page.locator('input[name="name"]').fill('Lakeside Open 2026 湖畔公开赛');
        await shoot(page, 'picked', viewport, colorScheme);
        await page.getByTestId('tbi-submit').click();
        await page.getByTestId('tbi-done').waitFor({ timeout: 20_000 });
        await shoot(page, 'done', viewport, colorScheme);
        // Nothing wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
  }, 180_000);
});
