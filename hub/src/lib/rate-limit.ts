import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
      if (result instanceof RateLimiterRes) return { ok: false, retryAfterMs: Math.max(1, result.msBeforeNext) };
      // Neither Redis nor the insurance limiter answered: fail closed for this one call.
      this.logger?.warn('rate limiter failed', { limit: this.spec.name, error: String(result) });
      return { ok: false, retryAfterMs: this.spec.durationS * 1000 };
    }
  }
}

/** Builds the hub's rate limiters: shared through Redis when there is one, else per process. */
export type RateLimiterFactory = (spec: RateLimitSpec) => RateLimiter;

/** Per-process limiters (one hub, and tests). */
export const memoryRateLimiters: RateLimiterFactory = (spec) =>
  new RateLimiter(spec, new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationS }));

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
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `insurance:${spec.name}`, points: spec.points, duration: spec.durationS }),
      }),
      logger,
    );
}
