/**
 * Support and payment as an install really has them, in a real Chromium: with SUPPORT_URL and
 * SUPPORT_EMAIL every 联系客服 (/about, the docs' 更多信息, 购买遇到问题？, a bank-transfer order
 * without a published account, the AI assistant) leads to them; without any, nothing says
 * 「请联系客服」 and each place says what to do instead. /pricing shows only the payment methods
 * the hub offers; /buy starts from the signed-in account's email.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayStandin } from '../fixtures/payment-standins';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const WAIT = { timeout: 20_000 };
const SUPPORT_URL = 'https://support.example.com/bianshi';
const SUPPORT_EMAIL = 'help@example.com';
let browser: Browser;
/** SUPPORT_URL, SUPPORT_EMAIL and Alipay; no bank details, no WeChat Pay. */
let served: TestHub;
/** Nothing configured: no contact, no payment method. */
let bare: TestHub;

beforeAll(async () => {
  [served, bare, browser] = await Promise.all([
    startHub({ env: { SUPPORT_URL, SUPPORT_EMAIL, ...alipayStandin().env } }),
    startHub(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await bare?.close();
});

async function signedIn(hub: TestHub, account: TestAccount) {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

/** The payment badges /pricing shows, once the hub has said which methods it has. */
async function badges(page: Page): Promise<string[]> {
  const section = page.getByTestId('pricing-pay');
  await section.locator('.pricing__logos, [data-testid="pricing-no-payment"]').first().waitFor(WAIT);
  return section.locator('.pricing__logos strong').allInnerTexts();
}

describe('with a support contact', () => {
  it('/pricing shows bank transfer and Alipay, not WeChat Pay', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${served.url}/pricing`);
    expect(await badges(page)).toEqual(['对公转账', '支付宝', '增值税发票']);
    expect(await page.getByTestId('pricing-pay').innerText()).not.toContain('微信支付');
    await page.getByText('学校只能对公转账，怎么购买？').waitFor(WAIT);
    await context.close();
  });

  it('/buy starts from the account email; a bank-transfer order asks support for the account', async () => {
    const buyer = await createAccount(served, 'support-buyer');
    const { context, page, errors } = await signedIn(served, buyer);
    await page.goto(`${served.url}/buy?plan=education`);
    await page.getByRole('heading', { name: '购买方案' }).waitFor(WAIT);
    expect(await page.getByLabel('邮箱').inputValue()).toBe(buyer.email);
    const methods = page.getByRole('group', { name: '付款方式' });
    expect(await methods.getByRole('radio').count()).toBe(2);
    await methods.getByText('下单后向客服索取收款账户', { exact: false }).waitFor(WAIT);
    expect(await methods.innerText()).not.toContain('微信支付');

    const help = page.getByRole('link', { name: '购买遇到问题？' });
    expect(await help.getAttribute('href')).toBe(SUPPORT_URL);
    expect(await help.getAttribute('target')).toBe('_blank');

    await page.getByLabel('联系人').fill('王老师');
    await page.getByLabel('联系电话').fill('0591-12345678');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/buy\/verify\?order=BS\d{8}/, WAIT);
    const number = new URL(page.url()).searchParams.get('order')!;
    const onRequest = page.getByTestId('transfer-on-request');
    await onRequest.waitFor(WAIT);
    expect(await onRequest.innerText()).toContain(number);
    expect(await onRequest.getByRole('link', { name: /在线客服/ }).getAttribute('href')).toBe(SUPPORT_URL);
    expect(await onRequest.getByRole('link', { name: new RegExp(SUPPORT_EMAIL) }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(await page.content()).not.toContain('请联系客服获取');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/about, the docs and the AI assistant lead to the contact', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${served.url}/about`);
    const about = page.getByTestId('about-support');
    await about.waitFor(WAIT);
    expect(await about.getByRole('link', { name: /在线客服/ }).getAttribute('href')).toBe(SUPPORT_URL);
    expect(await about.getByRole('link', { name: new RegExp(SUPPORT_EMAIL) }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(
      await page.locator('footer.site-footer').getByRole('link', { name: '联系客服' }).getAttribute('href'),
    ).toBe(SUPPORT_URL);

    await page.goto(`${served.url}/docs`);
    const more = page.getByTestId('doc-toc').getByRole('region', { name: '更多信息' });
    expect(await more.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe(SUPPORT_URL);
    expect(await more.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );

    await page.goto(`${served.url}/ai/contact`);
    await page.getByRole('textbox', { name: '你的问题' }).fill('红烧肉怎么做');
    await page.getByRole('button', { name: '提问' }).click();
    const offer = page.getByTestId('ai-support');
    await offer.waitFor(WAIT);
    expect(await offer.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe(SUPPORT_URL);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('without a support contact or a payment method', () => {
  it('/pricing advertises no payment method and offers the key instead', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${bare.url}/pricing`);
    expect(await badges(page)).toEqual([]);
    const pay = await page.getByTestId('pricing-pay').innerText();
    for (const method of ['对公转账', '支付宝', '微信支付']) expect(pay).not.toContain(method);
    expect(await page.getByText('学校只能对公转账，怎么购买？').count()).toBe(0);
    const education = page.locator('[data-plan="education"]');
    await education.getByRole('link', { name: '我有兑换码' }).waitFor(WAIT);
    expect(await education.getByRole('link', { name: '购买教育版' }).count()).toBe(0);
    await context.close();
  });

  it('/buy says online payment is off and where to go; no page says 请联系客服', async () => {
    const buyer = await createAccount(bare, 'bare-buyer');
    const { context, page, errors } = await signedIn(bare, buyer);
    await page.goto(`${bare.url}/buy`);
    const none = page.getByTestId('no-payment');
    await none.waitFor(WAIT);
    expect(await none.getByRole('link', { name: '我有兑换码' }).getAttribute('href')).toBe('/buy/cdkey');
    await none.getByTestId('support-none').getByRole('link', { name: 'AI 客服' }).waitFor(WAIT);
    await page.getByRole('link', { name: '购买遇到问题？看常见问题' }).click();
    await page.waitForURL(`${bare.url}/pricing#pricing-faq`, WAIT);

    for (const path of ['/about', '/docs', '/buy/verify']) {
      await page.goto(bare.url + path);
      await page
        .locator('[data-testid="about-support"], [data-testid="doc-support-none"], .commerce-card')
        .first()
        .waitFor(WAIT);
      expect(await page.locator('body').innerText(), path).not.toMatch(/请联系客服|联系客服获取/);
    }
    await page.goto(`${bare.url}/about`);
    await page.getByTestId('about-support').getByText('本站没有提供人工客服联系方式').waitFor(WAIT);
    expect(await page.locator('footer.site-footer').getByRole('link', { name: '联系客服' }).count()).toBe(0);
    await page.goto(`${bare.url}/docs`);
    expect(await page.getByTestId('doc-support-none').getAttribute('href')).toBe('/ai/contact');
    expect(errors).toEqual([]);
    await context.close();
  });
});
