/**
 * The console's 晋级 panel in a real Chromium against a hub serving the built client: after three
 * rounds of tests/fixtures/tabbycat/break16, the organizer sees the open break of 8 under AIDA
 * 1996 with X's fourth team left out (学校名额已满) and the ESL break, shrinks the open break to
 * 4 and sees the list follow, releases it after confirming, and the public page's 晋级 tab (absent
 * before) shows each category's seeds, teams and schools.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { playBreak16 } from '../support/break-tournament';
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
