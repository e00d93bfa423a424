/**
 * Purchase in a real Chromium: buy with bank transfer → an admin marks it paid → the plan shows
 * on /home; an admin generates a batch and downloads its CSV once; a key is redeemed (a typo is
 * refused first); an invoice with a wrong 统一社会信用代码 is refused with a field error, then
 * the right one goes through.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserClient, CookieJar, createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { confirmDialog, downloadedBytes, launchBrowser, openPage } from './support/browser';

const ADMIN_EMAIL = 'e2e-admin@bianshi.test';
const WAIT = { timeout: 20_000 };
let hub: TestHub;
let browser: Browser;
let admin: TestAccount;

beforeAll(async () => {
  [hub, browser] = await Promise.all([
    startHub({
      env: {
        BANK_ACCOUNT_NAME: '辩时科技有限公司',
        BANK_NAME: '招商银行福州分行',
        BANK_ACCOUNT_NO: '591900000010101',
      },
    }),
    launchBrowser(),
  ]);
  const { user, token } = await hub.services.auth.signUp(
    { email: ADMIN_EMAIL, password: 'correct horse battery' },
    'vitest',
  );
  await hub.services.auth.setAdmin(ADMIN_EMAIL, true);
  const jar = new CookieJar();
  jar.cookies.set(hub.services.auth.cookies.session, token);
  admin = { id: user.id, email: ADMIN_EMAIL, cookie: jar.header(), client: browserClient(hub, jar).client };
});

afterAll(async () => {
  await browser?.close();
  await hub?.close();
});

async function signedInPage(
  account: TestAccount,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const [name = '', value = ''] = account.cookie.split('=');
  await opened.context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
  return opened;
}

describe('purchase, cdkeys and invoices in the browser', () => {
  it('shows the plans and limits from content/pricing.md on /pricing', async () => {
    const pricing = hub.services.commerce.entitlements.pricing;
    const { context, page } = await openPage(browser);
    await page.goto(`${hub.url}/pricing`);
    await page.getByRole('heading', { level: 1, name: pricing.title }).waitFor(WAIT);
    const screens = page.getByRole('row', { name: /每个计时器同时连接的大屏/ });
    expect(await screens.innerText()).toMatch(
      new RegExp(
        `${pricing.plans[0]!.limits.screensPerTimer} 块\\s+${pricing.plans[1]!.limits.screensPerTimer} 块\\s+不限`,
      ),
    );
    expect(await page.locator('[data-plan="education"]').innerText()).toContain(
      `¥${pricing.plans[1]!.prices[0]!.amountFen / 100}`,
    );
    await page.locator('[data-plan="education"]').getByRole('link', { name: '购买教育版' }).click();
    await page.waitForURL(`${hub.url}/buy?plan=education`);
    await page.getByRole('heading', { name: '请先登录' }).waitFor(WAIT);
    await context.close();
  });

  it('buys with bank transfer; an admin marks it paid; the plan shows on /home', async () => {
    const buyer = await signedInPage(await createAccount(hub, 'buyer'));
    await buyer.page.goto(`${hub.url}/buy?plan=education`);
    await buyer.page.getByRole('heading', { name: '购买方案' }).waitFor(WAIT);
    await buyer.page.getByText('12 个月').click();
    await buyer.page.getByLabel('席位数').fill('2');
    expect(await buyer.page.getByTestId('order-total').innerText()).toBe('¥798');
    await buyer.page.getByLabel('联系人').fill('王老师');
    await buyer.page.getByLabel('联系电话').fill('0591-12345678');
    await buyer.page.getByLabel('邮箱').fill('coach@example.edu.cn');
    await buyer.page.getByRole('button', { name: '提交订单' }).click();
    await buyer.page.waitForURL(/\/buy\/verify\?order=BS\d{8}/, WAIT);
    const number = new URL(buyer.page.url()).searchParams.get('order')!;
    await buyer.page.getByTestId('order-status').getByText('待付款').waitFor(WAIT);
    expect(await buyer.page.getByTestId('transfer-reference').innerText()).toBe(number);
    expect(await buyer.page.getByTestId('order-status').innerText()).toContain('591900000010101');

    const desk = await signedInPage(admin);
    await desk.page.goto(`${hub.url}/admin/cdkey`);
    await desk.page.getByRole('heading', { name: 'CDKey 管理' }).waitFor(WAIT);
    await expect.poll(() => desk.page.title()).toContain('CDKey 管理');
    await desk.page.getByRole('tab', { name: /订单/ }).click();
    await desk.page.getByTestId(`order-${number}`).getByRole('button', { name: '确认到账' }).click();
    // The product's own prompt (not the browser's), with the bank slip as the note.
    await confirmDialog(desk.page, { text: '回单 20261123' });
    await desk.page.getByTestId(`order-${number}`).getByText('已付款').waitFor(WAIT);

    await buyer.page.goto(`${hub.url}/home`);
    const plan = buyer.page.getByTestId('home-plan');
    await plan.getByText('教育版').waitFor(WAIT);
    expect(await plan.innerText()).toContain(`来自订单 ${number}`);
    expect(await plan.innerText()).toMatch(/有效期至 \d{4}年/);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await desk.context.close();
  });

  it('an admin generates a batch and downloads the CSV once; a key is redeemed', async () => {
    const desk = await signedInPage(admin);
    await desk.page.goto(`${hub.url}/admin/cdkey`);
    await desk.page.locator('select[name="plan"]').selectOption('enterprise');
    await desk.page.locator('input[name="quantity"]').fill('3');
    await desk.page.locator('input[name="note"]').fill('华东联赛');
    await desk.page.getByRole('button', { name: '生成兑换码' }).click();
    await desk.page.getByTestId('keys-once').waitFor(WAIT);
    const shown = (await desk.page.getByTestId('keys-once').locator('code').allInnerTexts()).map((text) =>
      text.trim(),
    );
    expect(shown).toHaveLength(3);
    const [download] = await Promise.all([
      desk.page.waitForEvent('download'),
      desk.page.getByRole('button', { name: '下载 CSV' }).click(),
    ]);
    const csv = (await downloadedBytes(download)).toString('utf8');
    expect(csv.split(/\r\n/).filter(Boolean)).toHaveLength(4);
    for (const key of shown) expect(csv).toContain(key);
    expect(csv).toContain('华东联赛');
    // Once: the keys leave the page, and nothing shows them again.
    await desk.page.getByText('已下载。兑换码不会再次显示。').waitFor(WAIT);
    expect(await desk.page.getByTestId('keys-once').count()).toBe(0);
    await desk.page.reload();
    await desk.page.getByRole('tab', { name: '批次' }).click();
    await desk.page.getByRole('cell', { name: '已显示' }).first().waitFor(WAIT);
    expect(await desk.page.content()).not.toContain(shown[0]);

    const member = await signedInPage(await createAccount(hub, 'member'));
    await member.page.goto(`${hub.url}/buy/cdkey`);
    await expect.poll(() => member.page.title()).toBe('兑换 CDKey | 专业辩论比赛计时软件');
    const key = shown[0]!;
    const swapped = key.slice(0, 3) + key[4] + key[3] + key.slice(5);
    const input = member.page.getByLabel('兑换码');
    await input.fill(key[3] === key[4] ? key.slice(0, -2) : swapped);
    await member.page.getByRole('button', { name: '兑换' }).click();
    await member.page.locator('.commerce-field__error').waitFor(WAIT);
    await input.fill(key.toLowerCase().replace(/-/g, ' '));
    await member.page.getByRole('button', { name: '兑换' }).click();
    await member.page.getByRole('heading', { name: /兑换成功！已开通企业版/ }).waitFor(WAIT);
    await member.page.goto(`${hub.url}/home`);
    await member.page.getByTestId('home-plan').getByText('来自兑换码').waitFor(WAIT);
    expect(member.errors).toEqual([]);
    await member.context.close();
    await desk.context.close();
  });

  it('refuses an invoice with a wrong USCC under the field, then accepts the right one', async () => {
    const account = await createAccount(hub, 'invoice');
    const { order } = await account.client.commerce.createOrder.mutate({
      plan: 'enterprise',
      months: 12,
      seats: 1,
      provider: 'manual',
      buyer: { name: '李老师', organization: '', phone: '021-5555 6666', email: 'li@example.com' },
    });
    await admin.client.commerce.admin.markPaid.mutate({ number: order.number, note: '' });
    // The hub refuses a wrong code on its own, naming the field.
    const refused = await outcome(
      account.client.commerce.requestInvoice.mutate({
        orderNumber: order.number,
        kind: 'normal',
        titleType: 'enterprise',
        title: '某某大学',
        uscc: '91350100M000100Y44',
        email: 'caiwu@example.edu.cn',
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      reason: 'invalid-input',
      message: '统一社会信用代码校验位不正确，请核对',
    });

    const page = (await signedInPage(account)).page;
    await page.goto(`${hub.url}/buy/invoice?order=${order.number}`);
    await page.getByLabel('发票抬头').fill('某某大学');
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await page.getByLabel('接收邮箱').fill('caiwu@example.edu.cn');
    await page.getByRole('button', { name: '提交申请' }).click();
    expect(await page.locator('[data-field="uscc"]').innerText(WAIT)).toBe(
      '统一社会信用代码校验位不正确，请核对',
    );
    await page.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('invoice-row').getByText('已申请，待开具').waitFor(WAIT);
    expect(await page.locator('[data-field="uscc"]').count()).toBe(0);

    // The admin answers: a PDF issues it, and its buyer can download it.
    const [invoice] = await admin.client.commerce.admin.invoices.query({ status: 'requested' });
    const upload = await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: hub.url, 'content-type': 'application/pdf' },
      body: '%PDF-1.4\n%%EOF\n',
    });
    expect(upload.status).toBe(200);
    await page.reload();
    await page.getByTestId('invoice-row').getByText('已开具').waitFor(WAIT);
    const pdf = await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
      headers: { cookie: account.cookie },
    });
    expect(await pdf.text()).toContain('%PDF-1.4');
    const stranger = await createAccount(hub, 'stranger');
    expect(
      (
        await fetch(`${hub.url}/api/commerce/invoices/${invoice!.id}/pdf`, {
          headers: { cookie: stranger.cookie },
        })
      ).status,
    ).toBe(404);
  });
});
