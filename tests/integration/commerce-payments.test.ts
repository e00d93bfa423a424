/**
 * Orders and payments: bank transfer marked paid by an admin, Alipay and WeChat Pay
 * notifications verified against stand-ins that sign like the real ones, and a notification
 * arriving twice activating once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayStandin, wechatPayStandin } from '../fixtures/payment-standins';
import { browserClient, CookieJar, createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';

const BUYER = {
  name: '王老师',
  organization: '某某大学辩论队',
  phone: '0591-12345678',
  email: 'coach@example.edu.cn',
};

async function grantsOf(hub: TestHub, userId: string): Promise<number> {
  const rows = await hub.services.database.db.execute(
    sql`select count(*)::int as n from plan_grants where user_id = ${userId}`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number }[];
  return Number(list[0]?.n ?? 0);
}

describe('orders and payments', () => {
  const alipay = alipayStandin();
  let wechat: Awaited<ReturnType<typeof wechatPayStandin>>;
  let hub: TestHub;
  let buyer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    wechat = await wechatPayStandin();
    hub = await startHub({
      env: {
        BANK_ACCOUNT_NAME: '辩时科技有限公司',
        BANK_NAME: '招商银行福州分行',
        BANK_ACCOUNT_NO: '591900000010101',
        ...alipay.env,
        ...wechat.env,
      },
    });
    buyer = await createAccount(hub, 'buyer');
    const { user, token } = await hub.services.auth.signUp(
      { email: 'pay-admin@bianshi.test', password: 'correct horse battery' },
      'vitest',
    );
    await hub.services.auth.setAdmin('pay-admin@bianshi.test', true);
    const jar = new CookieJar();
    jar.cookies.set(hub.services.auth.cookies.session, token);
    admin = { id: user.id, email: user.email, cookie: jar.header(), client: browserClient(hub, jar).client };
  });
  afterAll(async () => {
    await hub?.close();
    await wechat?.close();
  });

  const notify = (
    provider: string,
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' },
  ) =>
    fetch(`${hub.url}/api/commerce/notify/${provider}`, { method: 'POST', headers, body }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
    );

  it('offers every configured provider, bank transfer first', async () => {
    expect(await buyer.client.commerce.providers.query()).toEqual([
      { id: 'manual', accountPublished: true },
      { id: 'alipay', accountPublished: null },
      { id: 'wechat', accountPublished: null },
    ]);
  });

  it('prices orders from the pricing data and refuses what it does not offer, by field', async () => {
    const months = await outcome(
      buyer.client.commerce.createOrder.mutate({
        plan: 'education',
        months: 7,
        seats: 1,
        provider: 'manual',
        buyer: BUYER,
      }),
    );
    expect(months).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason: 'duration-unknown' });
    const phone = await outcome(
      buyer.client.commerce.createOrder.mutate({
        plan: 'education',
        months: 12,
        seats: 1,
        provider: 'manual',
        buyer: { ...BUYER, phone: 'abc' },
      }),
    );
    expect(phone).toMatchObject({ ok: false, reason: 'invalid-input', message: '请填写有效的联系电话' });
  });

  it('bank transfer: the order shows the account and reference; an admin marks it paid once', async () => {
    const { order, checkout } = await buyer.client.commerce.createOrder.mutate({
      plan: 'education',
      months: 12,
      seats: 3,
      provider: 'manual',
      buyer: BUYER,
    });
    expect(order).toMatchObject({ status: 'pending', amountFen: 3 * 39900, seats: 3 });
    expect(order.number).toMatch(/^BS\d{8}[A-Z2-9]{6}$/);
    expect(checkout).toEqual({
      kind: 'transfer',
      accountName: '辩时科技有限公司',
      bankName: '招商银行福州分行',
      accountNo: '591900000010101',
      reference: order.number,
    });
    expect(
      (await outcome(buyer.client.commerce.admin.markPaid.mutate({ number: order.number, note: '' }))).ok,
    ).toBe(false);

    const [first, second] = await Promise.all([
      admin.client.commerce.admin.markPaid.mutate({ number: order.number, note: '回单 001' }),
      admin.client.commerce.admin.markPaid.mutate({ number: order.number, note: '回单 001' }),
    ]);
    expect([first.activated, second.activated].sort()).toEqual([false, true]);
    expect(await grantsOf(hub, buyer.id)).toBe(1);
    const plan = await buyer.client.commerce.myPlan.query();
    expect(plan).toMatchObject({ level: 'education', source: { kind: 'order', ref: order.number } });

    // The two extra seats become keys, shown to the buyer once.
    const view = await buyer.client.commerce.order.query({ number: order.number });
    expect(view.seatKeys).toMatchObject({ quantity: 2, shown: false });
    const { keys } = await buyer.client.commerce.revealSeatKeys.mutate({ number: order.number });
    expect(keys).toHaveLength(2);
    expect(
      await outcome(buyer.client.commerce.revealSeatKeys.mutate({ number: order.number })),
    ).toMatchObject({ ok: false, reason: 'keys-already-shown' });
  });

  it('Alipay: a signed redirect, then a verified notification activates once, however often it arrives', async () => {
    const { order, checkout } = await buyer.client.commerce.createOrder.mutate({
      plan: 'enterprise',
      months: 1,
      seats: 1,
      provider: 'alipay',
      buyer: BUYER,
    });
    expect(checkout?.kind).toBe('redirect');
    if (checkout?.kind !== 'redirect') return;
    expect(checkout.url.startsWith(alipay.env.ALIPAY_GATEWAY)).toBe(true);
    expect(alipay.verifyRedirect(checkout.url)).toBe(true);
    expect(JSON.parse(new URL(checkout.url).searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: order.number,
      total_amount: '299.00',
    });

    const before = await grantsOf(hub, buyer.id);
    expect(
      await notify('alipay', alipay.notification(order.number, '299.00', {}, alipay.forger)),
    ).toMatchObject({ status: 401 });
    const tampered = alipay
      .notification(order.number, '299.00')
      .replace('total_amount=299.00', 'total_amount=0.01');
    expect(await notify('alipay', tampered)).toMatchObject({ status: 401 });
    expect(await grantsOf(hub, buyer.id)).toBe(before);

    const genuine = alipay.notification(order.number, '299.00');
    const answers = await Promise.all([
      notify('alipay', genuine),
      notify('alipay', genuine),
      notify('alipay', genuine),
    ]);
    expect(answers.map((answer) => answer.text)).toEqual(['success', 'success', 'success']);
    // Alipay also retries with a fresh notify_id: still one activation.
    expect((await notify('alipay', alipay.notification(order.number, '299.00'))).text).toBe('success');
    expect(await grantsOf(hub, buyer.id)).toBe(before + 1);
    expect((await buyer.client.commerce.order.query({ number: order.number })).order.status).toBe('paid');
  });

  it('WeChat Pay: the Native request is signed, the notification is verified and decrypted, a duplicate activates once', async () => {
    const { order, checkout } = await buyer.client.commerce.createOrder.mutate({
      plan: 'education',
      months: 6,
      seats: 1,
      provider: 'wechat',
      buyer: BUYER,
    });
    expect(checkout).toMatchObject({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\//) });
    expect(wechat.requests.at(-1)).toMatchObject({
      authorized: true,
      body: { out_trade_no: order.number, amount: { total: 24900, currency: 'CNY' } },
    });

    const before = await grantsOf(hub, buyer.id);
    const forged = wechat.notification(order.number, 24900, { signWith: wechat.forger });
    expect((await notify('wechat', forged.body, forged.headers)).status).toBe(401);
    const stale = wechat.notification(order.number, 24900, {
      timestamp: String(Math.floor(Date.now() / 1000) - 3600),
    });
    expect((await notify('wechat', stale.body, stale.headers)).status).toBe(401);
    const wrongKey = wechat.notification(order.number, 24900, { key: 'x'.repeat(32) });
    expect((await notify('wechat', wrongKey.body, wrongKey.headers)).status).toBe(401);
    expect(await grantsOf(hub, buyer.id)).toBe(before);

    const genuine = wechat.notification(order.number, 24900);
    const answers = await Promise.all([
      notify('wechat', genuine.body, genuine.headers),
      notify('wechat', genuine.body, genuine.headers),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(JSON.parse(answers[0]!.text)).toEqual({ code: 'SUCCESS', message: '成功' });
    expect(await grantsOf(hub, buyer.id)).toBe(before + 1);
  });

  it('a notification for the wrong amount activates nothing', async () => {
    const { order } = await buyer.client.commerce.createOrder.mutate({
      plan: 'education',
      months: 6,
      seats: 1,
      provider: 'wechat',
      buyer: BUYER,
    });
    const cheap = wechat.notification(order.number, 1);
    expect((await notify('wechat', cheap.body, cheap.headers)).status).toBe(200);
    expect((await buyer.client.commerce.order.query({ number: order.number })).order.status).toBe('pending');
  });
});
