/**
 * cdkeys: 20 parallel redemptions of one key across two hubs on Postgres (exactly one wins),
 * typos refused before any lookup, the lockout after repeated failures, admin transitions and
 * the append-only audit log, and keys shown once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserClient, CookieJar, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';

const SECRET = 'a-test-cdkey-secret-of-at-least-32-characters';
let counter = 0;
const last4 = (key: string) => key.replace(/-/g, '').slice(-4);

/** An account signed in on `hub`, whose requests come from `ip` (X-Forwarded-For, TRUST_PROXY on). */
async function account(
  hub: TestHub,
  ip: string,
  email = `cd-${++counter}-${Date.now()}@bianshi.test`,
): Promise<TestAccount> {
  const { user, token } = await hub.services.auth.signUp(
    { email, password: 'correct horse battery' },
    'vitest',
  );
  const jar = new CookieJar();
  jar.cookies.set(hub.services.auth.cookies.session, token);
  return {
    id: user.id,
    email,
    cookie: jar.header(),
    client: browserClient(hub, jar, { headers: { 'x-forwarded-for': ip } }).client,
  };
}

describe('cdkeys across two hubs on Postgres', () => {
  let scratch: ScratchDatabase;
  let hubA: TestHub;
  let hubB: TestHub;
  let admin: TestAccount;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const env = { CDKEY_SECRET: SECRET, TRUST_PROXY: 'true', LOG_LEVEL: 'error' };
    hubA = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    hubB = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    admin = await account(hubA, '10.9.9.9', 'cd-admin@bianshi.test');
    await hubA.services.auth.setAdmin('cd-admin@bianshi.test', true);
  });
  afterAll(async () => {
    await hubA?.close();
    await hubB?.close();
    await scratch?.drop();
  });

  const generate = (quantity = 1) =>
    admin.client.commerce.admin.generate.mutate({
      plan: 'enterprise',
      quantity,
      months: 12,
      seats: 1,
      expiresInDays: 30,
      note: '联赛 A 组',
    });

  it('20 parallel redemptions of one key on two hubs: exactly one succeeds', async () => {
    const { keys } = await generate();
    const redeemers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => account(i % 2 ? hubB : hubA, `10.0.1.${i + 1}`)),
    );
    const results = await Promise.all(
      redeemers.map((redeemer) => outcome(redeemer.client.commerce.redeem.mutate({ key: keys[0]! }))),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners, JSON.stringify(results.slice(0, 3))).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(
      Array(19).fill('cdkey-redeemed'),
    );
    const rows = await hubA.services.database.db.execute(
      sql`select count(*)::int as n from plan_grants where source = 'cdkey'`,
    );
    expect(
      Number(((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { n: number }[])[0]?.n),
    ).toBe(1);
  });

  it('stores only a keyed hash and the last 4 symbols', async () => {
    const { keys } = await generate();
    const compact = keys[0]!.slice(3).replace(/-/g, '');
    const rows = await hubA.services.database.db.execute(
      sql`select * from cdkeys where last4 = ${compact.slice(-4)}`,
    );
    const stored = JSON.stringify(Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows);
    expect(stored).toContain(compact.slice(-4));
    expect(stored).not.toContain(compact.slice(0, 10));
    expect(stored).not.toContain(compact);
  });

  it('refuses a typo before any lookup, and never locks anyone out for it', async () => {
    const { keys } = await generate();
    const user = await account(hubA, '10.0.2.1');
    const key = keys[0]!;
    // Swap the first two neighbouring symbols that differ: swapping equal ones leaves the key as it is.
    const at = [...key].findIndex(
      (symbol, i) => i >= 3 && /\w/.test(symbol) && /\w/.test(key[i + 1] ?? '') && symbol !== key[i + 1],
    );
    const swapped = key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2);
    expect(swapped).not.toBe(key);
    for (let i = 0; i < 6; i++) {
      const typo = await outcome(user.client.commerce.redeem.mutate({ key: swapped }));
      expect(typo).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason: 'cdkey-check' });
    }
    expect(
      (await outcome(user.client.commerce.redeem.mutate({ key: ` ${key.toLowerCase().replace(/-/g, '')} ` })))
        .ok,
    ).toBe(true);
  });

  it('locks an account out after repeated failures, on every hub', async () => {
    const { keys } = await generate();
    const unknown = (await generate()).keys[0]!;
    // Revoke the second key so that it is a well-formed key that fails.
    const [row] = await admin.client.commerce.admin.search.query({ query: last4(unknown) });
    await admin.client.commerce.admin.keyAction.mutate({ id: row!.id, action: 'revoke', reason: '测试作废' });
    const hubs = [hubA, hubB];
    const email = `lock-${Date.now()}@bianshi.test`;
    const onA = await account(hubA, '10.0.3.1', email);
    const token = onA.cookie.split('=')[1]!;
    const jar = new CookieJar();
    jar.cookies.set(hubB.services.auth.cookies.session, token);
    const onB = { client: browserClient(hubB, jar, { headers: { 'x-forwarded-for': '10.0.3.2' } }).client };
    for (let i = 0; i < 5; i++) {
      const client = i % 2 ? onB.client : onA.client;
      expect(await outcome(client.commerce.redeem.mutate({ key: unknown }))).toMatchObject({
        ok: false,
        reason: 'cdkey-revoked',
      });
    }
    expect(hubs).toHaveLength(2);
    const locked = await outcome(onB.client.commerce.redeem.mutate({ key: keys[0]! }));
    expect(locked).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS', reason: 'cdkey-locked' });
    expect(locked.ok || locked.message).toMatch(/分钟后再试/);
  });

  it('admin: suspend, resume, revoke and extend, every transition in the audit log', async () => {
    const { keys, batch } = await generate(3);
    const found = await admin.client.commerce.admin.search.query({ query: batch.id });
    expect(found).toHaveLength(3);
    const target = found.find((row) => last4(keys[0]!) === row.last4)!;
    const user = await account(hubB, '10.0.4.1');

    await admin.client.commerce.admin.keyAction.mutate({
      id: target.id,
      action: 'suspend',
      reason: '付款待确认',
    });
    expect(await outcome(user.client.commerce.redeem.mutate({ key: keys[0]! }))).toMatchObject({
      ok: false,
      reason: 'cdkey-suspended',
    });
    expect(
      await outcome(
        admin.client.commerce.admin.keyAction.mutate({
          id: target.id,
          action: 'suspend',
          reason: '重复暂停',
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'cdkey-transition' });
    await admin.client.commerce.admin.keyAction.mutate({ id: target.id, action: 'resume', reason: '已到账' });
    await admin.client.commerce.admin.extendKey.mutate({ id: target.id, days: 10, reason: '联赛延期' });
    const redeemed = await user.client.commerce.redeem.mutate({ key: keys[0]! });
    expect(redeemed.plan.level).toBe('enterprise');
    expect((await admin.client.commerce.admin.search.query({ query: user.email }))[0]).toMatchObject({
      id: target.id,
      state: 'redeemed',
      redeemedBy: user.email,
    });
    await admin.client.commerce.admin.keyAction.mutate({
      id: target.id,
      action: 'revoke',
      reason: '违规转售',
    });
    expect((await user.client.commerce.myPlan.query()).level).toBe('enterpriseExpired');

    const audit = await admin.client.commerce.admin.audit.query({ cdkeyId: target.id });
    expect(audit.map((entry) => `${entry.fromState ?? '-'}→${entry.toState}`).reverse()).toEqual([
      '-→issued',
      'issued→suspended',
      'suspended→issued',
      'issued→issued',
      'issued→redeemed',
      'redeemed→revoked',
    ]);
    expect(audit[0]).toMatchObject({ reason: '违规转售', actor: 'cd-admin@bianshi.test', ip: '10.9.9.9' });
    expect(audit.find((entry) => entry.toState === 'redeemed')).toMatchObject({
      actor: user.email,
      ip: '10.0.4.1',
    });
  });

  it('shows the plain keys of a batch once', async () => {
    const { batch, keys } = await generate(2);
    expect(keys).toHaveLength(2);
    // Generating showed them; no hub shows them again.
    await expect(
      hubA.services.commerce.cdkeys.reveal(batch.id, { userId: admin.id, ip: '' }),
    ).rejects.toThrow(/不能再次显示/);
    await expect(
      hubB.services.commerce.cdkeys.reveal(batch.id, { userId: admin.id, ip: '' }),
    ).rejects.toThrow(/不能再次显示/);
    const batches = await admin.client.commerce.admin.batches.query();
    expect(batches.find((candidate) => candidate.id === batch.id)?.keysShownAt).toBeTruthy();
  });

  it('is for admins only', async () => {
    const user = await account(hubA, '10.0.5.1');
    expect(
      await outcome(
        user.client.commerce.admin.generate.mutate({
          plan: 'trial',
          quantity: 1,
          months: 1,
          seats: 1,
          expiresInDays: 1,
          note: '',
        }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await outcome(user.client.commerce.admin.orders.query({}))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });
});
