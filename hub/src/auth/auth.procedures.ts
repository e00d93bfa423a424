import { z } from 'zod';
import { AUTH_MESSAGES as M } from './messages';
import { HubError } from '../lib/errors';
import { hashKey } from '../lib/ids';
import { clearCookie, controlCookieTimerId } from '../lib/cookies';
import { secureCookies, siteBase } from '../lib/site';
import { withRetryAfter } from '../lib/wait';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy';
import { parseCookies } from '../lib/request';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimit, router } from '../trpc/init';
import { adminProcedure, authedProcedure, sameSiteProcedure } from './auth-access';

/** Email as accounts accept it (stored lower-cased). */
const emailSchema = z.email({ error: '请输入有效的邮箱地址' }).max(254, { error: '邮箱地址过长' });
/** New passwords: at least 8 characters (blank and common ones are refused by the service). */
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: M.passwordTooLong });
/** A mailed link's token. */
const linkTokenSchema = z.string().min(20).max(100);

/** The address mailed links start with: SITE_URL, or the address this request came to. */
function linkBase(ctx: Context): string {
  return siteBase(ctx.services.config, ctx.req);
}

function userAgent(ctx: Context): string {
  return String(ctx.req.headers['user-agent'] ?? '');
}

/** Sets the session cookie, which needs an HTTP response (cookies cannot be set over a socket). */
function setSessionCookie(ctx: Context, value: string): void {
  if (!ctx.setHeader) throw new HubError('BAD_REQUEST', '请通过 HTTP 请求登录', 'http-required');
  ctx.setHeader('set-cookie', value);
}

/** Set-Cookie values clearing this browser's control cookies of timers the signed-in account owns. */
async function ownControlCookies(ctx: Context): Promise<string[]> {
  if (!ctx.user) return [];
  const secure = secureCookies(ctx.services.config);
  const cleared: string[] = [];
  for (const name of parseCookies(ctx.req.headers.cookie).keys()) {
    const timerId = controlCookieTimerId(name);
    if (!timerId) continue;
    const timer = await ctx.services.timers.get(timerId).catch(() => null);
    if (timer?.ownerId === ctx.user.id) cleared.push(clearCookie(name, secure));
  }
  return cleared;
}

/**
 * Accounts and sessions. Local email + password by default; with Supabase Auth configured the
 * browser signs in with supabase-js and trades the access token for a hub session here.
 */
export const authRouter = router({
  /** How sign-in works here and which client paths need an account (public by design). */
  config: publicProcedure.query(({ ctx }) => ctx.services.auth.publicConfig()),

  /** The signed-in account, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Creates a local account and signs it in (session cookie). */
  signUp: sameSiteProcedure
    .use(rateLimit((ctx) => ctx.services.auth.limits.signUp, M.rateLimitedSignUp))
    .input(
      z.strictObject({
        email: emailSchema,
        password: passwordSchema,
        displayName: z.string().trim().max(40).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!ctx.setHeader) throw new HubError('BAD_REQUEST', '请通过 HTTP 请求注册', 'http-required');
      const { user, token } = await ctx.services.auth.signUp(input, userAgent(ctx), linkBase(ctx));
      setSessionCookie(ctx, ctx.services.auth.sessionCookie(token));
      return user;
    }),

  /**
   * Signs in with email and password; every failure is the same 邮箱或密码错误. Repeated failures
   * from one address for one account wait longer each time (429 with the wait and Retry-After).
   */
  signIn: sameSiteProcedure
    .input(z.strictObject({ email: z.string().trim().max(254), password: z.string().max(200) }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.setHeader) throw new HubError('BAD_REQUEST', '请通过 HTTP 请求登录', 'http-required');
      const { user, token } = await withRetryAfter(ctx.setHeader, () =>
        ctx.services.auth.signIn(input, ctx.ip, userAgent(ctx)),
      );
      setSessionCookie(ctx, ctx.services.auth.sessionCookie(token));
      return user;
    }),

  /**
   * 通过邮件登录: mails a sign-in link if the address has an account. The answer is the same
   * whether or not it has one. Needs mail (SMTP_URL) and local accounts.
   */
  requestSignInLink: sameSiteProcedure
    .input(z.strictObject({ email: emailSchema }))
    .mutation(async ({ ctx, input }) => {
      await withRetryAfter(ctx.setHeader, () =>
        ctx.services.auth.requestSignInLink(input.email, ctx.ip, linkBase(ctx)),
      );
      return { sent: true as const, message: M.mailLinkSent };
    }),

  /** Opens a mailed link (verification or sign-in): verifies the address and signs this browser in. */
  openEmailLink: sameSiteProcedure
    .input(z.strictObject({ token: linkTokenSchema }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.setHeader) throw new HubError('BAD_REQUEST', '请通过 HTTP 请求登录', 'http-required');
      const { user, token, purpose } = await ctx.services.auth.openEmailLink(input.token, userAgent(ctx));
      setSessionCookie(ctx, ctx.services.auth.sessionCookie(token));
      return { user, purpose };
    }),

  /** Mails the signed-in account a new verification link. */
  resendVerification: authedProcedure.mutation(async ({ ctx }) => {
    await withRetryAfter(ctx.setHeader, () =>
      ctx.services.auth.resendVerification(ctx.user, ctx.ip, linkBase(ctx)),
    );
    return { sent: true as const, message: M.verificationSent };
  }),

  /** Trades a verified Supabase access token for a hub session (Supabase mode). */
  exchangeSupabase: sameSiteProcedure
    .use(rateLimit((ctx) => ctx.services.auth.limits.signIn, M.rateLimitedSignIn))
    .input(z.strictObject({ accessToken: z.string().min(20).max(8_000) }))
    .mutation(async ({ ctx, input }) => {
      if (ctx.services.auth.mode !== 'supabase')
        throw new HubError('BAD_REQUEST', M.supabaseDisabled, 'supabase-disabled');
      const user = await ctx.services.auth.userForSupabaseToken(input.accessToken);
      if (!user) throw new HubError('UNAUTHORIZED', M.supabaseTokenInvalid, 'token-invalid');
      const { token } = await ctx.services.auth.startSession(user, userAgent(ctx));
      setSessionCookie(ctx, ctx.services.auth.sessionCookie(token));
      return user;
    }),

  /**
   * Ends this browser's session and clears the cookie (whether or not there was one), together
   * with the control cookies of the account's own timers: a signed-out shared laptop keeps no
   * control over them.
   */
  signOut: sameSiteProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionToken) {
      await ctx.services.auth.signOut(ctx.sessionToken);
      // Sockets that signed in with this session, on any hub, lose it too.
      if (ctx.user)
        await ctx.services.rooms.announce({
          type: 'signout',
          userId: ctx.user.id,
          tokenHash: hashKey(ctx.sessionToken),
        });
    }
    ctx.setHeader?.('set-cookie', [
      ctx.services.auth.clearSessionCookie(),
      ...(await ownControlCookies(ctx)),
    ]);
    return { ok: true as const };
  }),

  /** Ends every session of the account, on every device. */
  signOutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    const ended = await ctx.services.auth.signOutEverywhere(ctx.user.id);
    // Sockets already open with any of them, on any hub, are closed.
    await ctx.services.rooms.announce({ type: 'signout', userId: ctx.user.id, tokenHash: null });
    ctx.setHeader?.('set-cookie', [
      ctx.services.auth.clearSessionCookie(),
      ...(await ownControlCookies(ctx)),
    ]);
    return { ended };
  }),

  /** The newest accounts (admins only). */
  users: adminProcedure
    .input(z.strictObject({ limit: z.number().int().min(1).max(500).default(100) }).optional())
    .query(({ ctx, input }) => ctx.services.auth.listUsers(input?.limit ?? 100)),
});
