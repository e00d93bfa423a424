import { secureCookies } from '../lib/site';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import { HubError } from '../lib/errors';
import { hashKey, newId, newSecretKey } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { memoryRateLimiters, type RateLimiter, type RateLimiterFactory } from '../lib/rate-limit';
import { noMailer, type Mailer } from '../mail/mailer';
import { MAIL } from '../mail/messages';
import { authCookieNames, clearCookie, serializeCookie } from '../lib/cookies';
import { EMAIL_LINK_TTL_MS, emailLinkPath, type EmailLinks } from './email-links';
import { AUTH_MESSAGES as M } from './messages';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { SignInThrottle } from './sign-in-throttle';
import { SupabaseConfirmation } from './supabase-confirmation';
import { SupabaseVerifier } from './supabase-verifier';
import type { UserRecord, UserRepository } from './user.repository';

/** A signed-in account as procedures see it. */
export type { SessionUser } from '../lib/session-user';
import type { SessionUser } from '../lib/session-user';

/** How people sign in on this hub. */
export type AuthMode = 'local' | 'supabase';

/** A fresh session: the account and the cookie token (shown to the browser only, stored hashed). */
export interface StartedSession {
  user: SessionUser;
  token: string;
}

/** What the auth service takes from the composition root. */
export interface AuthDependencies {
  users: UserRepository;
  links: EmailLinks;
  config: Config;
  clock: Clock;
  logger: Logger;
  limiters?: RateLimiterFactory;
  mailer?: Mailer;
}

type AccountFacts = Pick<UserRecord, 'id' | 'email' | 'displayName' | 'isAdmin' | 'emailVerifiedAt'>;

/**
 * Accounts and sessions: local email + password (scrypt), Supabase access tokens mapped to local
 * accounts, session tokens (256 random bits; only sha256 stored), mailed verification and sign-in
 * links, admin grants.
 */
export class AuthService {
  readonly mode: AuthMode;
  readonly cookies: ReturnType<typeof authCookieNames>;
  /** Rate limits: sign-ups per address; mailed links per address and per email. */
  readonly limits: {
    signUp: RateLimiter;
    signIn: RateLimiter;
    mailByAddress: RateLimiter;
    mailByEmail: RateLimiter;
  };
  /** Slows password guessing per (address, account) without locking the owner out. */
  readonly throttle: SignInThrottle;
  /** Whether this hub mails links (local accounts with SMTP_URL set). */
  readonly mailLinks: boolean;
  private readonly users: UserRepository;
  private readonly links: EmailLinks;
  private readonly config: Config;
  private readonly clock: Clock;
  private readonly mailer: Mailer;
  private readonly logger: Logger;
  private readonly supabase: SupabaseVerifier | null;
  private readonly confirmation: SupabaseConfirmation | null;
  private readonly secureCookies: boolean;
  private readonly sessionMs: number;

  constructor(deps: AuthDependencies) {
    const { config } = deps;
    const limiters = deps.limiters ?? memoryRateLimiters;
    this.users = deps.users;
    this.links = deps.links;
    this.config = config;
    this.clock = deps.clock;
    this.mailer = deps.mailer ?? noMailer;
    this.logger = deps.logger;
    const supabase =
      config.SUPABASE_URL && config.SUPABASE_ANON_KEY
        ? { url: config.SUPABASE_URL, anonKey: config.SUPABASE_ANON_KEY }
        : null;
    this.supabase = supabase ? new SupabaseVerifier(supabase.url, config.SUPABASE_JWT_SECRET) : null;
    this.confirmation = supabase
      ? new SupabaseConfirmation(supabase.url, supabase.anonKey, deps.logger, () => this.clock.now())
      : null;
    this.mode = supabase ? 'supabase' : 'local';
    this.mailLinks = this.mode === 'local' && this.mailer.enabled;
    this.cookies = authCookieNames(config.AUTH_COOKIE_PREFIX);
    this.secureCookies = secureCookies(config);
    this.sessionMs = config.AUTH_SESSION_DAYS * 86_400_000;
    this.throttle = new SignInThrottle(
      limiters,
      {
        addressFailuresPerHour: config.SIGN_IN_ADDRESS_FAILURES_PER_HOUR,
        accountFailuresPerDay: config.SIGN_IN_ACCOUNT_FAILURES_PER_DAY,
      },
      this.mailLinks,
    );
    this.limits = {
      signUp: limiters({ name: 'sign-up', points: 10, durationS: 600 }),
      // Supabase token exchanges per address (the password checks happen at Supabase).
      signIn: limiters({ name: 'sign-in', points: 30, durationS: 60 }),
      mailByAddress: limiters({ name: 'mail-address', points: 20, durationS: 3600 }),
      mailByEmail: limiters({ name: 'mail-email', points: 5, durationS: 3600 }),
    };
    if (this.mode === 'local' && !this.mailer.enabled && config.ADMIN_EMAILS.length > 0) {
      deps.logger.warn(
        'ADMIN_EMAILS grants nothing on this hub: without SMTP_URL nobody can verify an address, and an unverified sign-up must not become admin. Grant admins with `npm run admin -- grant <email>`, or set SMTP_URL.',
        { adminEmails: config.ADMIN_EMAILS.length },
      );
    }
  }

  /**
   * Creates a local account and signs it in. With mail, a verification link goes to the address
   * (`linkBase` is the site address links start with); ADMIN_EMAILS counts only once it is opened.
   */
  async signUp(
    input: { email: string; password: string; displayName?: string },
    userAgent: string,
    linkBase?: string,
  ): Promise<StartedSession> {
    if (this.mode !== 'local') throw new HubError('BAD_REQUEST', M.localDisabled, 'local-auth-disabled');
    checkNewPassword(input.password);
    const record: AccountFacts & { passwordHash: string; supabaseId: null } = {
      id: newId(),
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      supabaseId: null,
      displayName: input.displayName?.trim() ?? '',
      isAdmin: false,
      emailVerifiedAt: null,
    };
    if (!(await this.users.insert(record))) throw new HubError('CONFLICT', M.emailTaken, 'email-taken');
    if (this.mailLinks && linkBase) await this.mailLink(record, 'verify', linkBase);
    return this.startSession(this.toSessionUser(record), userAgent);
  }

  /**
   * Checks an email and password; one generic error for every kind of failure. Guessing is slowed
   * per (address, account) and refused with how long to wait (`details.retryAfterMs`).
   */
  async signIn(
    input: { email: string; password: string },
    ip: string,
    userAgent: string,
  ): Promise<StartedSession> {
    if (this.mode !== 'local') throw new HubError('BAD_REQUEST', M.localDisabled, 'local-auth-disabled');
    const email = input.email.trim().toLowerCase();
    const attempt = await this.throttle.admit(ip, email);
    const user = await this.users.findByEmail(email);
    // verifyPassword spends the same scrypt on a decoy when there is no such account.
    const ok = await verifyPassword(input.password, user?.passwordHash);
    if (!user || !ok) {
      await attempt.failed();
      throw new HubError('UNAUTHORIZED', M.signInFailed, 'sign-in-failed');
    }
    await attempt.succeeded();
    return this.startSession(this.toSessionUser(user), userAgent);
  }

  /**
   * Mails a sign-in link to `email` if it has an account. The answer and its timing are the same
   * either way; limited per address and per email so nobody can flood an inbox.
   */
  async requestSignInLink(email: string, ip: string, linkBase: string): Promise<void> {
    if (!this.mailLinks) throw new HubError('BAD_REQUEST', M.mailDisabled, 'mail-disabled');
    const address = email.trim().toLowerCase();
    await this.takeMailBudget(ip, address);
    // Looked up after answering: the answer's timing must not tell whether the account exists.
    setImmediate(() => {
      this.users
        .findByEmail(address)
        .then((user) => (user ? this.mailLink(user, 'sign-in', linkBase) : undefined))
        .catch((error: unknown) =>
          this.logger.warn('could not mail a sign-in link', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    });
  }

  /** Mails the signed-in account a new verification link. */
  async resendVerification(user: SessionUser, ip: string, linkBase: string): Promise<void> {
    if (!this.mailLinks) throw new HubError('BAD_REQUEST', M.mailDisabled, 'mail-disabled');
    if (user.emailVerified) throw new HubError('BAD_REQUEST', M.alreadyVerified, 'already-verified');
    await this.takeMailBudget(ip, user.email);
    await this.mailLink({ id: user.id, email: user.email }, 'verify', linkBase);
  }

  /**
   * Opens a mailed link (once): the address is verified, and the browser is signed in. A sign-in
   * link works while password guesses for the account are being slowed: it is the owner's way in.
   */
  async openEmailLink(
    token: string,
    userAgent: string,
  ): Promise<StartedSession & { purpose: 'verify' | 'sign-in' }> {
    const now = this.clock.now();
    const link = await this.links.consume(token, now);
    const user = link ? await this.users.findById(link.userId) : null;
    if (!link || !user || user.email !== link.email)
      throw new HubError('BAD_REQUEST', M.emailLinkInvalid, 'link-invalid');
    await this.users.markVerified(user.id, user.email, new Date(now));
    const verified = { ...user, emailVerifiedAt: user.emailVerifiedAt ?? new Date(now) };
    return { ...(await this.startSession(this.toSessionUser(verified), userAgent)), purpose: link.purpose };
  }

  /** Starts a session for an account (after a password, a mailed link or a verified Supabase token). */
  async startSession(
    user: Omit<SessionUser, 'emailVerified'> & { emailVerified?: boolean },
    userAgent: string,
  ): Promise<StartedSession> {
    const token = newSecretKey();
    const now = this.clock.now();
    await this.users.insertSession({
      idHash: hashKey(token),
      userId: user.id,
      expiresAt: new Date(now + this.sessionMs),
      userAgent: userAgent.slice(0, 300),
    });
    await this.users.touchSignIn(user.id, new Date(now));
    return { user: { ...user, emailVerified: user.emailVerified ?? false }, token };
  }

  /** The account behind a session cookie, or null (unknown, expired or signed out). */
  async userForSession(token: string): Promise<SessionUser | null> {
    if (token.length < 20 || token.length > 100) return null;
    const user = await this.users.findSessionUser(hashKey(token), new Date(this.clock.now()));
    return user ? this.toSessionUser(user) : null;
  }

  /** Ends one session. */
  async signOut(token: string): Promise<void> {
    await this.users.deleteSession(hashKey(token));
  }

  /** Ends every session of an account, on every device. */
  async signOutEverywhere(userId: string): Promise<number> {
    return this.users.deleteUserSessions(userId);
  }

  /**
   * The account for a Supabase access token: verified (signature, iss, aud, exp), then found by
   * Supabase id, linked by an email Supabase *confirmed*, or created. Null for an invalid token.
   * Whether Supabase confirmed the address is asked of Supabase itself, not read from the token.
   */
  async userForSupabaseToken(token: string): Promise<SessionUser | null> {
    if (!this.supabase || !this.confirmation) return null;
    const identity = await this.supabase.verify(token);
    if (!identity) return null;
    const confirmed = () => this.confirmation!.confirmed(token, identity.sub, identity.email);
    const now = new Date(this.clock.now());
    const linked = await this.users.findBySupabaseId(identity.sub);
    if (linked) {
      if (linked.emailVerifiedAt || linked.email !== identity.email || !(await confirmed()))
        return this.toSessionUser(linked);
      await this.users.markVerified(linked.id, linked.email, now);
      return this.toSessionUser({ ...linked, emailVerifiedAt: now });
    }
    const byEmail = await this.users.findByEmail(identity.email);
    if (byEmail) {
      if (byEmail.supabaseId !== null || !(await confirmed()))
        throw new HubError('CONFLICT', M.supabaseEmailConflict, 'email-conflict');
      await this.users.linkSupabase(byEmail.id, identity.sub);
      await this.users.markVerified(byEmail.id, byEmail.email, now);
      return this.toSessionUser({ ...byEmail, emailVerifiedAt: byEmail.emailVerifiedAt ?? now });
    }
    const record = {
      id: newId(),
      email: identity.email,
      passwordHash: null,
      supabaseId: identity.sub,
      displayName: '',
      isAdmin: false,
      emailVerifiedAt: (await confirmed()) ? now : null,
    };
    if (await this.users.insert(record)) return this.toSessionUser(record);
    // Lost a race with a parallel first request of the same user.
    const raced = await this.users.findBySupabaseId(identity.sub);
    return raced ? this.toSessionUser(raced) : null;
  }

  /** Grants or revokes the global admin role (the `npm run admin` command). */
  setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
    return this.users.setAdmin(email, isAdmin);
  }

  /** The newest accounts, for admins. */
  async listUsers(limit = 100): Promise<(SessionUser & { createdAt: Date; supabase: boolean })[]> {
    const rows = await this.users.list(limit);
    return rows.map((row) => ({
      ...this.toSessionUser(row),
      createdAt: row.createdAt,
      supabase: row.supabaseId !== null,
    }));
  }

  /** Set-Cookie value of a session token. */
  sessionCookie(token: string): string {
    return serializeCookie(this.cookies.session, token, {
      maxAgeS: this.sessionMs / 1000,
      secure: this.secureCookies,
    });
  }

  /** Set-Cookie value that ends the session cookie. */
  clearSessionCookie(): string {
    return clearCookie(this.cookies.session, this.secureCookies);
  }

  /** What the browser may know about sign-in here: public by design (the anon key is public). */
  publicConfig() {
    return {
      mode: this.mode,
      supabaseUrl: this.mode === 'supabase' ? (this.config.SUPABASE_URL ?? null) : null,
      supabaseAnonKey: this.mode === 'supabase' ? (this.config.SUPABASE_ANON_KEY ?? null) : null,
      /** Local accounts get mailed links (verification, 通过邮件登录). */
      mailLinks: this.mailLinks,
      cookiePrefix: this.config.AUTH_COOKIE_PREFIX,
      redirectCookie: this.config.AUTH_REDIRECT_COOKIE,
      protectedPaths: this.config.AUTH_PROTECTED_PATHS,
      excludedPaths: this.config.AUTH_EXCLUDED_PATHS,
      loginPath: '/auth/login',
      callbackPath: '/auth/callback',
    };
  }

  private async takeMailBudget(ip: string, email: string): Promise<void> {
    for (const [limiter, key] of [
      [this.limits.mailByAddress, ip],
      [this.limits.mailByEmail, hashKey(email).slice(0, 32)],
    ] as const) {
      const taken = await limiter.hit(key);
      if (!taken.ok)
        throw new HubError('TOO_MANY_REQUESTS', M.rateLimitedMail(taken.retryAfterMs), 'rate-limited', {
          retryAfterMs: taken.retryAfterMs,
        });
    }
  }

  private async mailLink(
    user: Pick<UserRecord, 'id' | 'email'>,
    purpose: 'verify' | 'sign-in',
    linkBase: string,
  ): Promise<void> {
    const token = await this.links.create({
      userId: user.id,
      email: user.email,
      purpose,
      now: this.clock.now(),
    });
    const link = linkBase + emailLinkPath(token);
    this.mailer.send(
      purpose === 'verify'
        ? MAIL.verify(user.email, link, EMAIL_LINK_TTL_MS.verify / 3600_000)
        : MAIL.signIn(user.email, link, EMAIL_LINK_TTL_MS['sign-in'] / 60_000),
    );
  }

  private toSessionUser(user: AccountFacts): SessionUser {
    const emailVerified = user.emailVerifiedAt !== null;
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerified,
      isAdmin: user.isAdmin || (emailVerified && this.config.ADMIN_EMAILS.includes(user.email)),
    };
  }
}

/** Refuses a new password that is blank or one of the most common ones, with the reason for the form. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem)
    throw new HubError(
      'BAD_REQUEST',
      problem === 'password-blank' ? M.passwordBlank : M.passwordCommon,
      problem,
      { field: 'password' },
    );
}
