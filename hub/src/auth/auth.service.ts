import { secureCookies } from '../lib/site';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import { HubError } from '../lib/errors';
import { hashKey, newId, newSecretKey } from '../lib/ids';
import { memoryRateLimiters, type RateLimiter, type RateLimiterFactory } from '../lib/rate-limit';
import { authCookieNames, clearCookie, serializeCookie } from './cookies';
import { AUTH_MESSAGES as M } from './messages';
import { hashPassword, verifyPassword } from './password';
import { SupabaseVerifier } from './supabase-verifier';
import type { UserRecord, UserRepository } from './user.repository';

/** A signed-in account as procedures see it. */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  /** Global admin: `users.is_admin` (granted by `npm run admin`) or listed in ADMIN_EMAILS. */
  isAdmin: boolean;
}

/** How people sign in on this hub. */
export type AuthMode = 'local' | 'supabase';

/** A fresh session: the account and the cookie token (shown to the browser only, stored hashed). */
export interface StartedSession {
  user: SessionUser;
  token: string;
}

/**
 * Accounts and sessions: local email + password (scrypt), Supabase access tokens mapped to local
 * accounts, session tokens (256 random bits; only sha256 stored), admin grants.
 */
export class AuthService {
  readonly mode: AuthMode;
  readonly cookies: ReturnType<typeof authCookieNames>;
  /** Rate limits: sign-in attempts per client address and per email, sign-ups per address. */
  readonly limits: { signIn: RateLimiter; signInEmail: RateLimiter; signUp: RateLimiter };
  private readonly supabase: SupabaseVerifier | null;
  private readonly secureCookies: boolean;
  private readonly sessionMs: number;

  constructor(
    private readonly users: UserRepository,
    private readonly config: Config,
    private readonly clock: Clock,
    limiters: RateLimiterFactory = memoryRateLimiters,
  ) {
    this.supabase = config.SUPABASE_URL && config.SUPABASE_ANON_KEY ? new SupabaseVerifier(config.SUPABASE_URL, config.SUPABASE_JWT_SECRET) : null;
    this.mode = this.supabase ? 'supabase' : 'local';
    this.cookies = authCookieNames(config.AUTH_COOKIE_PREFIX);
    this.secureCookies = secureCookies(config);
    this.sessionMs = config.AUTH_SESSION_DAYS * 86_400_000;
    this.limits = {
      signIn: limiters({ name: 'sign-in', points: 10, durationS: 60 }),
      signInEmail: limiters({ name: 'sign-in-email', points: 10, durationS: 300 }),
      signUp: limiters({ name: 'sign-up', points: 10, durationS: 600 }),
    };
  }

  /** Creates a local account and signs it in. */
  async signUp(input: { email: string; password: string; displayName?: string }, userAgent: string): Promise<StartedSession> {
    if (this.mode !== 'local') throw new HubError('BAD_REQUEST', M.localDisabled, 'local-auth-disabled');
    const record = {
      id: newId(),
      email: input.email.trim().toLowerCase(),
      passwordHash: await hashPassword(input.password),
      supabaseId: null,
      displayName: input.displayName?.trim() ?? '',
      isAdmin: false,
    };
    if (!(await this.users.insert(record))) throw new HubError('CONFLICT', M.emailTaken, 'email-taken');
    return this.startSession(record, userAgent);
  }

  /** Checks an email and password; one generic error for every kind of failure. */
  async signIn(input: { email: string; password: string }, ip: string, userAgent: string): Promise<StartedSession> {
    if (this.mode !== 'local') throw new HubError('BAD_REQUEST', M.localDisabled, 'local-auth-disabled');
    const email = input.email.trim().toLowerCase();
    if (!(await this.limits.signIn.take(ip)) || !(await this.limits.signInEmail.take(email))) {
      throw new HubError('TOO_MANY_REQUESTS', M.rateLimitedSignIn, 'rate-limited');
    }
    const user = await this.users.findByEmail(email);
    // verifyPassword spends the same scrypt on a decoy when there is no such account.
    const ok = await verifyPassword(input.password, user?.passwordHash);
    if (!user || !ok) throw new HubError('UNAUTHORIZED', M.signInFailed, 'sign-in-failed');
    return this.startSession(user, userAgent);
  }

  /** Starts a session for an account (after a password or a verified Supabase token). */
  async startSession(user: Pick<UserRecord, 'id' | 'email' | 'displayName' | 'isAdmin'>, userAgent: string): Promise<StartedSession> {
    const token = newSecretKey();
    const now = this.clock.now();
    await this.users.insertSession({ idHash: hashKey(token), userId: user.id, expiresAt: new Date(now + this.sessionMs), userAgent: userAgent.slice(0, 300) });
    await this.users.touchSignIn(user.id, new Date(now));
    return { user: this.toSessionUser(user), token };
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
   * Supabase id, linked by a *verified* email, or created. Null for an invalid token.
   */
  async userForSupabaseToken(token: string): Promise<SessionUser | null> {
    if (!this.supabase) return null;
    const identity = await this.supabase.verify(token);
    if (!identity) return null;
    const linked = await this.users.findBySupabaseId(identity.sub);
    if (linked) return this.toSessionUser(linked);
    const byEmail = await this.users.findByEmail(identity.email);
    if (byEmail) {
      if (!identity.emailVerified || byEmail.supabaseId !== null) throw new HubError('CONFLICT', M.supabaseEmailConflict, 'email-conflict');
      await this.users.linkSupabase(byEmail.id, identity.sub);
      return this.toSessionUser(byEmail);
    }
    const record = { id: newId(), email: identity.email, passwordHash: null, supabaseId: identity.sub, displayName: '', isAdmin: false };
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
    return rows.map((row) => ({ ...this.toSessionUser(row), createdAt: row.createdAt, supabase: row.supabaseId !== null }));
  }

  /** Set-Cookie value of a session token. */
  sessionCookie(token: string): string {
    return serializeCookie(this.cookies.session, token, { maxAgeS: this.sessionMs / 1000, secure: this.secureCookies });
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
      cookiePrefix: this.config.AUTH_COOKIE_PREFIX,
      redirectCookie: this.config.AUTH_REDIRECT_COOKIE,
      protectedPaths: this.config.AUTH_PROTECTED_PATHS,
      excludedPaths: this.config.AUTH_EXCLUDED_PATHS,
      loginPath: '/auth/login',
      callbackPath: '/auth/callback',
    };
  }

  private toSessionUser(user: Pick<UserRecord, 'id' | 'email' | 'displayName' | 'isAdmin'>): SessionUser {
    return { id: user.id, email: user.email, displayName: user.displayName, isAdmin: user.isAdmin || this.config.ADMIN_EMAILS.includes(user.email) };
  }
}
