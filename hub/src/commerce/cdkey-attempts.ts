import type { Clock } from '../lib/clock';
import { HubError, refusedFor } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limit';
import type { CdkeyRepository } from './cdkey.repository';
import { CM } from './messages';

/** Failed look-ups (redemptions or status checks of unknown keys) an account may make before a lockout. */
export const LOCKOUT_AFTER_FAILURES = 5;
/** How long the lockout lasts, and how long failures are remembered after the last one. */
export const LOCKOUT_MS = 15 * 60_000;
/**
 * Failed look-ups one client address may make per hour over all its accounts. Generous on
 * purpose: a school behind one NAT address, a few hundred students each mistyping a key now and
 * then, stays below it; a script trying keys across many accounts does not.
 */
export const ADDRESS_FAILURES_PER_HOUR = 200;

/** What a key look-up reports back once it knows whether the key was found. */
export interface CdkeyAttempt {
  /** The key was found (redeemed, or its status shown): the attempt is not a failure after all. */
  found(): Promise<void>;
}

/**
 * Guards every look-up of a key by its text (redemption and status). The failure is counted
 * *before* the look-up and given back when the key is found, so simultaneous guesses — on one
 * hub or several — cannot all reach the look-up before the count catches up: the account's
 * counter is one atomic upsert in the database, the address's a shared rate limiter.
 * Locks out per account; per address only at a rate a NAT does not reach. Refusals say which.
 */
export class CdkeyAttempts {
  constructor(
    private readonly repository: CdkeyRepository,
    private readonly clock: Clock,
    /** Look-ups per account per minute, found or not. */
    private readonly accountRate: RateLimiter,
    /** Failed look-ups per address per hour. */
    private readonly addressFailures: RateLimiter,
  ) {}

  /** Admits one look-up for `userId` from `ip`, or throws TOO_MANY_REQUESTS naming the limit hit. */
  async admit(userId: string, ip: string): Promise<CdkeyAttempt> {
    const rate = await this.accountRate.hit(`u:${userId}`);
    if (!rate.ok)
      throw refusedFor(
        new HubError('TOO_MANY_REQUESTS', CM.cdkeyRateLimited(rate.retryAfterMs), 'rate-limited', {
          retryAfterMs: rate.retryAfterMs,
          limit: 'account',
        }),
        { kind: 'session' },
      );
    const address = await this.addressFailures.hit(ip);
    if (!address.ok)
      throw refusedFor(
        new HubError(
          'TOO_MANY_REQUESTS',
          CM.cdkeyAddressLimited(address.retryAfterMs),
          'cdkey-address-limited',
          { retryAfterMs: address.retryAfterMs, limit: 'address' },
        ),
        { kind: 'address' },
      );
    const lockedForMs = await this.reserve(`u:${userId}`);
    if (lockedForMs > 0) {
      await this.addressFailures.refund(ip);
      throw refusedFor(
        new HubError('TOO_MANY_REQUESTS', CM.cdkeyLocked(lockedForMs), 'cdkey-locked', {
          retryAfterMs: lockedForMs,
          limit: 'account',
        }),
        { kind: 'session' },
      );
    }
    return {
      found: async () => {
        await this.addressFailures.refund(ip);
        await this.release(`u:${userId}`);
      },
    };
  }

  /**
   * Counts one failure for `subject` in one statement (row-locked, so concurrent callers on any
   * hub queue up): 0 when admitted, else how long the subject stays locked. The attempt that
   * goes one past the limit starts the lockout.
   */
  private async reserve(subject: string): Promise<number> {
    const now = this.clock.now();
    const lockedUntil = await this.repository.countFailure(subject, now, {
      limit: LOCKOUT_AFTER_FAILURES,
      lockMs: LOCKOUT_MS,
      forgetMs: LOCKOUT_MS,
    });
    const until = lockedUntil?.getTime() ?? 0;
    return until > now ? until - now : 0;
  }

  /** Gives back one counted failure (the key was found). */
  private async release(subject: string): Promise<void> {
    await this.repository.releaseFailure(subject);
  }
}
