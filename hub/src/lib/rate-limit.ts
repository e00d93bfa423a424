import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from './logger';

/**
 * One budget per key (a client address, an email): `points` actions per `durationS` seconds.
 * Counted by `rate-limiter-flexible`: in Redis when the hub has one (so N hubs share one
 * budget rather than multiplying it), with an in-memory limiter as insurance while Redis is
 * unreachable; in memory when the hub runs alone.
 */
export interface RateLimitSpec {
  /** Key prefix in Redis; unique per limit (`commands`, `sign-in`…). */
  readonly name: string;
  /** Actions a key may take per window. */
  readonly points: number;
  /** Window length in seconds. */
  readonly durationS: number;
}

/** A rate limit with its counter store. */
export class RateLimiter {
  constructor(
    readonly spec: RateLimitSpec,
    private readonly limiter: RateLimiterAbstract,
    private readonly logger?: Logger,
  ) {}

  /** Takes `cost` points for `key`; false when the key's budget for this window is spent. */
  async take(key: string, cost = 1): Promise<boolean> {
    return (await this.attempt(key, cost)).ok;
  }

  /**
   * Takes `cost` points for `key`, and when the budget is spent says how long until enough
   * points are back (`retryAfterMs`, for a `Retry-After` header).
   */
  async attempt(key: string, cost = 1): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
    try {
      await this.limiter.consume(key, cost);
      return { ok: true };
    } catch (result) {
      if (result instanceof RateLimiterRes)
        return { ok: false, retryAfterMs: Math.max(1, result.msBeforeNext) };
      // Neither Redis nor the insurance limiter answered: fail closed for this one call.
      this.logger?.warn('rate limiter failed', { limit: this.spec.name, error: String(result) });
      return { ok: false, retryAfterMs: this.spec.durationS * 1000 };
    }
  }

  /**
   * Takes `cost` points for `key` and says how it went: how many points the key has spent in
   * this window, or how long until it may act again. Fails closed like `take`.
   */
  async hit(
    key: string,
    cost = 1,
  ): Promise<{ ok: true; consumed: number } | { ok: false; retryAfterMs: number }> {
    try {
      const result = await this.limiter.consume(key, cost);
      return { ok: true, consumed: result.consumedPoints };
    } catch (result) {
      if (result instanceof RateLimiterRes)
        return { ok: false, retryAfterMs: Math.max(1, result.msBeforeNext) };
      this.logger?.warn('rate limiter failed', { limit: this.spec.name, error: String(result) });
      return { ok: false, retryAfterMs: this.spec.durationS * 1000 };
    }
  }

  /** Gives back `points` taken for `key` (an attempt that turned out to be legitimate). */
  async refund(key: string, points = 1): Promise<void> {
    await this.quietly(() => this.limiter.reward(key, points));
  }

  /** Refuses every `hit`/`take` of `key` for `seconds`. */
  async hold(key: string, seconds: number): Promise<void> {
    await this.quietly(() => this.limiter.block(key, Math.max(1, Math.ceil(seconds))));
  }

  /** Marks `key` for `seconds` (one point); `marked` says whether the mark is still there. */
  async mark(key: string, seconds: number): Promise<void> {
    await this.quietly(() => this.limiter.set(key, 1, Math.max(1, Math.ceil(seconds))));
  }

  /** Whether `key` has spent any points in its current window. */
  async marked(key: string): Promise<boolean> {
    try {
      const result = await this.limiter.get(key);
      return result !== null && result.consumedPoints > 0;
    } catch (error) {
      this.logger?.warn('rate limiter failed', { limit: this.spec.name, error: String(error) });
      return false;
    }
  }

  /** Forgets everything counted for `key`. */
  async reset(key: string): Promise<void> {
    await this.quietly(() => this.limiter.delete(key));
  }

  private async quietly(operation: () => Promise<unknown>): Promise<void> {
    try {
      await operation();
    } catch (error) {
      if (!(error instanceof RateLimiterRes))
        this.logger?.warn('rate limiter failed', { limit: this.spec.name, error: String(error) });
    }
  }
}

/** Builds the hub's rate limiters: shared through Redis when there is one, else per process. */
export type RateLimiterFactory = (spec: RateLimitSpec) => RateLimiter;

/** Per-process limiters (one hub, and tests). */
export const memoryRateLimiters: RateLimiterFactory = (spec) =>
  new RateLimiter(
    spec,
    new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationS }),
  );

/**
 * Limiters counted in Redis under `bs:rl:<name>:<key>`. While Redis is not ready, each hub
 * counts in its own memory (the insurance limiter) instead of refusing or letting all through.
 */
export function redisRateLimiters(client: Redis, logger: Logger): RateLimiterFactory {
  return (spec) =>
    new RateLimiter(
      spec,
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `bs:rl:${spec.name}`,
        points: spec.points,
        duration: spec.durationS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          keyPrefix: `insurance:${spec.name}`,
          points: spec.points,
          duration: spec.durationS,
        }),
      }),
      logger,
    );
}
