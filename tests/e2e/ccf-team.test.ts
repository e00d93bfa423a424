/**
 * A team flow sheet shared by invite, in a real Chromium: account A starts a 团队共享 sheet from
 * /ccf's form, makes an invite link in 成员与邀请 (the workbench's dialog), account B opens it,
 * joins, and both write on the sheet and see each other's arguments. The 新建流程单 form takes
 * the whole width of a phone. With SCREENSHOTS=<dir>, the form and the dialog are saved at
 * 1280×800 and 390×844, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const WAIT = { timeout: 30_000 };
const SHOTS = process.env.SCREENSHOTS;

let hub: TestHub;
let browser: Browser;
let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
  [a, b] = await Promise.all([createAccount(hub, 'flow-lead'), createAccount(hub, 'flow-mate')]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function signedIn(account: TestAccount, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 800 }, ...options });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const createForm = (page: Page) =>
  page.locator('form', { has: page.getByRole('heading', { name: '新建流程单' }) });
const box = (page: Page, text: string) => page.locator(`.flow-box textarea[aria-label="${text}"]`);

describe('team flow sheets', () => {
  it('is shared by an invite link from 成员与邀请, and both accounts see each other’s edits', async () => {
    const owner = await signedIn(a);
    await owner.page.goto(`${hub.url}/ccf`);
    const form = createForm(owner.page);
    await form.waitFor(WAIT);
    await form.getByLabel('名称').fill('半决赛 团队流程');
    await form.getByLabel('模式').selectOption({ label: '团队共享' });
    await form.getByRole('button', { name: '新建流程单' }).click();
    await owner.page.waitForURL(/\/ccf\/[^/]+$/, WAIT);
    const sheetUrl = owner.page.url();
    await owner.page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);

    if (SHOTS) {
      await owner.page.setViewportSize({ width: 390, height: 844 });
      await shoot(owner.page, 'ccf-team-sheet-390-light');
      await owner.page.setViewportSize({ width: 1280, height: 800 });
    }
    // The owner's 成员与邀请: an editor's link, shown once.
    await owner.page.getByRole('button', { name: '成员与邀请' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '成员与邀请链接' });
    await dialog.getByText('还没有其他成员。').waitFor(WAIT);
    await dialog.getByLabel('角色').selectOption({ label: '编辑者' });
    await dialog.getByRole('button', { name: '生成邀请链接' }).click();
    const link = dialog.getByRole('textbox', { name: '复制链接' });
    await link.waitFor(WAIT);
    const inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${hub.url}/workbench/invite/`));
    await dialog.getByText('已使用 0 次').waitFor(WAIT);
    await shoot(owner.page, 'ccf-team-members-1280-light');
    if (SHOTS) {
      await owner.page.setViewportSize({ width: 390, height: 844 });
      await owner.page.emulateMedia({ colorScheme: 'dark' });
      await shoot(owner.page, 'ccf-team-members-390-dark');
      await owner.page.setViewportSize({ width: 1280, height: 800 });
      await owner.page.emulateMedia({ colorScheme: 'light' });
    }
    await dialog.getByRole('button', { name: '关闭' }).first().click();

    // Before joining, the teammate is refused; the invite lands them on the sheet as an editor.
    const mate = await signedIn(b);
    await mate.page.goto(sheetUrl);
    await mate.page.getByText('你没有这个项目的访问权限。请向项目所有者索取邀请链接。').waitFor(WAIT);
    await mate.page.goto(inviteUrl);
    await mate.page.getByRole('heading', { name: '加入流程单' }).waitFor(WAIT);
    await mate.page.getByText('你被邀请以「编辑者」身份加入流程单「半决赛 团队流程」。').waitFor(WAIT);
    await mate.page.getByRole('button', { name: '加入项目' }).click();
    await mate.page.waitForURL(sheetUrl, WAIT);
    await mate.page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    expect(await mate.page.locator('.ccf-sub .badge', { hasText: '编辑者' }).count()).toBe(1);
    // Only the owner manages members.
    expect(await mate.page.getByRole('button', { name: '成员与邀请' }).count()).toBe(0);

    // Each writes an argument; each sees the other's.
    await owner.page.getByRole('button', { name: '正方一辩 立论 添加论点' }).click();
    await owner.page.keyboard.type('正方：科技让生活更便利');
    await box(mate.page, '正方：科技让生活更便利').waitFor(WAIT);
    await mate.page.getByRole('button', { name: '反方一辩 立论 添加论点' }).click();
    await mate.page.keyboard.type('反方：便利不等于幸福');
    await box(owner.page, '反方：便利不等于幸福').waitFor(WAIT);
    await shoot(mate.page, 'ccf-team-sheet-1280-light');
    // Both are on each other's presence list.
    await expect.poll(() => owner.page.locator('.wb-person').count(), WAIT).toBe(2);
    await expect.poll(() => mate.page.locator('.wb-person').count(), WAIT).toBe(2);

    // The owner's dialog now lists the teammate, with the link used once.
    await owner.page.getByRole('button', { name: '成员与邀请' }).click();
    await dialog.getByText('已使用 1 次').waitFor(WAIT);
    expect(await dialog.getByRole('combobox', { name: /的角色$/ }).inputValue()).toBe('editor');
    // The teammate's /ccf lists the sheet with their role.
    const list = await signedIn(b);
    await list.page.goto(`${hub.url}/ccf`);
    await list.page
      .getByRole('link', { name: /半决赛 团队流程/ })
      .getByText('编辑者')
      .waitFor(WAIT);
    await list.context.close();
    // Removing the teammate closes their sheet at once, saying why.
    await dialog.getByRole('button', { name: '移除' }).click();
    await dialog.getByText('还没有其他成员。').waitFor(WAIT);
    await mate.page.getByText('你对这个项目的访问权限已被撤销。').first().waitFor(WAIT);
    expect([...owner.errors, ...mate.errors]).toEqual([]);
    await owner.context.close();
    await mate.context.close();
  }, 180_000);

  it('refuses an invite to a personal flow in Chinese (nobody could open it)', async () => {
    const { projectId } = await a.client.workbench.create.mutate({
      kind: 'flow',
      name: '个人练习',
      mode: 'personal',
    });
    await expect(
      a.client.workbench.createInvite.mutate({ projectId, role: 'editor', expiresInHours: 24 }),
    ).rejects.toThrow('个人流程单只有你自己能看到，不能邀请队友');
    const owner = await signedIn(a);
    await owner.page.goto(`${hub.url}/ccf/${projectId}`);
    await owner.page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
    expect(await owner.page.getByRole('button', { name: '成员与邀请' }).count()).toBe(0);
    await owner.context.close();
  }, 120_000);

  it('gives the 新建流程单 form the full width of a phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const { page, context } = await signedIn(a, { viewport, colorScheme });
        await page.goto(`${hub.url}/ccf`);
        const form = createForm(page);
        await form.waitFor(WAIT);
        await page.getByRole('link', { name: /半决赛 团队流程/ }).waitFor(WAIT);
        const formBox = (await form.boundingBox())!;
        const list = (await page.locator('section.wb-box').boundingBox())!;
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth).toBeLessThanOrEqual(viewport.width);
        if (viewport.width === 390) {
          // One column: the form is as wide as the list above it, most of the screen.
          expect(formBox.width).toBeGreaterThan(300);
          expect(Math.abs(formBox.width - list.width)).toBeLessThan(2);
          expect(formBox.y).toBeGreaterThan(list.y);
          const field = (await form.getByLabel('名称').boundingBox())!;
          expect(field.width).toBeGreaterThan(250);
        } else {
          expect(formBox.width).toBeGreaterThan(280);
        }
        if (SHOTS) {
          await form.scrollIntoViewIfNeeded();
          await shoot(page, `ccf-create-${viewport.width}-${colorScheme}`);
        }
        await context.close();
      }
    }
  }, 180_000);
});
