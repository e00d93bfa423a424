/**
 * Supabase Auth mode against the stand-in in tests/fixtures: real supabase-js sign-in, real
 * signed JWTs (HS256 with the project secret, ES256/RS256 through the JWKS), verified by the hub
 * with jose and mapped to its own accounts.
 */
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NODE_REALTIME_TRANSPORT,
  startSupabaseStandin,
  type StandinSigningAlgorithm,
  type SupabaseStandin,
} from '../fixtures/supabase-standin';
import { startHub, type TestHub } from '../support/hub';
import { browserClient, outcome, socketClient } from '../support/accounts';
import { httpClient } from '../support/trpc';

/** Node 20 has no global WebSocket; realtime-js needs `ws` as its transport even when unused. */
const supabaseOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NODE_REALTIME_TRANSPORT },
};

async function signInWithSupabase(
  standin: SupabaseStandin,
  email: string,
  password: string,
): Promise<string> {
  const supabase = createClient(standin.url, standin.anonKey, supabaseOptions);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`supabase sign-in failed: ${error?.message}`);
  return data.session.access_token;
}

describe.each(['HS256', 'ES256', 'RS256'] as const satisfies readonly StandinSigningAlgorithm[])(
  'Supabase Auth (%s)',
  (algorithm) => {
    let standin: SupabaseStandin;
    let hub: TestHub;
    beforeAll(async () => {
      // "Confirm email" on (Supabase's default): only then does a confirmed address prove anything.
      standin = await startSupabaseStandin({ signingAlgorithm: algorithm, autoConfirm: false });
      hub = await startHub({
        env: {
          SUPABASE_URL: standin.url,
          SUPABASE_ANON_KEY: standin.anonKey,
          ...(algorithm === 'HS256' ? { SUPABASE_JWT_SECRET: standin.jwtSecret } : {}),
          ADMIN_EMAILS: 'admin@bianshi.test',
        },
      });
    });
    afterAll(async () => {
      await hub?.close();
      await standin?.close();
    });

    it('tells the browser to use Supabase, with the public anon key only', async () => {
      const config = await httpClient(hub.url).auth.config.query();
      expect(config).toMatchObject({
        mode: 'supabase',
        supabaseUrl: standin.url,
        supabaseAnonKey: standin.anonKey,
      });
      expect(JSON.stringify(config)).not.toContain(standin.jwtSecret);
      expect(JSON.stringify(config)).not.toContain(standin.serviceRoleKey);
    });

    it('accepts a supabase-js access token as a bearer and maps it to one local account', async () => {
      standin.auth.createUser({
        email: `judge-${algorithm.toLowerCase()}@bianshi.test`,
        password: 'supabase-pass-1',
      });
      const token = await signInWithSupabase(
        standin,
        `judge-${algorithm.toLowerCase()}@bianshi.test`,
        'supabase-pass-1',
      );
      const bearer = httpClient(hub.url, { authorization: `Bearer ${token}` });
      const me = await bearer.auth.me.query();
      expect(me).toMatchObject({ email: `judge-${algorithm.toLowerCase()}@bianshi.test`, isAdmin: false });
      expect((await bearer.auth.me.query())?.id).toBe(me?.id);
      // Timers created with the token belong to the account.
      const created = await bearer.timer.create.mutate({});
      expect(await bearer.timer.get.query({ id: created.id })).toMatchObject({ role: 'owner', owned: true });
      // Over the socket, the token travels in the connection params.
      const socket = socketClient(hub, { accessToken: token });
      try {
        expect(await socket.client.auth.me.query()).toMatchObject({ id: me?.id });
      } finally {
        socket.close();
      }
    });

    it('trades the token for a hub session cookie (what the browser does after signing in)', async () => {
      standin.auth.createUser({ email: `admin@bianshi.test`, password: 'supabase-pass-2' });
      const token = await signInWithSupabase(standin, 'admin@bianshi.test', 'supabase-pass-2');
      const { client, jar } = browserClient(hub);
      expect(await client.auth.exchangeSupabase.mutate({ accessToken: token })).toMatchObject({
        email: 'admin@bianshi.test',
        isAdmin: true,
      });
      expect(jar.cookies.has('bs-session')).toBe(true);
      expect(await client.auth.me.query()).toMatchObject({ email: 'admin@bianshi.test' });
      await client.auth.signOut.mutate();
      expect(await client.auth.me.query()).toBeNull();
      // Local sign-up is off in Supabase mode.
      expect(
        await outcome(client.auth.signUp.mutate({ email: 'local@bianshi.test', password: 'local-password' })),
      ).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    });

    it('rejects expired, foreign-audience, foreign-issuer and forged tokens', async () => {
      const user = standin.auth.createUser({
        email: `forged-${algorithm.toLowerCase()}@bianshi.test`,
        password: 'supabase-pass-3',
      });
      const now = Math.floor(Date.now() / 1000);
      const bad = [
        await standin.auth.signAccessToken(user.id, { exp: now - 60, iat: now - 3_660 }),
        await standin.auth.signAccessToken(user.id, { aud: 'anon' }),
        await standin.auth.signAccessToken(user.id, { iss: 'https://evil.example/auth/v1' }),
        await standin.auth.signAccessToken(user.id, { role: 'anon' }),
        await new SignJWT({
          email: user.email,
          role: 'authenticated',
          user_metadata: { email_verified: true },
        })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setIssuer(standin.issuer)
          .setAudience('authenticated')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret')),
      ];
      for (const token of bad) {
        expect(await httpClient(hub.url, { authorization: `Bearer ${token}` }).auth.me.query()).toBeNull();
        expect(
          await outcome(browserClient(hub).client.auth.exchangeSupabase.mutate({ accessToken: token })),
        ).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      }
      const good = await standin.auth.signAccessToken(user.id);
      expect(await httpClient(hub.url, { authorization: `Bearer ${good}` }).auth.me.query()).toMatchObject({
        email: user.email,
      });
    });

    it('links a Supabase user to an existing account by verified email only', async () => {
      const insert = async (email: string) => {
        await hub.services.database.db.execute(
          sql`insert into users (id, email, password_hash) values (${`pre-${email}`}, ${email}, null)`,
        );
        return `pre-${email}`;
      };
      const verifiedEmail = `linked-${algorithm.toLowerCase()}@bianshi.test`;
      const existingId = await insert(verifiedEmail);
      standin.auth.createUser({ email: verifiedEmail, password: 'supabase-pass-4' });
      // Linking asks Supabase Auth whether the address is confirmed, so the token needs a real session.
      const token = await signInWithSupabase(standin, verifiedEmail, 'supabase-pass-4');
      expect((await httpClient(hub.url, { authorization: `Bearer ${token}` }).auth.me.query())?.id).toBe(
        existingId,
      );

      const unverifiedEmail = `unverified-${algorithm.toLowerCase()}@bianshi.test`;
      await insert(unverifiedEmail);
      const unverified = standin.auth.createUser({
        email: unverifiedEmail,
        password: 'supabase-pass-5',
        emailConfirmed: false,
      });
      const unverifiedToken = await standin.auth.signAccessToken(unverified.id);
      expect(
        await httpClient(hub.url, { authorization: `Bearer ${unverifiedToken}` }).auth.me.query(),
      ).toBeNull();
    });
  },
);

describe('Supabase Auth without the project secret', () => {
  it('refuses HS256 tokens when SUPABASE_JWT_SECRET is not configured', async () => {
    const standin = await startSupabaseStandin({ signingAlgorithm: 'HS256' });
    const hub = await startHub({ env: { SUPABASE_URL: standin.url, SUPABASE_ANON_KEY: standin.anonKey } });
    try {
      const user = standin.auth.createUser({ email: 'nosecret@bianshi.test', password: 'supabase-pass-6' });
      const token = await standin.auth.signAccessToken(user.id);
      expect(await httpClient(hub.url, { authorization: `Bearer ${token}` }).auth.me.query()).toBeNull();
    } finally {
      await hub.close();
      await standin.close();
    }
  });
});
