import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { browserClient, CookieJar, createAccount, outcome, socketClient } from '../support/accounts';
import { httpClient } from '../support/trpc';

describe('local accounts', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ env: { ADMIN_EMAILS: 'boss@bianshi.test' } });
  });
  afterAll(() => hub?.close());

  it('signs up with an httpOnly SameSite=Lax session cookie, stores scrypt and a hashed token', async () => {
    const setCookies: string[] = [];
    const { client, jar } = browserClient(hub, new CookieJar(), { setCookieLog: setCookies });
    const user = await client.auth.signUp.mutate({
      email: 'Alice@Bianshi.test',
      password: 'correct horse battery',
    });
    expect(user).toMatchObject({ email: 'alice@bianshi.test', isAdmin: false });
    const cookie = setCookies.find((line) => line.startsWith('bs-session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // SITE_URL is http here
    expect(await client.auth.me.query()).toMatchObject({ email: 'alice@bianshi.test' });

    const token = jar.cookies.get('bs-session')!;
    expect(Buffer.from(token, 'base64url').length).toBe(32); // 256 bits
    const rows = await hub.services.database.db.execute(
      sql`select s.id_hash, u.password_hash from sessions s join users u on u.id = s.user_id where u.email = 'alice@bianshi.test'`,
    );
    const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as {
      id_hash: string;
      password_hash: string;
    };
    expect(row.id_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row.password_hash).not.toContain('correct horse');
  });

  it('marks the session cookie Secure when the site is https', async () => {
    const secure = await startHub({ env: { SITE_URL: 'https://bianshi.example', AUTH_COOKIE_PREFIX: 'tb' } });
    try {
      const setCookies: string[] = [];
      const { client } = browserClient(secure, new CookieJar(), { setCookieLog: setCookies });
      await client.auth.signUp.mutate({ email: 'secure@bianshi.test', password: 'correct horse battery' });
      expect(setCookies.find((line) => line.startsWith('tb-session='))).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers every failed sign-in with the same Chinese message', async () => {
    const account = await createAccount(hub, 'signin');
    const { client } = browserClient(hub);
    const wrongPassword = await outcome(
      client.auth.signIn.mutate({ email: account.email, password: 'not the password' }),
    );
    const unknownEmail = await outcome(
      client.auth.signIn.mutate({ email: 'nobody@bianshi.test', password: 'not the password' }),
    );
    for (const failed of [wrongPassword, unknownEmail]) {
      expect(failed).toMatchObject({ ok: false, code: 'UNAUTHORIZED', message: '邮箱或密码错误' });
    }
    const signedIn = await client.auth.signIn.mutate({
      email: account.email.toUpperCase(),
      password: 'correct horse battery',
    });
    expect(signedIn.id).toBe(account.id);
    expect(await client.auth.me.query()).toMatchObject({ id: account.id });
  });

  it('refuses a second account with the same email, in Chinese', async () => {
    const account = await createAccount(hub, 'dupe');
    const { client } = browserClient(hub);
    expect(
      await outcome(client.auth.signUp.mutate({ email: account.email, password: 'another password' })),
    ).toMatchObject({ ok: false, code: 'CONFLICT', message: '这个邮箱已经注册，请直接登录' });
    expect(
      await outcome(client.auth.signUp.mutate({ email: 'short@bianshi.test', password: 'short' })),
    ).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('rate limits failed sign-ins per address (SIGN_IN_ADDRESS_FAILURES_PER_HOUR)', async () => {
    const frozen = await startHub({
      clock: { now: () => 1_800_000_000_000 },
      env: { SIGN_IN_ADDRESS_FAILURES_PER_HOUR: '10' },
    });
    try {
      const { client } = browserClient(frozen);
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 12; i++) {
        const result = await outcome(
          client.auth.signIn.mutate({ email: `flood${i}@bianshi.test`, password: 'whatever-123' }),
        );
        codes.push(result.ok ? 'OK' : result.code);
      }
      expect(codes.slice(0, 10).every((code) => code === 'UNAUTHORIZED')).toBe(true);
      expect(codes.slice(10)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
    } finally {
      await frozen.close();
    }
  });

  it('refuses cookie-authenticated mutations that cannot prove they come from this site (CSRF)', async () => {
    const account = await createAccount(hub, 'csrf');
    const jar = new CookieJar();
    jar.store([account.cookie]);
    const noOrigin = browserClient(hub, jar, { origin: null }).client;
    const evil = browserClient(hub, jar, { origin: 'https://evil.example' }).client;
    const crossSite = browserClient(hub, jar, {
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    }).client;
    const sameOrigin = browserClient(hub, jar, {
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    }).client;

    for (const client of [noOrigin, evil, crossSite]) {
      expect(
        await outcome(
          client.timer.create
            .mutate({})
            .then((t) => hub.services.timers.get(t.id))
            .then((t) => t.ownerId),
        ),
      ).toMatchObject({ ok: true, value: null });
      expect(await outcome(client.auth.signOutEverywhere.mutate())).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        reason: 'csrf-rejected',
      });
    }
    // Reads stay fine without an Origin (GET cannot change anything); a foreign site gets nothing.
    expect(await noOrigin.auth.me.query()).toMatchObject({ id: account.id });
    expect(await crossSite.auth.me.query()).toBeNull();
    // Login CSRF: a foreign page cannot sign the browser into another account.
    expect(
      await outcome(evil.auth.signIn.mutate({ email: account.email, password: 'correct horse battery' })),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN', reason: 'cross-site' });
    // Proof by Sec-Fetch-Site or Origin works.
    const created = await sameOrigin.timer.create.mutate({});
    expect((await hub.services.timers.get(created.id)).ownerId).toBe(account.id);
    expect(await account.client.auth.me.query()).toMatchObject({ id: account.id });
  });

  it('keeps bearer control keys working without any Origin', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({});
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect(
      (await controller.timer.command.mutate({ timerId: created.id, command: { type: 'next' } })).version,
    ).toBe(1);
  });

  it('signs out one browser, or every browser', async () => {
    const account = await createAccount(hub, 'signout');
    const { client: second } = browserClient(hub);
    await second.auth.signIn.mutate({ email: account.email, password: 'correct horse battery' });
    const { client: third, jar: thirdJar } = browserClient(hub);
    await third.auth.signIn.mutate({ email: account.email, password: 'correct horse battery' });

    await third.auth.signOut.mutate();
    expect(thirdJar.cookies.has('bs-session')).toBe(false);
    expect(await third.auth.me.query()).toBeNull();
    expect(await second.auth.me.query()).toMatchObject({ id: account.id });

    expect(await second.auth.signOutEverywhere.mutate()).toEqual({ ended: 2 });
    expect(await account.client.auth.me.query()).toBeNull();
    expect(await second.auth.me.query()).toBeNull();
  });

  it('reads the session from the WebSocket upgrade, but not from a foreign origin', async () => {
    const account = await createAccount(hub, 'socket');
    const same = socketClient(hub, { cookie: account.cookie });
    const foreign = socketClient(hub, { cookie: account.cookie, origin: 'https://evil.example' });
    try {
      expect(await same.client.auth.me.query()).toMatchObject({ id: account.id });
      expect(await foreign.client.auth.me.query()).toBeNull();
    } finally {
      same.close();
      foreign.close();
    }
  });

  it('makes `npm run admin` grants admins; ADMIN_EMAILS grants nothing to a sign-up nobody could verify (no mail)', async () => {
    const { user: boss } = await hub.services.auth.signUp(
      { email: 'boss@bianshi.test', password: 'correct horse battery' },
      'vitest',
    );
    expect(boss).toMatchObject({ isAdmin: false, emailVerified: false });
    const account = await createAccount(hub, 'promoted');
    expect((await account.client.auth.me.query())?.isAdmin).toBe(false);
    expect(await outcome(account.client.auth.users.query())).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await hub.services.auth.setAdmin(account.email, true)).toBe(true);
    expect((await account.client.auth.me.query())?.isAdmin).toBe(true);
    expect((await account.client.auth.users.query()).some((user) => user.email === 'boss@bianshi.test')).toBe(
      true,
    );
  });

  it('tells the browser the sign-in mode and protected paths, and nothing secret', async () => {
    const config = await httpClient(hub.url).auth.config.query();
    expect(config).toEqual({
      mode: 'local',
      supabaseUrl: null,
      supabaseAnonKey: null,
      mailLinks: false,
      cookiePrefix: 'bs',
      redirectCookie: true,
      protectedPaths: [
        '/home',
        '/record',
        '/workbench/**',
        '/ccf/**',
        '/admin/**',
        '/buy/verify',
        '/buy/invoice',
      ],
      excludedPaths: [],
      loginPath: '/auth/login',
      callbackPath: '/auth/callback',
    });
  });
});
