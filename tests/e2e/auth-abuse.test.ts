/**
 * The sign-in page under attack, in a real Chromium against a real hub (with a real SMTP peer):
 * a common password refused beside the field at sign-up; after repeated wrong passwords the
 * button shows the wait the hub asked for; 通过邮件登录 mails a link that signs the owner in.
 * Screenshots go to $SHOTS_DIR (default /tmp/accounts-shots).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../hub/src/auth/sign-in-throttle';
import { linkIn, startSmtpStandin, type SmtpStandin } from '../fixtures/smtp-standin';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const SHOTS = process.env['SHOTS_DIR'] ?? '/tmp/accounts-shots';
const WAIT = { timeout: 20_000 };
let smtp: SmtpStandin;
let hub: TestHub;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  smtp = await startSmtpStandin();
  [hub, browser] = await Promise.all([startHub({ env: { SMTP_URL: smtp.url } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
  await smtp?.close();
});

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel(/^密码/).fill(password);
  await page.getByTestId('auth-submit').click();
}

describe('the sign-in page under attack', () => {
  it('refuses a common password beside the field, then mails a verification link', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${hub.url}/auth/login`);
    await page.getByRole('tab', { name: '注册' }).click();
    await page.getByLabel('邮箱').fill('new-user@bianshi.test');
    await page.getByLabel(/^密码/).fill('password1');
    await page.getByRole('button', { name: '注册并登录' }).click();
    const fieldError = page.getByTestId('auth-password-error');
    await fieldError.waitFor(WAIT);
    expect(await fieldError.innerText()).toBe('这个密码太常见，很容易被猜到，请换一个');
    expect(await page.getByLabel(/^密码/).getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/login-common-password-phone-light.png` });

    await page.getByLabel(/^密码/).fill('晨雾里的辩题卡片');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.getByRole('heading', { name: /^你好，/ }).waitFor(WAIT);
    const mail = await smtp.mailTo('new-user@bianshi.test');
    expect(mail.subject).toBe('【辩时】请验证你的邮箱');
    await page.goto(linkIn(mail, hub.url));
    await page.getByRole('heading', { name: '邮箱已验证，你已登录' }).waitFor(WAIT);
    // The spent token does not stay in the address bar.
    expect(page.url()).toBe(`${hub.url}/auth/callback`);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the wait on the button after repeated wrong passwords, and lets the owner in by mail', async () => {
    for (const [label, viewport, colorScheme] of [
      ['desktop-light', { width: 1920, height: 1080 }, 'light'],
      ['phone-dark', { width: 390, height: 844 }, 'dark'],
    ] as const) {
      const email = `owner-${label}@bianshi.test`;
      await hub.services.auth.signUp({ email, password: 'correct horse battery' }, 'e2e');
      const { context, page, errors } = await openPage(browser, { viewport, colorScheme });
      await page.goto(`${hub.url}/auth/login`);
      await page.getByRole('heading', { name: '登录辩时' }).waitFor(WAIT);
      const alert = page.locator('.auth-form__error');
      // Each failure is the same generic message; after the free ones the hub asks for a wait.
      for (let i = 0; i < FREE_FAILURES + 1; i++) {
        await fillSignIn(page, email, `wrong-${label}-${i}`);
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="auth-submit"]')?.textContent?.includes('请稍候'),
        );
      }
      await alert.filter({ hasText: /登录失败次数过多，请\d+秒后再试，或通过邮件登录/ }).waitFor(WAIT);
      expect(await page.getByTestId('auth-submit').isDisabled()).toBe(true);
      expect(await page.getByTestId('auth-submit').innerText()).toMatch(/^请等待 \d+秒$/);
      await page.screenshot({ path: `${SHOTS}/login-slowed-${label}.png` });

      await page.getByTestId('auth-mail-toggle').click();
      const before = smtp.messages.length;
      await page.getByTestId('auth-submit').click();
      await page
        .locator('.auth-form__notice')
        .filter({ hasText: '如果这个邮箱已经注册，登录链接已发送' })
        .waitFor(WAIT);
      await page.screenshot({ path: `${SHOTS}/login-mail-sent-${label}.png` });
      const mail = await smtp.mailTo(
        email,
        (each) => each.subject === '【辩时】你的登录链接' && smtp.messages.indexOf(each) >= before,
      );
      await page.goto(linkIn(mail, hub.url));
      await page.getByRole('heading', { name: /^你好，/ }).waitFor(WAIT);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
