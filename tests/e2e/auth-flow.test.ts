/**
 * Accounts in a real Chromium against a real hub serving the built client: the global auth
 * redirect with the `<prefix>-redirect-path` cookie, sign-up, a timer owned by the account,
 * sign-out, and the console sending a visitor without a role to sign in and back again.
 * Also: the app runs under the hub's Content-Security-Policy without a single violation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** Collects CSP violations reported on the page's console. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(hub.url)).find((entry) => entry.name === name)?.value;
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: '注册' }).click();
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel(/^密码/).fill(password);
  await page.getByRole('button', { name: '注册并登录' }).click();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('tab', { name: '登录' }).click();
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel(/^密码/).fill(password);
  await page.locator('form#auth-panel').getByRole('button', { name: '登录', exact: true }).click();
}

describe('accounts in the browser', () => {
  it('sends an anonymous visitor from /home to sign in and back, with the redirect cookie', async () => {
    const { context, page, errors } = await openPage(browser);
    const csp = watchCsp(page);
    await page.goto(`${hub.url}/home?tab=timers#recent`);
    await page.waitForURL(`${hub.url}/auth/login`);
    expect(decodeURIComponent((await cookie(context, 'bs-redirect-path')) ?? '')).toBe(
      '/home?tab=timers#recent',
    );
    await page.getByRole('heading', { name: '登录辩时' }).waitFor();
    // The title follows the lazily loaded route; poll rather than read it once.
    await expect.poll(() => page.title()).toBe('登录 | 专业辩论比赛计时软件');

    // A wrong password is one generic Chinese error.
    await signIn(page, 'nobody@bianshi.test', 'wrong-password');
    expect(await page.getByRole('alert').innerText()).toBe('邮箱或密码错误');

    await signUp(page, 'e2e-home@bianshi.test', 'correct horse battery');
    await page.waitForURL(`${hub.url}/home?tab=timers#recent`);
    await page.getByRole('heading', { name: /^你好，/ }).waitFor();
    expect(await cookie(context, 'bs-redirect-path')).toBeUndefined();
    const session = (await context.cookies(hub.url)).find((entry) => entry.name === 'bs-session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('bs-session');
    // The plan badge comes with the account's plan query, after the greeting.
    await page.getByText('试用版', { exact: true }).first().waitFor();
    expect(await page.getByText('试用版', { exact: true }).count()).toBe(1);
    expect(csp).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up, creates a timer, signs out; the console then asks to sign in and returns to it', async () => {
    const { context, page, errors } = await openPage(browser);
    const csp = watchCsp(page);
    await page.goto(`${hub.url}/auth/login`);
    await signUp(page, 'e2e-owner@bianshi.test', 'correct horse battery');
    await page.waitForURL(`${hub.url}/home`);

    await page.getByRole('link', { name: '新建计时器' }).click();
    await page.waitForURL(`${hub.url}/create`);
    await page.getByRole('button', { name: '创建计时器' }).click();
    await page.waitForURL(/\/timer\/manage\/[a-z0-9]+/);
    const shortid = /\/timer\/manage\/([a-z0-9]+)/.exec(page.url())?.[1];
    expect(shortid).toBeTruthy();
    const timer = await hub.services.timers.get(shortid!);
    const owner = await hub.services.auth.userForSession((await cookie(context, 'bs-session'))!);
    expect(timer.ownerId).toBe(owner?.id);

    // /home lists it as the account's own.
    await page.goto(`${hub.url}/home`);
    await page.locator('.home-timer').filter({ hasText: timer.name }).waitFor();

    // Sign out (a button that POSTs; opening the page alone signs nobody out): the session and
    // this browser's control cookie of the account's timer go.
    await page.goto(`${hub.url}/auth/logout`);
    await page.getByRole('heading', { name: '退出登录？' }).waitFor();
    expect(await cookie(context, 'bs-session')).toBeDefined();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('heading', { name: '你已退出登录' }).waitFor();
    expect(await cookie(context, 'bs-session')).toBeUndefined();
    expect(await cookie(context, `bs_ctl_${timer.id}`)).toBeUndefined();

    // The console of an owned timer, for a visitor with no role: sign in, then straight back.
    const consolePath = `/timer/manage/${shortid}/skin?from=e2e#colours`;
    await page.goto(hub.url + consolePath);
    await page.waitForURL(`${hub.url}/auth/login`);
    expect(decodeURIComponent((await cookie(context, 'bs-redirect-path')) ?? '')).toBe(consolePath);
    await signIn(page, 'e2e-owner@bianshi.test', 'correct horse battery');
    await page.waitForURL(hub.url + consolePath);
    expect(await cookie(context, 'bs-redirect-path')).toBeUndefined();

    // The header offers the account menu instead of 登录 on main-layout pages.
    await page.goto(`${hub.url}/topic`);
    await page.getByRole('button', { name: /^账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    expect(csp).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves public pages and anonymous timers alone', async () => {
    const { context, page } = await openPage(browser);
    const created = await fetch(`${hub.url}/api/v1/timers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((response) => response.json() as Promise<{ shortid: string }>);
    for (const path of ['/', '/topic', '/docs', `/timer/manage/${created.shortid}`]) {
      await page.goto(hub.url + path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(await cookie(context, 'bs-redirect-path')).toBeUndefined();
    await context.close();
  });
});
