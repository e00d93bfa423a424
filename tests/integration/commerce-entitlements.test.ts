/**
 * Entitlements on the hub, where the actions happen: a trial account hits each limit with a
 * refusal naming the plan it needs and /pricing; after redeeming an enterprise key the same
 * actions pass; once the plan has run out they are refused again.
 */
import { ONE_PIXEL_PNG } from '../../hub/src/uploads/test-media.fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admittedAndRefused,
  createAccount,
  outcome,
  signedInOn,
  type TestAccount,
} from '../support/accounts';
import { startHub, startHubsOnOnePostgres, type TestHub } from '../support/hub';
import { watch, type Watcher } from '../support/watch';

const DAY_MS = 86_400_000;

describe('entitlements: trial → enterprise key → expired', () => {
  let hub: TestHub;
  let offsetMs = 0;
  let account: TestAccount;
  let admin: TestAccount;
  let timerId: string;
  const watchers: Watcher[] = [];

  beforeAll(async () => {
    hub = await startHub({ clock: { now: () => Date.now() + offsetMs }, env: { AUTH_SESSION_DAYS: '365' } });
    account = await createAccount(hub, 'trial');
    const { user, token } = await hub.services.auth.signUp(
      { email: 'admin-ent@bianshi.test', password: 'correct horse battery' },
      'vitest',
    );
    await hub.services.auth.setAdmin('admin-ent@bianshi.test', true);
    admin = {
      ...account,
      id: user.id,
      email: user.email,
      cookie: `${hub.services.auth.cookies.session}=${token}`,
    };
    const { browserClient, CookieJar } = await import('../support/accounts');
    const jar = new CookieJar();
    jar.cookies.set(hub.services.auth.cookies.session, token);
    admin = { ...admin, client: browserClient(hub, jar).client };
    // The account already owns as many timers as a trial allows (made straight through the service).
    for (let i = 0; i < 20; i++) {
      const created = await hub.services.timers.create({ formatId: 'cn-worldcup', ownerId: account.id });
      if (i === 0) timerId = created.timer.id;
    }
  });
  afterAll(async () => {
    for (const watcher of watchers) watcher.close();
    await hub?.close();
  });

  async function upload() {
    const response = await fetch(`${hub.url}/api/uploads/${timerId}/logo`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', cookie: account.cookie, origin: hub.url },
      body: new Uint8Array(ONE_PIXEL_PNG),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { reason: string; message: string } },
    };
  }

  /** Connects one more display screen; resolves to the refusal message, or null once it gets a snapshot. */
  async function connectDisplay(): Promise<string | null> {
    const watcher = watch(hub.wsUrl, { timerId, role: 'display' });
    watchers.push(watcher);
    await watcher.until((w) => w.tracked.length > 0 || w.errors.length > 0);
    return watcher.errors.length ? String((watcher.errors[0] as Error).message) : null;
  }

  function expectPlanRefusal(result: Awaited<ReturnType<typeof outcome>>, needed: RegExp) {
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('FORBIDDEN');
    expect(result.reason).toBe('plan-limit');
    expect(result.message).toMatch(/试用版/);
    expect(result.message).toMatch(needed);
    expect(result.message).toContain('/pricing');
  }

  it('runs as a trial with no purchase (FLAG_FORCE_TRIAL default)', async () => {
    const plan = await account.client.commerce.myPlan.query();
    expect(plan).toMatchObject({
      level: 'trial',
      name: '试用版',
      origin: 'installation',
      limits: { timers: 20, lobbies: 2, screensPerTimer: 10 },
    });
  });

  it('a trial account hits each limit with the plan it needs', async () => {
    expectPlanRefusal(
      await outcome(account.client.timer.create.mutate({ formatId: 'cn-worldcup' })),
      /需要教育版/,
    );

    expect((await outcome(account.client.lobby.create.mutate({ name: '一号大厅' }))).ok).toBe(true);
    expect((await outcome(account.client.lobby.create.mutate({ name: '二号大厅' }))).ok).toBe(true);
    expectPlanRefusal(await outcome(account.client.lobby.create.mutate({ name: '三号大厅' })), /需要教育版/);

    for (let i = 0; i < 10; i++) expect(await connectDisplay()).toBeNull();
    expect(await connectDisplay()).toMatch(/试用版.*大屏.*10 块.*需要教育版.*\/pricing/);
    // Audience phones are not display screens: they still join.
    const phone = watch(hub.wsUrl, { timerId, role: 'audience' });
    watchers.push(phone);
    await phone.until((w) => w.tracked.length > 0);

    for (let i = 0; i < 20; i++) expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ reason: 'plan-limit' });
    expect(refused.body.error?.message).toMatch(/试用版.*需要教育版.*\/pricing/);
  });

  it('after redeeming an enterprise key the same actions pass', async () => {
    const { keys } = await admin.client.commerce.admin.generate.mutate({
      plan: 'enterprise',
      quantity: 1,
      months: 1,
      seats: 1,
      expiresInDays: 30,
      note: '测试',
    });
    const redeemed = await account.client.commerce.redeem.mutate({ key: keys[0]!.toLowerCase() });
    expect(redeemed.plan).toMatchObject({ level: 'enterprise', origin: 'grant', source: { kind: 'cdkey' } });
    offsetMs += 11_000; // past the hub's short cache of timer plans

    expect((await outcome(account.client.timer.create.mutate({ formatId: 'cn-worldcup' }))).ok).toBe(true);
    expect((await outcome(account.client.lobby.create.mutate({ name: '三号大厅' }))).ok).toBe(true);
    expect(await connectDisplay()).toBeNull();
    expect((await upload()).status).toBe(201);
  });

  it('after the plan runs out they are refused again, and what was made stays readable', async () => {
    offsetMs += 40 * DAY_MS;
    const plan = await account.client.commerce.myPlan.query();
    expect(plan).toMatchObject({ level: 'enterpriseExpired', name: '企业版（已过期）' });

    const timer = await outcome(account.client.timer.create.mutate({ formatId: 'cn-worldcup' }));
    expect(timer.ok).toBe(false);
    if (!timer.ok) expect(timer.message).toMatch(/企业版（已过期）.*需要教育版/);
    expect((await outcome(account.client.lobby.create.mutate({ name: '四号大厅' }))).ok).toBe(true); // lobbies live 30 days: the old ones have gone
    expect((await outcome(account.client.lobby.create.mutate({ name: '五号大厅' }))).ok).toBe(true);
    expect(await outcome(account.client.lobby.create.mutate({ name: '六号大厅' }))).toMatchObject({
      ok: false,
      reason: 'plan-limit',
    });
    expect(await connectDisplay()).toMatch(/plan|大屏/);
    expect((await upload()).status).toBe(403);
    expect((await outcome(account.client.timer.get.query({ id: timerId }))).ok).toBe(true);
  });
});

describe('timer, lobby and tournament limits under racing creations (two hubs, one Postgres)', () => {
  let pair: Awaited<ReturnType<typeof startHubsOnOnePostgres>> | undefined;
  let hubs: TestHub[] = [];

  beforeAll(async () => {
    pair = await startHubsOnOnePostgres(2);
    hubs = pair.hubs;
  }, 120_000);

  afterAll(async () => {
    await pair?.close();
  });

  it('lets exactly one of four simultaneous creations take the last place of a plan', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const account = await createAccount(a, 'timer-race');
    // A trial account may own 20 timers: 19 leave one place.
    for (let i = 0; i < 19; i++)
      await a.services.timers.create({ formatId: 'cn-worldcup', ownerId: account.id });
    const onB = signedInOn(b, account);
    const outcomes = await Promise.all(
      [account.client, account.client, onB, onB].map((client, i) =>
        outcome(client.timer.create.mutate({ name: `抢位 ${i}`, formatId: 'cn-worldcup' })),
      ),
    );
    expect(admittedAndRefused(outcomes)).toEqual({ admitted: 1, refused: 3 });
    // The refused ones left nothing behind: the next creation is refused too, on either hub.
    expect(await outcome(onB.timer.create.mutate({ formatId: 'cn-worldcup' }))).toMatchObject({
      ok: false,
      reason: 'plan-limit',
    });
  }, 120_000);

  it('lets exactly one of six simultaneous lobby creations take the last live place', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const account = await createAccount(a, 'lobby-race');
    const onB = signedInOn(b, account);
    // A trial account may keep 2 lobbies live: one leaves one place.
    await account.client.lobby.create.mutate({ name: '已有大厅', visibility: 'public' });
    const outcomes = await Promise.all(
      [account.client, onB, account.client, onB, account.client, onB].map((client, i) =>
        outcome(client.lobby.create.mutate({ name: `抢位大厅 ${i}`, visibility: 'public' })),
      ),
    );
    expect(admittedAndRefused(outcomes)).toEqual({ admitted: 1, refused: 5 });
    expect(
      await outcome(account.client.lobby.create.mutate({ name: '再来一个', visibility: 'public' })),
    ).toMatchObject({ ok: false, reason: 'plan-limit' });
  }, 120_000);

  it('lets exactly one of six simultaneous tournament creations take a trial’s only place', async () => {
    const [a, b] = hubs as [TestHub, TestHub];
    const account = await createAccount(a, 'tournament-race');
    const onB = signedInOn(b, account);
    const stamp = Date.now().toString(36);
    const outcomes = await Promise.all(
      [account.client, onB, account.client, onB, account.client, onB].map((client, i) =>
        outcome(
          client.tournament.create.mutate({
            tournament: { name: `抢位赛事 ${i}`, slug: `race-${stamp}-${i}` },
          }),
        ),
      ),
    );
    expect(admittedAndRefused(outcomes)).toEqual({ admitted: 1, refused: 5 });
  }, 120_000);
});
