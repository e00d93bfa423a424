/**
 * Screenshots of issue 32's navigation and support screens for review (not a test): the header
 * and the admin's open account menu, the phone menu, /home's 更多功能, the footer, /about's
 * 联系我们, /pricing's payment methods, /buy and /auth/logout, at 1280×800 and 390×844, light and
 * dark.
 *
 *   npm run build && npx tsx tests/e2e/navigation-screenshots.ts
 *
 * Writes /tmp/nav-shots/<case>-<viewport>[-dark].png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createAccount } from '../support/accounts';
import { startHub } from '../support/hub';
import { launchBrowser } from './support/browser';

const OUT = '/tmp/nav-shots';
const VIEWPORTS = { desk: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

mkdirSync(OUT, { recursive: true });
const hub = await startHub({
  env: { SUPPORT_URL: 'https://support.example.com/bianshi', SUPPORT_EMAIL: 'help@example.com' },
});
const browser = await launchBrowser();

async function shoot(
  name: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  options: { cookie?: string; full?: boolean } = {},
) {
  for (const vp of ['desk', 'phone'] as const) {
    for (const dark of [false, true]) {
      const context = await browser.newContext({
        viewport: VIEWPORTS[vp],
        locale: 'zh-CN',
        colorScheme: dark ? 'dark' : 'light',
      });
      if (options.cookie) {
        const [cookieName = '', value = ''] = options.cookie.split('=');
        await context.addCookies([
          { name: cookieName, value, url: hub.url, httpOnly: true, sameSite: 'Lax' },
        ]);
      }
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log('pageerror', error.message));
      await page.goto(hub.url + path);
      await ready(page);
      const file = `${OUT}/${name}-${vp}${dark ? '-dark' : ''}.png`;
      await page.screenshot({ path: file, fullPage: options.full ?? false });
      console.log(file);
      await context.close();
    }
  }
}

try {
  const admin = await createAccount(hub, 'shots-admin');
  await hub.services.auth.setAdmin(admin.email, true);
  const user = await createAccount(hub, 'shots-user');
  const menu = async (page: Page) => {
    const phone = page.viewportSize()!.width < 600;
    await page.getByRole('button', { name: /^账号菜单/ }).click();
    await page.getByRole('menuitem', { name: phone ? '退出登录' : 'CDKey 管理' }).waitFor();
  };
  await shoot('menu-admin', '/', menu, { cookie: admin.cookie });
  await shoot(
    'menu-user',
    '/topic',
    async (page) => {
      await page.getByRole('button', { name: /^账号菜单/ }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).waitFor();
    },
    { cookie: user.cookie },
  );
  await shoot('phone-nav', '/', async (page) => {
    const open = page.getByRole('button', { name: '打开菜单' });
    if (await open.isVisible()) await open.click();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '世界杯' }).waitFor();
  });
  await shoot('home', '/home', (page) => page.getByRole('navigation', { name: '更多功能' }).waitFor(), {
    cookie: user.cookie,
    full: true,
  });
  await shoot('about', '/about', (page) => page.getByTestId('about-support').waitFor(), { full: true });
  await shoot('pricing', '/pricing', async (page) => {
    const pay = page.getByTestId('pricing-pay');
    await pay.locator('.pricing__logos').waitFor();
    await pay.scrollIntoViewIfNeeded();
  });
  await shoot('buy', '/buy', (page) => page.getByRole('heading', { name: '购买方案' }).waitFor(), {
    cookie: user.cookie,
    full: true,
  });
  await shoot(
    'logout',
    '/auth/logout',
    (page) => page.getByRole('heading', { name: '退出登录？' }).waitFor(),
    { cookie: user.cookie },
  );
} finally {
  await browser.close();
  await hub.close();
}
