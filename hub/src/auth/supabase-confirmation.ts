import type { Logger } from '../lib/logger';

/** How long the project's auto-confirm setting is trusted before it is read again. */
const SETTINGS_TTL_MS = 10 * 60_000;
/** How long a "not confirmed" answer stands before Supabase is asked again for the same user. */
const NEGATIVE_TTL_MS = 60_000;
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Whether Supabase vouches that a user owns their address. The access token cannot say: its
 * `user_metadata.email_verified` is user metadata, which the user may edit themselves
 * (`supabase.auth.updateUser({ data })`). So the hub asks Supabase Auth for the user
 * (`GET /auth/v1/user` with the token) and reads `email_confirmed_at`, and reads the project's
 * settings: with "Confirm email" off (`mailer_autoconfirm`), Supabase marks every sign-up
 * confirmed without mailing it, which proves nothing.
 */
export class SupabaseConfirmation {
  private readonly base: string;
  private settings: { autoconfirm: boolean; until: number } | null = null;
  private readonly notConfirmed = new Map<string, number>();

  constructor(
    supabaseUrl: string,
    private readonly anonKey: string,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {
    this.base = `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
  }

  /** True when Supabase confirmed `email` for the token's user (`sub`) and does not auto-confirm sign-ups. */
  async confirmed(token: string, sub: string, email: string): Promise<boolean> {
    const now = this.now();
    if ((this.notConfirmed.get(sub) ?? 0) > now) return false;
    const answer = await this.ask(token, email);
    if (!answer) {
      if (this.notConfirmed.size > 10_000) this.notConfirmed.clear();
      this.notConfirmed.set(sub, now + NEGATIVE_TTL_MS);
    }
    return answer;
  }

  private async ask(token: string, email: string): Promise<boolean> {
    try {
      if (await this.autoconfirms()) return false;
      const response = await fetch(`${this.base}/user`, {
        headers: { apikey: this.anonKey, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const user = (await response.json()) as { email?: unknown; email_confirmed_at?: unknown };
      return (
        typeof user.email === 'string' &&
        user.email.trim().toLowerCase() === email &&
        typeof user.email_confirmed_at === 'string' &&
        user.email_confirmed_at !== ''
      );
    } catch (error) {
      this.logger.warn('could not ask Supabase whether an email is confirmed', {
        error: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  private async autoconfirms(): Promise<boolean> {
    const now = this.now();
    if (this.settings && this.settings.until > now) return this.settings.autoconfirm;
    const response = await fetch(`${this.base}/settings`, {
      headers: { apikey: this.anonKey },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`settings answered ${response.status}`);
    const settings = (await response.json()) as { mailer_autoconfirm?: unknown };
    const autoconfirm = settings.mailer_autoconfirm !== false;
    if (autoconfirm && !this.settings?.autoconfirm) {
      this.logger.warn(
        'Supabase confirms sign-ups without mail ("Confirm email" is off): no address counts as verified, so ADMIN_EMAILS grants nothing and no account is linked by email',
      );
    }
    this.settings = { autoconfirm, until: now + SETTINGS_TTL_MS };
    return autoconfirm;
  }
}
