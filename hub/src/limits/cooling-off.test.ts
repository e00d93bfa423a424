import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoolingOff } from './cooling-off';

const REFUSAL = { message: '操作过于频繁，请稍后再试', reason: 'rate-limited' };

describe('CoolingOff', () => {
  let now = 1_000_000;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
  });
  afterEach(() => vi.useRealTimers());

  it('repeats a refusal to its key until the wait is over, then forgets the address', () => {
    const cooling = new CoolingOff(() => now);
    cooling.refused('10.0.0.1', 'trpc:auth.signIn|a', 2_000, REFUSAL);
    expect(cooling.watching('10.0.0.1')).toBe(true);
    expect(cooling.check('10.0.0.1', 'trpc:auth.signIn|a')).toEqual({ refusal: REFUSAL, leftMs: 2_000 });
    expect(cooling.check('10.0.0.1', 'trpc:timer.get|a')).toBeNull();
    expect(cooling.check('10.0.0.2', 'trpc:auth.signIn|a')).toBeNull();
    now += 1_500;
    expect(cooling.check('10.0.0.1', 'trpc:auth.signIn|a')?.leftMs).toBe(500);
    now += 500;
    expect(cooling.check('10.0.0.1', 'trpc:auth.signIn|a')).toBeNull();
    expect(cooling.watching('10.0.0.1')).toBe(false);
  });

  it('keeps the longer of two waits for one key, and finds keys by prefix', () => {
    const cooling = new CoolingOff(() => now);
    cooling.refused('a', 'trpc:auth.signIn|e:x@y.cn', 4_000, REFUSAL);
    cooling.refused('a', 'trpc:auth.signIn|e:x@y.cn', 1_000, REFUSAL);
    expect(cooling.check('a', 'trpc:auth.signIn|e:x@y.cn')?.leftMs).toBe(4_000);
    expect(cooling.hasPrefix('a', 'trpc:auth.signIn|e:')).toBe(true);
    expect(cooling.hasPrefix('a', 'trpc:commerce.redeem|')).toBe(false);
  });

  it('answers after the hold, or when the wait ends if sooner; past the cap at once, closing', () => {
    const cooling = new CoolingOff(() => now, 1_000, 2);
    const answers: string[] = [];
    cooling.hold('a', 5_000, (close, left) => answers.push(`long${close ? ' close' : ''} ${left}`));
    cooling.hold('a', 300, (close, left) =>
      answers.push(`short${close ? ' close' : ''}${left > 1 ? ' early' : ''}`),
    );
    cooling.hold('a', 5_000, (close) => answers.push(`third${close ? ' close' : ''}`));
    cooling.hold('b', 5_000, () => answers.push('other address'));
    expect(answers).toEqual(['third close']);
    vi.advanceTimersByTime(300);
    expect(answers).toEqual(['third close', 'short']);
    vi.advanceTimersByTime(700);
    // Each answer hears what is left of its wait: at least 1 ms once the wait is over.
    expect(answers).toEqual(['third close', 'short', 'long 4000', 'other address']);
    // The slots are free again.
    cooling.hold('a', 5_000, (close) => answers.push(`again${close ? ' close' : ''}`));
    vi.advanceTimersByTime(1_000);
    expect(answers.at(-1)).toBe('again');
  });

  it('remembers a bounded number of addresses, forgetting the oldest', () => {
    const cooling = new CoolingOff(() => now, 1_000, 8, 3);
    for (const address of ['a', 'b', 'c']) cooling.refused(address, 'k', 60_000, REFUSAL);
    cooling.refused('a', 'k2', 60_000, REFUSAL); // refreshed: now the newest
    cooling.refused('d', 'k', 60_000, REFUSAL);
    expect(cooling.size).toBe(3);
    expect(cooling.watching('b')).toBe(false);
    expect(['a', 'c', 'd'].every((address) => cooling.watching(address))).toBe(true);
  });
});
