/**
 * The attacker's view of accounts, invitations and cdkeys (issue 30, "Accounts"; issue 32's NAT
 * lockout): what a stranger or a signed-in account can send over real HTTP to real hubs, the
 * exact refusal (status, code, reason, Chinese message, Retry-After), and a healthy hub after.
 * Several hubs run as processes on Postgres + Redis where the item is about several hubs.
 */
import { randomBytes } from 'node:crypto';
import { cdkeyFromBytes, CDKEY_RANDOM_BYTES } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_AFTER_FAILURES } from '../../hub/src/commerce/cdkey-attempts';
import { INVITES_PER_HOUR } from '../../hub/src/tournaments/staff-invites';
import { FREE_FAILURES } from '../../hub/src/auth/sign-in-throttle';
import { linkIn, startSmtpStandin, type SmtpStandin } from '../fixtures/smtp-standin';
import { startSupabaseStandin, type SupabaseStandin } from '../fixtures/supabase-standin';
import { browserClient, CookieJar, createAccount, outcome } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { until } from '../support/until';

const PASSWORD = 'correct horse battery';

interface Envelope {
  error?: {
    json: {
      message: string;
      data: {
        code: string;
        httpStatus: number;
        reason: string | null;
        details: Record<string, unknown> | null;
      };
    };
  };
  result?: { data: { json: unknown } };
}

/** One tRPC call over plain HTTP, as a script would send it: status, Retry-After and the envelope. */
async function call(
  base: string,
  path: string,
  input: unknown,
  options: { ip?: string; cookie?: string; query?: boolean } = {},
) {
  const headers: Record<string, string> = { origin: base, 'content-type': 'application/json' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.cookie) headers.cookie = options.cookie;
  const body = JSON.stringify({ json: input });
  const response = options.query
    ? await fetch(`${base}/api/trpc/${path}?input=${encodeURIComponent(body)}`, { headers })
    : await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers, body });
  const envelope = (await response.json()) as Envelope;
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    setCookie: response.headers.getSetCookie(),
    error: envelope.error?.json ?? null,
    data: envelope.result?.data.json,
  };
}

async function expectHealthy(base: string): Promise<void> {
  const response = await fetch(`${base}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
}

/** Signs up over HTTP from `ip` and returns the session cookie. */
async function signUpOverHttp(base: string, email: string, ip: string): Promise<string> {
  const answer = await call(base, 'auth.signUp', { email, password: PASSWORD }, { ip });
  expect(answer.status).toBe(200);
  const cookie = answer.setCookie.find((line) => line.startsWith('bs-session='));
  return cookie!.split(';')[0]!;
}

const randomKey = () => cdkeyFromBytes(randomBytes(CDKEY_RANDOM_BYTES));
const signIn = (hub: TestHub, email: string, password: string, ip: string) =>
  call(hub.url, 'auth.signIn', { email, password }, { ip });

describe('password guessing slows the attacker, not the owner', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({
      env: {
        TRUST_PROXY: 'true',
        SIGN_IN_ADDRESS_FAILURES_PER_HOUR: '10',
        SIGN_IN_ACCOUNT_FAILURES_PER_DAY: '10',
      },
    });
  });
  afterAll(() => hub?.close());

  it(`ten wrong passwords from one address: ${FREE_FAILURES} tries, then 1 s, 2 s … with Retry-After; the owner elsewhere signs in at once`, async () => {
    const owner = await createAccount(hub, 'guessed');
    const attacker = '10.66.0.1';
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await signIn(hub, owner.email, `wrong guess ${i}`, attacker));
    for (const failed of answers.slice(0, FREE_FAILURES))
      expect(failed).toMatchObject({
        status: 401,
        error: { message: '邮箱或密码错误', data: { code: 'UNAUTHORIZED', reason: 'sign-in-failed' } },
      });
    // The next guess waits a second, whether or not the guesser does: a refusal repeated before
    // the wait is over comes from the door, held back, so the five take a few seconds and at
    // most two of them reach a password check.
    expect(answers[FREE_FAILURES]).toMatchObject({
      status: 429,
      retryAfter: '1',
      error: { message: '这个邮箱在你的网络上登录失败次数过多，请1秒后再试' },
    });
    const slowed = answers.slice(FREE_FAILURES).filter((answer) => answer.status === 429);
    for (const answer of slowed) {
      expect(answer).toMatchObject({
        retryAfter: expect.stringMatching(/^\d+$/),
        error: {
          data: { code: 'TOO_MANY_REQUESTS', reason: 'sign-in-slowed', details: { limit: 'account' } },
        },
      });
      expect(answer.error?.message).toMatch(/^这个邮箱在你的网络上登录失败次数过多，请\d+秒后再试$/);
    }
    const checked = answers.slice(FREE_FAILURES).filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(2);
    expect(slowed.length + checked).toBe(10 - FREE_FAILURES);
    // The owner, on their own network, is not slowed at all.
    expect(await signIn(hub, owner.email, PASSWORD, '10.66.0.2')).toMatchObject({
      status: 200,
      data: { id: owner.id },
    });

    // Once the wait is over the attacker may try again, and then waits twice as long as before.
    const next = await until(
      () => signIn(hub, owner.email, 'wrong guess 10', attacker),
      (answer) => answer.status !== 429,
      20_000,
      200,
    );
    expect(next).toMatchObject({ status: 401, error: { data: { reason: 'sign-in-failed' } } });
    const wait = 2 ** (checked + 1);
    expect(await signIn(hub, owner.email, 'wrong guess 11', attacker)).toMatchObject({
      status: 429,
      retryAfter: String(wait),
      error: { message: `这个邮箱在你的网络上登录失败次数过多，请${wait}秒后再试` },
    });
    await expectHealthy(hub.url);
  });

  it('holds the refusals of a guesser that never waits: four in flight for three seconds get a few answers, and a neighbour signs in', async () => {
    const owner = await createAccount(hub, 'flooded');
    const neighbour = await createAccount(hub, 'neighbour');
    const attacker = '10.66.0.9';
    for (let i = 0; i < FREE_FAILURES; i++) await signIn(hub, owner.email, `wrong ${i}`, attacker);
    const endsAt = Date.now() + 3_000;
    const answers: Awaited<ReturnType<typeof signIn>>[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = 0; Date.now() < endsAt; n++)
          answers.push(await signIn(hub, owner.email, `flood ${n}`, attacker));
      }),
    );
    // Before the door each refusal went the whole way at once: about 550 a second, 84 % of a core.
    expect(answers.length).toBeLessThan(40);
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(2);
    for (const answer of answers.filter((answer) => answer.status !== 401))
      expect(answer).toMatchObject({
        status: 429,
        retryAfter: expect.stringMatching(/^\d+$/),
        error: { data: { reason: 'sign-in-slowed' } },
      });
    // Someone else behind the same address signs in to their own account, not held at all.
    expect(await signIn(hub, neighbour.email, PASSWORD, attacker)).toMatchObject({
      status: 200,
      data: { id: neighbour.id },
    });
    await expectHealthy(hub.url);
  });

  it('many addresses guessing one account: past the ceiling only addresses it signed in from get in', async () => {
    const owner = await createAccount(hub, 'botnet');
    expect(await signIn(hub, owner.email, PASSWORD, '10.70.0.1')).toMatchObject({ status: 200 });
    const bots = Array.from({ length: 10 }, (_, i) => `10.71.0.${i + 1}`);
    for (const bot of bots)
      expect(await signIn(hub, owner.email, 'botnet guess', bot)).toMatchObject({ status: 401 });
    const refused = await signIn(hub, owner.email, PASSWORD, '10.71.0.99');
    expect(refused).toMatchObject({
      status: 429,
      error: {
        data: { code: 'TOO_MANY_REQUESTS', reason: 'sign-in-account-limited', details: { limit: 'account' } },
      },
    });
    expect(refused.error?.message).toMatch(
      /^这个账号近期在多个网络上登录失败次数过多，为保护账号，暂时只能从你登录过的网络登录；也可以\d+小时后再试$/,
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(3600);
    // The owner's own network still works.
    expect(await signIn(hub, owner.email, PASSWORD, '10.70.0.1')).toMatchObject({
      status: 200,
      data: { id: owner.id },
    });
    await expectHealthy(hub.url);
  });

  it('one address trying many accounts is stopped per address, and says so', async () => {
    const sprayer = '10.72.0.1';
    for (let i = 0; i < 10; i++)
      expect(await signIn(hub, `spray-${i}@bianshi.test`, 'Spring2026!', sprayer)).toMatchObject({
        status: 401,
      });
    const refused = await signIn(hub, 'spray-10@bianshi.test', 'Spring2026!', sprayer);
    expect(refused).toMatchObject({
      status: 429,
      error: { data: { reason: 'sign-in-address-limited', details: { limit: 'address' } } },
    });
    expect(refused.error?.message).toMatch(/^你的网络地址登录失败次数过多，请(\d+分钟|1小时)后再试$/);
    const other = await createAccount(hub, 'neighbour');
    expect(await signIn(hub, other.email, PASSWORD, '10.72.0.2')).toMatchObject({ status: 200 });
    await expectHealthy(hub.url);
  });

  it('refuses the most common passwords and blank ones at sign-up, naming the field', async () => {
    const { client } = browserClient(hub);
    for (const [password, reason, message] of [
      ['12345678', 'password-common', '这个密码太常见，很容易被猜到，请换一个'],
      ['password', 'password-common', '这个密码太常见，很容易被猜到，请换一个'],
      ['PassWord', 'password-common', '这个密码太常见，很容易被猜到，请换一个'],
      ['iloveyou', 'password-common', '这个密码太常见，很容易被猜到，请换一个'],
      ['        ', 'password-blank', '密码不能全是空格'],
      ['\t\t\t\t    ', 'password-blank', '密码不能全是空格'],
    ] as const) {
      const refused = await outcome(
        client.auth.signUp.mutate({
          email: `weak-${reason}-${password.length}-${Math.random()}@bianshi.test`,
          password,
        }),
      );
      expect(refused, password).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason, message });
    }
    expect(
      await outcome(
        client.auth.signUp.mutate({ email: 'strong@bianshi.test', password: '晨雾里的辩题卡片' }),
      ),
    ).toMatchObject({ ok: true });
    await expectHealthy(hub.url);
  });
});

describe('ADMIN_EMAILS without mail', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ env: { ADMIN_EMAILS: 'boss@bianshi.test' } });
  });
  afterAll(() => hub?.close());

  it('grants nothing to whoever signs up first with the address; `npm run admin -- grant` does', async () => {
    const { client } = browserClient(hub);
    expect(await client.auth.signUp.mutate({ email: 'Boss@Bianshi.test', password: PASSWORD })).toMatchObject(
      { email: 'boss@bianshi.test', isAdmin: false, emailVerified: false },
    );
    expect(await outcome(client.auth.users.query())).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'admin-required',
      message: '需要管理员权限',
    });
    expect(await outcome(client.auth.requestSignInLink.mutate({ email: 'boss@bianshi.test' }))).toMatchObject(
      { ok: false, code: 'BAD_REQUEST', reason: 'mail-disabled' },
    );
    await hub.services.auth.setAdmin('boss@bianshi.test', true);
    expect(await client.auth.me.query()).toMatchObject({ isAdmin: true });
    await expectHealthy(hub.url);
  });
});

describe('ADMIN_EMAILS with Supabase Auth', () => {
  const started: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const each of started.reverse()) await each.close();
  });
  async function supabaseHub(autoConfirm: boolean) {
    const standin = await startSupabaseStandin({ signingAlgorithm: 'HS256', autoConfirm });
    started.push(standin);
    const hub = await startHub({
      env: {
        SUPABASE_URL: standin.url,
        SUPABASE_ANON_KEY: standin.anonKey,
        SUPABASE_JWT_SECRET: standin.jwtSecret,
        ADMIN_EMAILS: 'root@bianshi.test,deputy@bianshi.test',
      },
    });
    started.push(hub);
    return { standin, hub };
  }
  /** An access token the way supabase-js gets one: Supabase Auth's password grant (a real session). */
  async function passwordToken(standin: SupabaseStandin, email: string, password: string): Promise<string> {
    const response = await fetch(`${standin.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: standin.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }
  /** `auth.me` for a Supabase access token, as an API client sends it. */
  async function me(hub: TestHub, token: string) {
    const response = await fetch(`${hub.url}/api/trpc/auth.me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as Envelope).result?.data.json as {
      isAdmin: boolean;
      emailVerified: boolean;
    } | null;
  }

  it('asks Supabase whether the address is confirmed: a token whose user metadata says so is not enough', async () => {
    const { standin, hub } = await supabaseHub(false);
    const pending = standin.auth.createUser({
      email: 'root@bianshi.test',
      password: 'supabase-pass-9',
      emailConfirmed: false,
    });
    // The user edited their own metadata (supabase.auth.updateUser({ data })): the token claims a verified address.
    const claimed = await standin.auth.signAccessToken(pending.id, {
      user_metadata: { email_verified: true },
    });
    expect(await me(hub, claimed)).toMatchObject({ isAdmin: false, emailVerified: false });
    standin.auth.createUser({ email: 'deputy@bianshi.test', password: 'supabase-pass-10' });
    expect(
      await me(hub, await passwordToken(standin, 'deputy@bianshi.test', 'supabase-pass-10')),
    ).toMatchObject({ isAdmin: true, emailVerified: true });
    await expectHealthy(hub.url);
  });

  it('grants nothing when the project confirms sign-ups without mail ("Confirm email" off)', async () => {
    const { standin, hub } = await supabaseHub(true);
    standin.auth.createUser({ email: 'root@bianshi.test', password: 'supabase-pass-11' });
    expect(
      await me(hub, await passwordToken(standin, 'root@bianshi.test', 'supabase-pass-11')),
    ).toMatchObject({ isAdmin: false, emailVerified: false });
    await expectHealthy(hub.url);
  });
});

describe('with mail (a real SMTP peer)', () => {
  let smtp: SmtpStandin;
  let hub: TestHub;
  beforeAll(async () => {
    smtp = await startSmtpStandin();
    hub = await startHub({
      env: {
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: '辩时 <no-reply@bianshi.test>',
        ADMIN_EMAILS: 'chief@bianshi.test',
      },
    });
  });
  afterAll(async () => {
    await hub?.close();
    await smtp?.close();
  });

  it('makes an ADMIN_EMAILS address admin only once its owner opens the verification link', async () => {
    const { client } = browserClient(hub, new CookieJar(), { headers: { 'x-forwarded-for': '10.90.0.1' } });
    expect(await client.auth.config.query()).toMatchObject({ mode: 'local', mailLinks: true });
    expect(
      await client.auth.signUp.mutate({ email: 'chief@bianshi.test', password: PASSWORD }),
    ).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(await outcome(client.auth.users.query())).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const mail = await smtp.mailTo('chief@bianshi.test', (each) => each.subject === '【辩时】请验证你的邮箱');
    expect(mail.from).toBe('"辩时" <no-reply@bianshi.test>');
    expect(mail.text).toContain('24 小时内有效');
    const token = new URL(linkIn(mail, hub.url)).hash.replace('#token=', '');
    const { client: mailbox } = browserClient(hub);
    expect(await mailbox.auth.openEmailLink.mutate({ token })).toMatchObject({
      purpose: 'verify',
      user: { email: 'chief@bianshi.test', emailVerified: true, isAdmin: true },
    });
    expect(await client.auth.me.query()).toMatchObject({ isAdmin: true, emailVerified: true });
    expect(await outcome(browserClient(hub).client.auth.openEmailLink.mutate({ token }))).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      reason: 'link-invalid',
      message: '链接无效、已使用或已过期，请重新获取',
    });
    await expectHealthy(hub.url);
  });

  it('lets the owner in by a mailed sign-in link while guesses from their own network are slowed', async () => {
    const owner = await createAccount(hub, 'nat-owner');
    const shared = '10.91.0.1';
    for (let i = 0; i < FREE_FAILURES; i++)
      expect(await signIn(hub, owner.email, `guess ${i}`, shared)).toMatchObject({ status: 401 });
    // The owner behind the same address is slowed too, and told the way around it.
    const slowed = await signIn(hub, owner.email, PASSWORD, shared);
    expect(slowed).toMatchObject({
      status: 429,
      error: { message: '这个邮箱在你的网络上登录失败次数过多，请1秒后再试，或通过邮件登录' },
    });

    const same = {
      message: '如果这个邮箱已经注册，登录链接已发送，请查收邮件（也请查看垃圾邮件）',
      sent: true,
    };
    expect(
      await call(hub.url, 'auth.requestSignInLink', { email: 'nobody-here@bianshi.test' }, { ip: shared }),
    ).toMatchObject({ status: 200, data: same });
    expect(
      await call(hub.url, 'auth.requestSignInLink', { email: owner.email }, { ip: shared }),
    ).toMatchObject({ status: 200, data: same });
    const mail = await smtp.mailTo(owner.email, (each) => each.subject === '【辩时】你的登录链接');
    expect(smtp.messages.some((each) => each.envelopeTo.includes('nobody-here@bianshi.test'))).toBe(false);
    const token = new URL(linkIn(mail, hub.url)).hash.replace('#token=', '');
    const opened = await call(hub.url, 'auth.openEmailLink', { token }, { ip: shared });
    expect(opened).toMatchObject({
      status: 200,
      data: { purpose: 'sign-in', user: { id: owner.id, emailVerified: true } },
    });
    const session = opened.setCookie.find((line) => line.startsWith('bs-session='))!.split(';')[0]!;
    expect(await call(hub.url, 'auth.me', undefined, { cookie: session, query: true })).toMatchObject({
      data: { id: owner.id },
    });

    // Nobody can fill an inbox: five links an hour per address.
    const asked = [];
    for (let i = 0; i < 5; i++)
      asked.push(
        await call(
          hub.url,
          'auth.requestSignInLink',
          { email: 'inbox@bianshi.test' },
          { ip: `10.92.0.${i}` },
        ),
      );
    expect(asked.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
    const flooded = await call(
      hub.url,
      'auth.requestSignInLink',
      { email: 'inbox@bianshi.test' },
      { ip: '10.92.0.9' },
    );
    expect(flooded).toMatchObject({ status: 429, error: { data: { reason: 'rate-limited' } } });
    expect(flooded.error?.message).toMatch(/^发送邮件过于频繁，请(\d+分钟|1小时)后再试$/);
    await expectHealthy(hub.url);
  });
});

describe('cdkeys on one NAT address', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({
      env: { TRUST_PROXY: 'true', CDKEY_SECRET: 'a-test-cdkey-secret-of-at-least-32-characters' },
    });
  });
  afterAll(() => hub?.close());

  it("one student's wrong keys lock their account, not the school: a classmate on the same address redeems", async () => {
    const school = '10.80.0.1';
    const student = await createAccount(hub, 'student');
    const classmate = await createAccount(hub, 'classmate');
    const admin = await createAccount(hub, 'cd-admin');
    await hub.services.auth.setAdmin(admin.email, true);
    const { keys } = await admin.client.commerce.admin.generate.mutate({
      plan: 'education',
      quantity: 1,
      months: 12,
      seats: 1,
      expiresInDays: 30,
      note: '校园',
    });

    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++)
      expect(
        await call(hub.url, 'commerce.redeem', { key: randomKey() }, { ip: school, cookie: student.cookie }),
      ).toMatchObject({ status: 404, error: { data: { reason: 'cdkey-not-found' } } });
    const locked = await call(
      hub.url,
      'commerce.redeem',
      { key: keys[0]! },
      { ip: school, cookie: student.cookie },
    );
    expect(locked).toMatchObject({
      status: 429,
      retryAfter: '900',
      error: {
        message: '这个账号兑换码输错次数过多，已暂时锁定，请15分钟后再试',
        data: { reason: 'cdkey-locked', details: { limit: 'account' } },
      },
    });
    // keyStatus is a look-up too: locked as well.
    expect(
      await call(
        hub.url,
        'commerce.keyStatus',
        { key: keys[0]! },
        { ip: school, cookie: student.cookie, query: true },
      ),
    ).toMatchObject({ status: 429, error: { data: { reason: 'cdkey-locked' } } });

    expect(
      await call(hub.url, 'commerce.redeem', { key: keys[0]! }, { ip: school, cookie: classmate.cookie }),
    ).toMatchObject({ status: 200, data: { plan: { level: 'education' } } });
    await expectHealthy(hub.url);
  });

  it('holds the refusals of a locked account that keeps guessing; a classmate on the same address is not held', async () => {
    const guesser = await createAccount(hub, 'guesser');
    const classmate = await createAccount(hub, 'classmate-2');
    const school = '10.82.0.1';
    for (let i = 0; i <= LOCKOUT_AFTER_FAILURES; i++)
      await call(
        hub.url,
        'commerce.keyStatus',
        { key: randomKey() },
        { ip: school, cookie: guesser.cookie, query: true },
      );
    const endsAt = Date.now() + 3_000;
    const answers: Awaited<ReturnType<typeof call>>[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < endsAt)
          answers.push(
            await call(
              hub.url,
              'commerce.keyStatus',
              { key: randomKey() },
              { ip: school, cookie: guesser.cookie, query: true },
            ),
          );
      }),
    );
    // Each refusal held back a second at the door, not answered through the session look-up and the lockout row.
    expect(answers.length).toBeLessThanOrEqual(4 * 4);
    for (const answer of answers)
      expect(answer).toMatchObject({
        status: 429,
        retryAfter: expect.stringMatching(/^\d+$/),
        error: { data: { reason: 'cdkey-locked', details: { limit: 'account' } } },
      });
    expect(
      await call(
        hub.url,
        'commerce.keyStatus',
        { key: randomKey() },
        { ip: school, cookie: classmate.cookie, query: true },
      ),
    ).toMatchObject({ status: 404, error: { data: { reason: 'cdkey-not-found' } } });
    await expectHealthy(hub.url);
  });

  it('limits keyStatus: failed look-ups count and lock out like redemptions', async () => {
    const prober = await createAccount(hub, 'prober');
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(
        await call(
          hub.url,
          'commerce.keyStatus',
          { key: randomKey() },
          { ip: '10.81.0.1', cookie: prober.cookie, query: true },
        ),
      );
    expect(answers.slice(0, LOCKOUT_AFTER_FAILURES).map((answer) => answer.error?.data.reason)).toEqual(
      Array(LOCKOUT_AFTER_FAILURES).fill('cdkey-not-found'),
    );
    expect(answers.slice(LOCKOUT_AFTER_FAILURES).map((answer) => answer.error?.data.reason)).toEqual(
      Array(8 - LOCKOUT_AFTER_FAILURES).fill('cdkey-locked'),
    );
    await expectHealthy(hub.url);
  });
});

describe('two hubs on Postgres + Redis', () => {
  let two: TwoHubs;
  let a: string;
  let b: string;
  beforeAll(async () => {
    two = await startTwoHubs({ TRUST_PROXY: 'true', ADMIN_EMAILS: 'owner@bianshi.test', LOG_LEVEL: 'warn' });
    [a, b] = two.hubs.map((hub) => hub.url) as [string, string];
  }, 180_000);
  afterAll(() => two?.close());

  it('says at start that ADMIN_EMAILS grants nothing without mail', () => {
    for (const hub of two.hubs) expect(hub.output()).toContain('ADMIN_EMAILS grants nothing on this hub');
  });

  it('ten simultaneous redemption guesses over both hubs: five reach the look-up, five are locked out', async () => {
    const cookie = await signUpOverHttp(a, `guesser-${Date.now()}@bianshi.test`, '10.60.0.1');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? b : a, 'commerce.redeem', { key: randomKey() }, { ip: `10.60.1.${i}`, cookie }),
      ),
    );
    const reasons = answers.map((answer) => answer.error?.data.reason).sort();
    expect(reasons).toEqual([...Array(5).fill('cdkey-locked'), ...Array(5).fill('cdkey-not-found')]);
    for (const url of [a, b]) await expectHealthy(url);
  });

  it('invites staff by email without saying whether an account exists, limited per inviter on every hub', async () => {
    const owner = await signUpOverHttp(a, 'owner@bianshi.test', '10.61.0.1');
    const invitee = `invitee-${Date.now()}@bianshi.test`;
    const inviteeCookie = await signUpOverHttp(b, invitee, '10.61.0.2');
    const created = await call(
      a,
      'tournament.create',
      { tournament: { name: '邀请测试杯', slug: `invite-${Date.now()}` } },
      { cookie: owner, ip: '10.61.0.1' },
    );
    expect(created.status).toBe(200);
    const { id: tournamentId, slug } = created.data as { id: string; slug: string };

    const existing = await call(
      a,
      'tournament.addOrganizer',
      { tournamentId, email: invitee, role: 'organizer' },
      { cookie: owner, ip: '10.61.0.1' },
    );
    const missing = await call(
      b,
      'tournament.addOrganizer',
      { tournamentId, email: 'no-account@bianshi.test', role: 'organizer' },
      { cookie: owner, ip: '10.61.0.1' },
    );
    expect(existing).toMatchObject({
      status: 200,
      data: { status: 'invited', role: 'organizer', mailed: false },
    });
    expect(missing).toMatchObject({
      status: 200,
      data: { status: 'invited', role: 'organizer', mailed: false },
    });
    expect(Object.keys(existing.data as object).sort()).toEqual(Object.keys(missing.data as object).sort());
    // Judges too: the address is stored, never looked up.
    const judgeA = await call(
      a,
      'tournament.addJudge',
      { tournamentId, judge: { name: '甲评委', email: invitee } },
      { cookie: owner, ip: '10.61.0.1' },
    );
    const judgeB = await call(
      b,
      'tournament.addJudge',
      { tournamentId, judge: { name: '乙评委', email: 'no-account@bianshi.test' } },
      { cookie: owner, ip: '10.61.0.1' },
    );
    expect(judgeA).toMatchObject({ status: 200, data: { userId: null, email: invitee, mailed: false } });
    expect(judgeB).toMatchObject({
      status: 200,
      data: { userId: null, email: 'no-account@bianshi.test', mailed: false },
    });

    // The invitation becomes a role when its owner opens the tournament, on any hub.
    expect(await call(b, 'tournament.get', { slug }, { cookie: inviteeCookie, query: true })).toMatchObject({
      status: 200,
      data: { myRole: 'organizer' },
    });
    expect(
      await call(a, 'tournament.staffInvites', { tournamentId }, { cookie: owner, query: true }),
    ).toMatchObject({ data: [{ email: 'no-account@bianshi.test', role: 'organizer' }] });

    // Spent: 4 above; the rest of the hour's budget, alternating hubs, then a refusal on both.
    const used = 4;
    for (let i = used; i < INVITES_PER_HOUR; i++) {
      const answer = await call(
        i % 2 ? b : a,
        'tournament.revokeStaffInvite',
        { tournamentId, email: 'no-account@bianshi.test' },
        { cookie: owner, ip: '10.61.0.1' },
      ).then(() =>
        call(
          i % 2 ? a : b,
          'tournament.addOrganizer',
          { tournamentId, email: 'no-account@bianshi.test', role: 'judgeCoordinator' },
          { cookie: owner, ip: '10.61.0.1' },
        ),
      );
      expect(answer.status, `invite ${i + 1}`).toBe(200);
    }
    for (const url of [a, b]) {
      const refused = await call(
        url,
        'tournament.addOrganizer',
        { tournamentId, email: `probe-${url.length}@bianshi.test`, role: 'organizer' },
        { cookie: owner, ip: '10.61.0.1' },
      );
      expect(refused).toMatchObject({
        status: 429,
        error: { data: { code: 'TOO_MANY_REQUESTS', reason: 'rate-limited' } },
      });
      expect(refused.error?.message).toMatch(/^发送邀请过于频繁，请(\d+分钟|1小时)后再试$/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    }
    for (const url of [a, b]) await expectHealthy(url);
  });
});
