import { describe, expect, it } from 'vitest';
import { ClockSyncEstimator, offsetFromSample } from './clock-sync';

describe('offsetFromSample', () => {
  it.each([
    // name, t0, t1, t2, t3, offset, rtt
    ['in sync, symmetric 20 ms', 1000, 1010, 1010, 1020, 0, 20],
    ['server 500 ms ahead', 1000, 1510, 1512, 1022, 500, 20],
    ['server 2 s behind', 10_000, 8_005, 8_006, 10_011, -2000, 10],
    ['server processing time excluded', 0, 50, 150, 200, 0, 100],
    ['asymmetric path halves the error', 0, 100, 100, 120, 40, 120],
  ])('%s', (_name, t0, t1, t2, t3, offsetMs, rttMs) => {
    expect(offsetFromSample({ t0, t1, t2, t3 })).toEqual({ offsetMs, rttMs });
  });

  it('never reports a negative round trip', () => {
    expect(offsetFromSample({ t0: 0, t1: 10, t2: 30, t3: 5 }).rttMs).toBe(0);
  });
});

describe('ClockSyncEstimator', () => {
  const sample = (at: number, offset: number, rtt: number) => ({
    t0: at - rtt,
    t1: at - rtt / 2 + offset,
    t2: at - rtt / 2 + offset,
    t3: at,
  });

  it('has no estimate and a zero offset before the first sample', () => {
    const estimator = new ClockSyncEstimator();
    expect(estimator.current()).toBeNull();
    expect(estimator.offsetMs()).toBe(0);
  });

  it('prefers the lowest-RTT samples', () => {
    const estimator = new ClockSyncEstimator({ bestCount: 2 });
    estimator.add(sample(1000, 300, 400)); // slow: poor reading
    estimator.add(sample(2000, 100, 10));
    estimator.add(sample(3000, 104, 12));
    estimator.add(sample(4000, -200, 900));
    expect(estimator.offsetMs()).toBeCloseTo(102);
    expect(estimator.current()?.rttMs).toBeCloseTo(11);
  });

  it('averages only samples about as tight as the tightest one', () => {
    const estimator = new ClockSyncEstimator({ bestCount: 3 });
    estimator.add(sample(1000, 0.5, 2)); // taken on a quiet moment: good to ±1 ms
    estimator.add(sample(2000, 14, 30)); // busy moments: good to ±15 ms only
    estimator.add(sample(3000, -12, 28));
    expect(estimator.offsetMs()).toBeCloseTo(0.5);
    estimator.add(sample(4000, 1.5, 2.5));
    expect(estimator.offsetMs()).toBeCloseTo(1);
  });

  it('keeps a sliding window by count', () => {
    const estimator = new ClockSyncEstimator({ windowSize: 3, bestCount: 1 });
    estimator.add(sample(1000, 50, 1)); // best, but falls out of the window
    for (let i = 0; i < 3; i++) estimator.add(sample(2000 + i, 7, 30));
    expect(estimator.size).toBe(3);
    expect(estimator.offsetMs()).toBe(7);
  });

  it('forgets samples older than maxAgeMs', () => {
    const estimator = new ClockSyncEstimator({ maxAgeMs: 60_000, bestCount: 1 });
    estimator.add(sample(0, 999, 1));
    estimator.add(sample(120_000, 5, 40));
    expect(estimator.size).toBe(1);
    expect(estimator.offsetMs()).toBe(5);
  });

  it('ignores impossible samples and can be reset', () => {
    const estimator = new ClockSyncEstimator();
    expect(estimator.add({ t0: 10, t1: 0, t2: 0, t3: 5 })).toBeNull();
    expect(estimator.add({ t0: 0, t1: Number.NaN, t2: 0, t3: 5 })).toBeNull();
    estimator.add(sample(100, 3, 2));
    expect(estimator.size).toBe(1);
    estimator.reset();
    expect(estimator.current()).toBeNull();
  });
});
