/**
 * The members page in a real Chromium: an owner creates a judge invite link, a second account
 * accepts it, the owner changes the new member's role and removes them, and a revoked link stops
 * working. Non-owners and timers no account owns get a Chinese explanation instead of controls;
 * a failed change shows a Chinese toast and the list refreshes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;
const WAIT = { timeout: 20_000 };

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A browser context signed in as `account` (its session cookie, as the hub set it at sign-up). */
async function signedInPage(
  account: TestAccount,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

/** The member row of an account on the members page. */
function memberRow(page: Page, email: string) {
  return page.getByTestId('member-row').filter({ hasText: email });
}

describe('members page', () => {
  it('invites a judge, changes their role, removes them and revokes the link', async () => {
    const [ownerAccount, guestAccount] = await Promise.all([
      createAccount(hub, 'owner'),
      createAccount(hub, 'guest'),
    ]);
    const owner = await signedInPage(ownerAccount);
    const guest = await signedInPage(guestAccount);

    // The owner creates a timer while signed in: it belongs to the account.
    await owner.page.goto(`${hub.url}/create`);
    await owner.page.getByRole('button', { name: '创建计时器' }).click();
    await owner.page.waitForURL(/\/timer\/manage\/[a-z0-9]+(\?|$)/, WAIT);
    const shortid = /\/timer\/manage\/([a-z0-9]+)/.exec(owner.page.url())![1]!;
    const timer = await hub.services.timers.get(shortid);
    expect(timer.ownerId).toBe(ownerAccount.id);

    // The members page is in the side navigation.
    await owner.page.getByRole('navigation').getByRole('link', { name: '成员与邀请' }).click();
    await owner.page.waitForURL(`${hub.url}/timer/manage/${shortid}/members`);
    await owner.page.getByRole('heading', { level: 1, name: '成员与邀请' }).waitFor(WAIT);
    await owner.page.getByText('还没有成员。').waitFor(WAIT);
    await expect.poll(() => owner.page.title()).toContain('成员与邀请');

    // A judge invite link, valid for one day, with a QR code.
    await owner.page.getByLabel('角色', { exact: true }).selectOption({ label: '评委' });
    await owner.page.getByLabel('有效期').selectOption({ label: '1 天' });
    await owner.page.getByLabel('备注（可选）').fill('决赛评委');
    await owner.page.getByRole('button', { name: '创建邀请链接' }).click();
    const url = await owner.page.getByTestId('new-invite-url').innerText(WAIT);
    expect(url).toMatch(new RegExp(`^${hub.url}/timer/invite/[A-Za-z0-9_-]{20,}$`));
    await owner.page.getByRole('img', { name: '邀请链接二维码' }).waitFor(WAIT);
    const inviteRow = owner.page.getByTestId('invite-row').filter({ hasText: '决赛评委' });
    await inviteRow.waitFor(WAIT);
    expect(await inviteRow.innerText()).toMatch(/有效期至 \d{4}年\d{1,2}月\d{1,2}日/);
    expect(await inviteRow.innerText()).toContain('评委');

    // The second account opens the link and accepts.
    await guest.page.goto(url);
    await guest.page.getByText('评委', { exact: true }).waitFor(WAIT);
    await guest.page.getByRole('button', { name: '接受邀请' }).click();
    await guest.page.getByRole('heading', { name: /^已加入/ }).waitFor(WAIT);

    // The owner sees the new member as judge, and the link used once.
    await owner.page.reload();
    const row = memberRow(owner.page, guestAccount.email);
    await row.waitFor(WAIT);
    const roleSelect = row.getByRole('combobox');
    expect(await roleSelect.inputValue()).toBe('judge');
    expect(await inviteRow.innerText()).toContain('已使用 1 次');

    // Judge → controller.
    await roleSelect.selectOption({ label: '计时员' });
    await owner.page.getByText(/现在是“计时员”/).waitFor(WAIT);
    expect(await hub.services.members.roleFor(timer.id, guestAccount.id)).toBe('controller');

    // A controller reaches the management pages, but not the members controls.
    await guest.page.goto(`${hub.url}/timer/manage/${shortid}/members`);
    await guest.page.getByRole('heading', { name: '只有所有者可以管理成员' }).waitFor(WAIT);
    expect(await guest.page.getByRole('button', { name: '创建邀请链接' }).count()).toBe(0);

    // Remove, after a confirmation.
    await row.getByRole('button', { name: '移除' }).click();
    const dialog = owner.page.getByRole('dialog', { name: '移除成员？' });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: '移除' }).click();
    await owner.page.getByText(`已移除 ${guestAccount.email}`).waitFor(WAIT);
    await row.waitFor({ state: 'detached', ...WAIT });
    expect(await hub.services.members.roleFor(timer.id, guestAccount.id)).toBeNull();

    // Revoke the link: it disappears and opening it shows an error.
    await inviteRow.getByRole('button', { name: '撤销' }).click();
    const revokeDialog = owner.page.getByRole('dialog', { name: '撤销邀请链接？' });
    await revokeDialog.getByRole('button', { name: '撤销' }).click();
    await owner.page.getByText('已撤销邀请链接').waitFor(WAIT);
    await inviteRow.waitFor({ state: 'detached', ...WAIT });
    expect(await owner.page.getByTestId('new-invite').count()).toBe(0);
    await owner.page.getByText('没有有效的邀请链接').waitFor(WAIT);
    // A revoked invite names nothing any more: the hub answers 404 with the site's 404 page.
    const gone = await guest.page.goto(url);
    expect(gone?.status()).toBe(404);
    await guest.page.getByTestId('not-found').waitFor(WAIT);

    // A change that fails (the member left meanwhile) says why in Chinese and refreshes the list.
    await hub.services.members.putMember(timer.id, guestAccount.id, 'viewer');
    await owner.page.reload();
    await memberRow(owner.page, guestAccount.email).waitFor(WAIT);
    await hub.services.members.remove(timer.id, guestAccount.id);
    await memberRow(owner.page, guestAccount.email).getByRole('combobox').selectOption({ label: '编辑' });
    await owner.page.getByText('修改角色失败：找不到这位成员').waitFor(WAIT);
    await memberRow(owner.page, guestAccount.email).waitFor({ state: 'detached', ...WAIT });

    expect(owner.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await owner.context.close();
    await guest.context.close();
  });

  it('asks for a timer created without an account to be claimed first', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ name: '匿名计时器' });
    const { context, page, errors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
    await page.getByTestId('console').waitFor(WAIT);
    await page.getByRole('navigation').getByRole('link', { name: '成员与邀请' }).click();
    await page.getByRole('heading', { name: '先把计时器认领到账号' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: '创建邀请链接' }).count()).toBe(0);
    const claim = page.getByRole('link', { name: '前往认领' });
    expect(await claim.getAttribute('href')).toBe('/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
