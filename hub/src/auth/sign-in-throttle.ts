import { HubError, refusedFor } from '../lib/errors';
import { hashKey } from '../lib/ids';
import type { RateLimiter, RateLimiterFactory } from '../lib/rate-limit';
import { AUTH_MESSAGES as M } from './messages';

/** Failed sign-ins one (address, account) pair may make before each next one has to wait. */
export const FREE_FAILURES = 5;
/** The longest wait between two attempts of one pair. */
export const MAX_DELAY_S = 15 * 60;
/** How long a pair's failures are remembered. */
const PAIR_WINDOW_S = 24 * 3600;

/**
 * How many failures the wider limits allow (SIGN_IN_ADDRESS_FAILURES_PER_HOUR, default 100;
 * SIGN_IN_ACCOUNT_FAILURES_PER_DAY, default 300).
 * - Per address and hour, over all accounts: a sprayer's budget. A campus NAT of a few hundred
 *   people mistyping now and then stays far below it.
 * - Per account and day, from addresses it has not signed in from before: above what one address
 *   can do in a day (5 free, then 1, 2, 4 … s up to one every 15 min: about 110), so one attacker
 *   cannot reach it; past it, only known addresses and mailed sign-in links get in, so a botnet
 *   cannot lock the owner out either.
 */
export interface SignInCeilings {
  addressFailuresPerHour: number;
  accountFailuresPerDay: number;
}
/**
 * How long a successful sign-in makes its address known to the account. Under 24.8 days: the
 * in-memory limiter expires keys with a timer, which Node fires at once past 2^31 ms.
 */
const KNOWN_PAIR_S = 20 * 24 * 3600;

/** Seconds a pair waits after its `failures`-th failure: none for the first few, then 1, 2, 4 … s, capped. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

/** What a sign-in reports back once the password was checked. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/**
 * Slows password guessing without locking the owner out. Counted per (address, account) pair
 * with exponential delay, per address (spraying many accounts) and per account from unknown
 * addresses (a botnet); counters live in Redis when the hub has one, so every hub shares them.
 * Every attempt is counted before the password is checked and refunded when it succeeds, so
 * simultaneous guesses cannot all slip past a count that only grows afterwards.
 */
export class SignInThrottle {
  private readonly pairFailures: RateLimiter;
  private readonly pairGate: RateLimiter;
  private readonly addressFailures: RateLimiter;
  private readonly accountFailures: RateLimiter;
  private readonly knownPairs: RateLimiter;

  constructor(
    limiters: RateLimiterFactory,
    ceilings: SignInCeilings,
    /** Whether refusals may point to 通过邮件登录. */
    private readonly mailLinks: boolean,
  ) {
    this.pairFailures = limiters({ name: 'sign-in-pair', points: 100_000, durationS: PAIR_WINDOW_S });
    // One attempt per second once past the free ones; a failure holds the gate for its delay.
    this.pairGate = limiters({ name: 'sign-in-gate', points: 1, durationS: 1 });
    this.addressFailures = limiters({
      name: 'sign-in-address',
      points: ceilings.addressFailuresPerHour,
      durationS: 3600,
    });
    this.accountFailures = limiters({
      name: 'sign-in-account',
      points: ceilings.accountFailuresPerDay,
      durationS: 24 * 3600,
    });
    this.knownPairs = limiters({ name: 'sign-in-known', points: 1, durationS: KNOWN_PAIR_S });
  }

  /**
   * Admits one password check for `email` from `ip`, or throws TOO_MANY_REQUESTS saying which
   * limit was hit and how long to wait (`details.retryAfterMs`). The same for accounts that do
   * not exist, so the answer never says whether one does.
   */
  async admit(ip: string, email: string): Promise<SignInAttempt> {
    const account = hashKey(email.trim().toLowerCase()).slice(0, 32);
    const pair = `${account}:${ip}`;
    const counted = await this.pairFailures.hit(pair);
    if (!counted.ok) throw this.refusal('sign-in-slowed', counted.retryAfterMs, email);
    const failures = counted.consumed;
    if (failures > FREE_FAILURES) {
      const gate = await this.pairGate.hit(pair);
      if (!gate.ok) {
        await this.pairFailures.refund(pair);
        throw this.refusal('sign-in-slowed', gate.retryAfterMs, email);
      }
    }
    const address = await this.addressFailures.hit(ip);
    if (!address.ok) {
      await this.pairFailures.refund(pair);
      throw this.refusal('sign-in-address-limited', address.retryAfterMs, email);
    }
    const ceiling = await this.accountFailures.hit(account);
    if (!ceiling.ok && !(await this.knownPairs.marked(pair))) {
      await Promise.all([this.pairFailures.refund(pair), this.addressFailures.refund(ip)]);
      throw this.refusal('sign-in-account-limited', ceiling.retryAfterMs, email);
    }
    return {
      succeeded: async () => {
        await Promise.all([
          this.pairFailures.reset(pair),
          this.pairGate.reset(pair),
          this.addressFailures.refund(ip),
          ceiling.ok ? this.accountFailures.refund(account) : Promise.resolve(),
          this.knownPairs.mark(pair, KNOWN_PAIR_S),
        ]);
      },
      failed: async () => {
        const delayS = delayAfterFailures(failures);
        if (delayS > 0) await this.pairGate.hold(pair, delayS);
      },
    };
  }

  private refusal(
    reason: 'sign-in-slowed' | 'sign-in-address-limited' | 'sign-in-account-limited',
    retryAfterMs: number,
    email: string,
  ): HubError {
    const message =
      reason === 'sign-in-slowed'
        ? M.signInSlowed(retryAfterMs, this.mailLinks)
        : reason === 'sign-in-address-limited'
          ? M.signInAddressLimited(retryAfterMs)
          : M.signInAccountLimited(retryAfterMs, this.mailLinks);
    const refusal = new HubError('TOO_MANY_REQUESTS', message, reason, {
      retryAfterMs,
      limit: reason === 'sign-in-address-limited' ? 'address' : 'account',
    });
    // The pair and the unknown-address ceiling are both counted per (address, account).
    return refusedFor(
      refusal,
      reason === 'sign-in-address-limited'
        ? { kind: 'address' }
        : { kind: 'email', email: email.trim().toLowerCase() },
    );
  }
}
