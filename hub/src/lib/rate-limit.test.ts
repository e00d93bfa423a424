import { describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { memoryRateLimiters, RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows exactly `points` per key and window, then refuses', async () => {
    const limiter = memoryRateLimiters({ name: 'unit-points', points: 3, durationS: 60 });
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) outcomes.push(await limiter.take('a'));
    expect(outcomes).toEqual([true, true, true, false, false]);
  });

  it('keeps one budget per key', async () => {
    const limiter = memoryRateLimiters({ name: 'unit-keys', points: 1, durationS: 60 });
    expect(await limiter.take('a')).toBe(true);
    expect(await limiter.take('a')).toBe(false);
    expect(await limiter.take('b')).toBe(true);
  });

  it('charges a cost of several points at once, and refuses a cost over what is left', async () => {
    const limiter = memoryRateLimiters({ name: 'unit-cost', points: 5, durationS: 60 });
    expect(await limiter.take('a', 4)).toBe(true);
    expect(await limiter.take('a', 2)).toBe(false);
    // A refused take still spends (the budget is spent by attempts, as brute force is).
    expect(await limiter.take('a', 1)).toBe(false);
  });

  it('gives the budget back when the window ends', async () => {
    const limiter = memoryRateLimiters({ name: 'unit-window', points: 1, durationS: 1 });
    expect(await limiter.take('a')).toBe(true);
    expect(await limiter.take('a')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.take('a')).toBe(true);
  });

  it('refuses (never throws) when its store fails', async () => {
    const broken = new RateLimiterMemory({ points: 1, duration: 1 });
    broken.consume = () => Promise.reject(new Error('store down'));
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, warn: (message: string) => warnings.push(message), error() {} };
    const limiter = new RateLimiter({ name: 'unit-broken', points: 1, durationS: 1 }, broken, logger);
    expect(await limiter.take('a')).toBe(false);
    expect(warnings).toEqual(['rate limiter failed']);
  });
});
