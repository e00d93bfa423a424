import type { Clock } from './clock';

/** Token buckets by key: `burst` tokens, refilled at `perSecond`. Old buckets are forgotten. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly clock: Clock,
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Takes `cost` tokens for `key`; false when there are not enough. */
  take(key: string, cost = 1): boolean {
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    const allowed = bucket.tokens >= cost;
    if (allowed) bucket.tokens -= cost;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return allowed;
  }
}
