/**
 * Every page a user may use is at most two clicks from / or /home, by role, clicked in a real
 * Chromium: a visitor's and a plain account's pages through the header, the footer, the account
 * menu and /home's 更多功能; an admin's screens through the account menu, which a plain account's
 * menu does not list. The list of pages is checked against the router's (SITE_ROUTES), so a new
 * page without a way in fails here. Also: sign-out is a POST behind a button — opening
 * /auth/logout signs nobody out, another site's POST neither — and the header at phone width.
 */
import { SITE_ROUTES } from '@bianshi/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const WAIT = { timeout: 20_000 };
let hub: TestHub;
let browser: Browser;
let user: TestAccount;
let admin: TestAccount;

/** One click: what to press on the page as it stands. */
type Click = (page: Page) => Locator;

const header =
  (name: string): Click =>
  (page) =>
    page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name, exact: true });
const footer =
  (name: string): Click =>
  (page) =>
    page.locator('footer.site-footer').getByRole('link', { name, exact: true });
const openMenu: Click = (page) => page.getByRole('button', { name: /^账号菜单/ });
const menuItem =
  (name: string): Click =>
  (page) =>
    page.getByRole('menuitem', { name, exact: true });
const tool =
  (name: string): Click =>
  (page) =>
    page.getByRole('navigation', { name: '更多功能' }).getByRole('link', { name: new RegExp(`^${name}`) });
const link =
  (name: string | RegExp): Click =>
  (page) =>
    page.getByRole('link', { name }).first();

/** A page and the clicks that reach it from `from`. */
interface Way {
  path: string;
  from: '/' | '/home';
  clicks: Click[];
}

/** What any account reaches (visitors too, for the pages that need no account). */
const USER_WAYS: Way[] = [
  { path: '/lobby', from: '/', clicks: [header('大厅')] },
  { path: '/topic', from: '/', clicks: [header('辩题库')] },
  { path: '/record', from: '/', clicks: [header('比赛记录')] },
  { path: '/schools', from: '/', clicks: [header('学校')] },
  { path: '/worldcup', from: '/', clicks: [header('世界杯')] },
  { path: '/worldcup/new', from: '/', clicks: [header('世界杯'), (page) => page.getByTestId('tm-create')] },
  {
    path: '/worldcup/new/tabbycat',
    from: '/',
    clicks: [header('世界杯'), (page) => page.getByTestId('tm-import-tabbycat')],
  },
  { path: '/docs', from: '/', clicks: [header('文档')] },
  { path: '/pricing', from: '/', clicks: [header('价格')] },
  { path: '/create', from: '/', clicks: [(page) => page.getByRole('link', { name: '开始计时' }).first()] },
  { path: '/workbench', from: '/', clicks: [footer('工作台')] },
  { path: '/ccf', from: '/', clicks: [footer('流程单')] },
  { path: '/ai/ccf', from: '/', clicks: [footer('AI 立论助手')] },
  { path: '/ai/contact', from: '/', clicks: [footer('AI 客服')] },
  { path: '/changelog', from: '/', clicks: [footer('更新日志')] },
  { path: '/about', from: '/', clicks: [footer('关于我们')] },
  { path: '/buy/cdkey', from: '/', clicks: [footer('兑换 CDKey')] },
  { path: '/buy/verify', from: '/', clicks: [footer('订单与发票')] },
  { path: '/buy', from: '/', clicks: [header('价格'), link('购买教育版')] },
  { path: '/home', from: '/', clicks: [openMenu, menuItem('我的主页')] },
  { path: '/workbench', from: '/home', clicks: [tool('工作台')] },
  { path: '/ccf', from: '/home', clicks: [tool('流程单')] },
  { path: '/ai/ccf', from: '/home', clicks: [tool('AI 立论助手')] },
  { path: '/worldcup', from: '/home', clicks: [tool('世界杯')] },
  { path: '/ai/contact', from: '/home', clicks: [tool('AI 客服')] },
  { path: '/buy/verify', from: '/home', clicks: [tool('订单与兑换码')] },
  { path: '/buy/invoice', from: '/home', clicks: [tool('申请发票')] },
  { path: '/account/tokens', from: '/home', clicks: [tool('API 令牌')] },
  { path: '/workbench', from: '/home', clicks: [openMenu, menuItem('工作台')] },
  { path: '/ccf', from: '/home', clicks: [openMenu, menuItem('流程单')] },
  { path: '/ai/ccf', from: '/home', clicks: [openMenu, menuItem('AI 立论助手')] },
  { path: '/account/tokens', from: '/', clicks: [openMenu, menuItem('API 令牌')] },
];

/** An admin's screens, from either start. */
const ADMIN_WAYS: Way[] = (['/', '/home'] as const).flatMap((from) => [
  { path: '/admin/cdkey', from, clicks: [openMenu, menuItem('CDKey 管理')] },
  { path: '/admin/ai', from, clicks: [openMenu, menuItem('AI 反馈')] },
  { path: '/admin/topics', from, clicks: [openMenu, menuItem('辩题库审核')] },
  { path: '/admin/analytics', from, clicks: [openMenu, menuItem('访问统计')] },
]);

/**
 * Pages that are no destination of their own: where the clicking starts, sign-in steps, the
 * interstitial for external links, the error screen's test page, and sign-out (tested below).
 */
const NOT_DESTINATIONS = [
  '/',
  '/auth/login',
  '/auth/logout',
  '/auth/callback',
  '/auth/redirect',
  '/utils/redirect',
  '/__error-test',
];

beforeAll(async () => {
  [hub, browser] = await Promise.all([
    startHub({ env: { SUPPORT_URL: 'https://support.example.com/bianshi' } }),
    launchBrowser(),
  ]);
  user = await createAccount(hub, 'nav-user');
  admin = await createAccount(hub, 'nav-admin');
  await hub.services.auth.setAdmin(admin.email, true);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

/** A page signed in as `account` (its session cookie), at `viewport`. */
async function signedIn(account: TestAccount, viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(browser, { viewport });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

/** Opens `way.from`, clicks its clicks (at most two) and waits for `way.path`. */
async function follow(page: Page, way: Way): Promise<void> {
  expect(way.clicks.length, `${way.path} from ${way.from}`).toBeLessThanOrEqual(2);
  await page.goto(hub.url + way.from);
  // The landing page is drawn by the hub first; its links work once the app has taken over.
  await openMenu(page).waitFor(WAIT);
  for (const click of way.clicks) await click(page).click(WAIT);
  await page.waitForURL((url) => url.pathname === way.path, WAIT);
}

describe('every page within two clicks of / or /home', () => {
  it('lists a way to every page of the router that takes no parameter', () => {
    const plain = SITE_ROUTES.map((route) => route.path).filter((path) => !/[:*]/.test(path));
    const reached = new Set([...USER_WAYS, ...ADMIN_WAYS].map((way) => way.path));
    expect(plain.filter((path) => !reached.has(path) && !NOT_DESTINATIONS.includes(path))).toEqual([]);
  });

  it('a plain account reaches each of its pages', async () => {
    const { context, page, errors } = await signedIn(user);
    for (const way of USER_WAYS) await follow(page, way);
    // Its menu lists no admin screen.
    await page.goto(`${hub.url}/home`);
    await openMenu(page).click(WAIT);
    await menuItem('我的主页')(page).waitFor(WAIT);
    expect(await page.getByRole('group', { name: '管理后台' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'CDKey 管理' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin reaches the admin screens from the account menu, and they link to each other', async () => {
    const { context, page, errors } = await signedIn(admin);
    for (const way of ADMIN_WAYS) await follow(page, way);
    await page.getByRole('heading', { name: '访问统计' }).first().waitFor(WAIT);
    const side = page.getByRole('navigation', { name: '管理后台' });
    expect(await side.getByRole('link').allInnerTexts()).toEqual([
      'CDKey 管理',
      'AI 反馈',
      '辩题库审核',
      '访问统计',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor reaches the public pages, and the header menu opens at phone width', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${hub.url}/`);
    const menu = page.getByRole('button', { name: '打开菜单' });
    await menu.waitFor(WAIT);
    await menu.click();
    await header('世界杯')(page).click(WAIT);
    await page.waitForURL(`${hub.url}/worldcup`, WAIT);
    await page.goto(`${hub.url}/`);
    await footer('AI 立论助手')(page).click(WAIT);
    await page.waitForURL(`${hub.url}/ai/ccf`, WAIT);
    // No horizontal scroll at phone width on the pages the header and footer changed.
    for (const path of ['/', '/home', '/pricing']) {
      await page.goto(hub.url + path);
      await page.locator('footer.site-footer, .auth-card, form').first().waitFor(WAIT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-out is a POST behind a button', () => {
  const sessionOf = (account: TestAccount) => account.cookie.split('=')[1]!;

  it('opening /auth/logout signs nobody out; its button does', async () => {
    const account = await createAccount(hub, 'nav-logout');
    const { context, page, errors } = await signedIn(account);
    await page.goto(`${hub.url}/auth/logout`);
    await page.getByRole('heading', { name: '退出登录？' }).waitFor(WAIT);
    expect(await page.getByText(account.email).count()).toBe(1);
    expect(await hub.services.auth.userForSession(sessionOf(account))).not.toBeNull();
    // Another site's POST with the visitor's cookie is refused by the hub's origin check.
    const forged = await fetch(`${hub.url}/api/trpc/auth.signOut`, {
      method: 'POST',
      headers: { cookie: account.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(403);
    expect(await hub.services.auth.userForSession(sessionOf(account))).not.toBeNull();

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('heading', { name: '你已退出登录' }).waitFor(WAIT);
    expect(await hub.services.auth.userForSession(sessionOf(account))).toBeNull();
    expect((await context.cookies(hub.url)).some((cookie) => cookie.name === 'bs-session')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the account menu signs out from a protected page and says so', async () => {
    const account = await createAccount(hub, 'nav-menu-logout');
    const { context, page, errors } = await signedIn(account);
    await page.goto(`${hub.url}/home`);
    await openMenu(page).click(WAIT);
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('heading', { name: '你已退出登录' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/auth/logout');
    expect(await hub.services.auth.userForSession(sessionOf(account))).toBeNull();
    // Back on a public page the header offers 登录 again.
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByRole('link', { name: '登录', exact: true }).first().waitFor(WAIT);
    expect(errors).toEqual([]);
    await context.close();
  });
});
