/**
 * The console's 晋级 panel in a real Chromium against a hub serving the built client: after three
 * rounds of tests/fixtures/tabbycat/break16, the organizer sees the open break of 8 under AIDA
 * 1996 with X's fourth team left out (学校名额已满) and the ESL break, shrinks the open break to
 * 4 and sees the list follow, releases it after confirming, and the public page's 晋级 tab (absent
 * before) shows each category's seeds, teams and schools. On a phone, the organizer of a
 * tournament created in Bianshi saves its open category, adds ESL, ticks its teams (filtered by
 * name) and sees ESL's break among them; a too-large break is refused with the hub's Chinese
 * message; ESL is deleted after confirming.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { NATIVE12_TEAMS, playBreak16, playNative12 } from '../support/break-tournament';
import { startHub, type TestHub } from '../support/hub';
import { confirmDialog, launchBrowser, openPage, openSignedInPage } from './support/browser';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

describe('the 晋级 panel', () => {
  it('edits a category’s size, releases the break, and the public page shows it', async () => {
    const director = await createAccount(hub, 'break-e2e');
    const { slug } = await playBreak16(hub, director, '晋级面板测试赛');

    // Before release the public page has no 晋级 tab.
    const visitor = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=break`);
    await visitor.page.getByTestId('tm-page').waitFor({ timeout: 20_000 });
    expect(await visitor.page.getByRole('tab', { name: '晋级' }).count()).toBe(0);

    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 1920, height: 1080 },
    });
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-break`);
    const categories = page.getByTestId('tm-break-category');
    await expect.poll(() => categories.count(), { timeout: 20_000 }).toBe(2);
    const open = categories.filter({ hasText: 'Open' });
    const esl = categories.filter({ hasText: 'ESL' });
    expect(await open.getByTestId('tm-break-row').count()).toBe(8);
    expect(await esl.getByTestId('tm-break-row').count()).toBe(4);
    const capped = open.getByTestId('tm-break-excluded-row').filter({ hasText: 'X 4' });
    expect(await capped.innerText()).toContain('学校名额已满');
    expect(await esl.getByTestId('tm-break-ineligible').innerText()).toMatch(/未达资格：另有 \d+ 支/);
    expect(await page.getByTestId('tm-break-status').innerText()).toContain('尚未公布');

    // Four under the standard rule: the list follows once saved.
    await open.getByTestId('tm-break-size').fill('0');
    expect(await open.getByTestId('tm-break-save').isDisabled()).toBe(true);
    expect(await open.innerText()).toContain('晋级名额须为 1 到 256 的整数');
    await open.getByTestId('tm-break-size').fill('4');
    await open.getByTestId('tm-break-rule').selectOption('standard');
    await open.getByTestId('tm-break-save').click();
    await expect.poll(() => open.getByTestId('tm-break-row').count(), { timeout: 20_000 }).toBe(4);
    expect(await open.getByTestId('tm-break-excluded-row').count()).toBe(0);
    const seeds = await open.getByTestId('tm-break-row').allInnerTexts();

    await page.getByTestId('tm-break-release').click();
    await confirmDialog(page);
    await expect
      .poll(() => page.getByTestId('tm-break-status').innerText(), { timeout: 20_000 })
      .toContain('已于');
    expect(await page.getByTestId('tm-break-release').innerText()).toBe('重新公布晋级名单');

    // The visitor's page, watching the tournament, gains the 晋级 tab with the released seeds.
    const tab = visitor.page.getByRole('tab', { name: '晋级' });
    await tab.waitFor({ timeout: 20_000 });
    await tab.click();
    const publicOpen = visitor.page.getByTestId('tm-break-public-category').filter({ hasText: 'Open' });
    await expect
      .poll(() => publicOpen.getByTestId('tm-break-public-row').count(), { timeout: 20_000 })
      .toBe(4);
    const publicRows = await publicOpen.getByTestId('tm-break-public-row').allInnerTexts();
    // Seed, team and school as the console listed them.
    expect(publicRows.map((row) => row.split('\t').slice(0, 3).join('|'))).toEqual(
      seeds.map((row) => row.split('\t').slice(0, 3).join('|')),
    );
    expect(publicRows[0]).toMatch(/大学/);
    expect(
      await visitor.page
        .getByTestId('tm-break-public-category')
        .filter({ hasText: 'ESL' })
        .getByTestId('tm-break-public-row')
        .count(),
    ).toBe(4);

    // The knockout section says it seeds from the open break.
    expect(await page.getByTestId('tm-knockout-from-break').innerText()).toContain('Open');
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 180_000);

  it('adds an ESL category on a phone, ticks its teams, shows its break, deletes it', async () => {
    const director = await createAccount(hub, 'break-e2e-native');
    const { slug } = await playNative12(hub, director, '晋级类别面板测试赛');
    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 390, height: 844 },
    });
    const toasts = (at: Page) => at.locator('[data-sonner-toast]').allInnerTexts();
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-break`);
    const categories = page.getByTestId('tm-break-category');
    await expect.poll(() => categories.count(), { timeout: 20_000 }).toBe(1);
    // No category saved yet: no 添加晋级类别 until the open one is saved.
    expect(await page.getByTestId('tm-break-add').count()).toBe(0);
    await categories.first().getByTestId('tm-break-size').fill('4');
    await page.getByTestId('tm-break-create').click();
    const add = page.getByTestId('tm-break-add');
    await add.waitFor({ timeout: 20_000 });

    await add.locator('summary').click();
    await add.getByTestId('tm-break-name').fill('esl');
    await add.getByTestId('tm-break-size').fill('2');
    await add.getByTestId('tm-break-add-submit').click();
    const esl = categories.filter({ hasText: 'esl' });
    await esl.waitFor({ timeout: 20_000 });
    expect(await categories.count()).toBe(2);
    expect(await esl.innerText()).toContain('0 队有资格');
    // The same name again is caught before it is sent.
    await add.getByTestId('tm-break-name').fill('ESL');
    expect(await add.innerText()).toContain('已经有同名的晋级类别');
    expect(await add.getByTestId('tm-break-add-submit').isDisabled()).toBe(true);

    // The table's first team breaks in the open category (the top four); ESL's two come from
    // the three chosen far below it.
    const played = await hub.services.tournaments.core.view(slug, {
      id: director.id,
      email: director.email,
      displayName: '',
    });
    const nameOf = new Map(played.teams.map((team) => [team.id, team.name]));
    const table = played.standings[0]!.rows.map((row) => nameOf.get(row.teamId)!);
    const [top, ninth, tenth, last] = [table[0]!, table[8]!, table[9]!, table[11]!];

    // 参赛资格 opens for a category without teams; filter, tick, save.
    const eligibility = esl.getByTestId('tm-break-eligibility');
    const teams = eligibility.getByTestId('tm-break-eligibility-team');
    const filter = eligibility.getByTestId('tm-break-eligibility-filter');
    await expect.poll(() => teams.count()).toBe(NATIVE12_TEAMS.length);
    await filter.fill('学院');
    await expect.poll(() => teams.count()).toBe(4);
    await filter.fill(ninth.slice(0, 2));
    await expect.poll(() => teams.count()).toBe(1);
    await teams.first().locator('input').check();
    await filter.fill('');
    for (const name of [top, tenth, last]) await teams.filter({ hasText: name }).locator('input').check();
    expect(await eligibility.locator('summary').innerText()).toContain('有未保存的更改（已勾选 4 队）');
    await eligibility.getByTestId('tm-break-eligibility-save').click();
    await expect.poll(() => esl.locator('h3').innerText(), { timeout: 20_000 }).toContain('4 队有资格');
    expect((await toasts(page)).join()).toContain('已保存参赛资格（4 队）');
    await expect.poll(() => esl.getByTestId('tm-break-row').count(), { timeout: 20_000 }).toBe(2);
    const eslRows = await esl.getByTestId('tm-break-row').allInnerTexts();
    expect(eslRows.map((row) => row.split('\t').slice(0, 2).join(' '))).toEqual([`1 ${ninth}`, `2 ${tenth}`]);
    expect((await categories.first().getByTestId('tm-break-row').allInnerTexts()).join()).toContain(top);

    // A break larger than the tournament: the hub's refusal, in Chinese.
    await add.getByTestId('tm-break-name').fill('新生组');
    await add.getByTestId('tm-break-size').fill('20');
    await add.getByTestId('tm-break-add-submit').click();
    await expect
      .poll(async () => (await toasts(page)).join(), { timeout: 20_000 })
      .toContain('晋级名额（20 队）不能多于参赛队伍数（12 队）');
    expect(await categories.count()).toBe(2);

    // 删除类别, after the product's confirmation.
    await esl.getByTestId('tm-break-delete').click();
    expect(await page.locator('dialog[open]').innerText()).toContain('删除晋级类别「esl」？');
    await confirmDialog(page);
    await expect.poll(() => categories.count(), { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('a knockout per break category', () => {
  it('makes ESL’s own knockout once the open one exists; the public 淘汰赛 tab shows both', async () => {
    const director = await createAccount(hub, 'break-e2e-esl');
    const { slug } = await playBreak16(hub, director, '类别淘汰赛测试');
    const { context, page, errors } = await openSignedInPage(browser, hub.url, director.cookie, {
      viewport: { width: 1920, height: 1080 },
    });
    await page.goto(`${hub.url}/worldcup/${slug}/manage#tm-knockout`);
    const panel = page.getByTestId('tm-category-knockout-panel');
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.innerText()).toContain('公开组淘汰赛生成后，可按「ESL」的晋级名单另开一组淘汰赛');

    await page.getByTestId('tm-create-knockout').click();
    await confirmDialog(page);
    const create = panel.getByTestId('tm-create-category-knockout');
    await create.waitFor({ timeout: 20_000 });
    expect(await panel.innerText()).toContain('按「ESL」的晋级名单排定种子（4 队）');
    await create.click();
    await confirmDialog(page);
    await panel.getByTestId('bracket').waitFor({ timeout: 20_000 });
    expect(await panel.getByTestId('bracket').innerText()).toContain('半决赛');
    expect(await panel.getByTestId('tm-advance-category-knockout').innerText()).toBe('生成ESL下一轮');

    // The public page: the open bracket, then ESL's under its name.
    const visitor = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await visitor.page.goto(`${hub.url}/worldcup/${slug}?tab=bracket`);
    const esl = visitor.page.getByTestId('tm-category-knockout');
    await esl.waitFor({ timeout: 20_000 });
    expect(await esl.getByRole('heading', { level: 3 }).first().innerText()).toBe('ESL淘汰赛');
    expect(await visitor.page.getByTestId('bracket').count()).toBe(2);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 180_000);
});
