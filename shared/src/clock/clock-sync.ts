/**
 * Clock sync maths (NTP's four timestamps). Pure: every instant comes in as an argument.
 *
 * t0 — client sends the ping (client clock)
 * t1 — server receives it (server clock)
 * t2 — server sends the answer (server clock)
 * t3 — client receives the answer (client clock)
 */

/** One ping's four timestamps, in epoch ms. */
export interface ClockSample {
  t0: number;
  t1: number;
  t2: number;
  t3: number;
}

/** What one sample says: how far the server clock is ahead of ours, and the round trip. */
export interface OffsetReading {
  /** Server time − client time, in ms: `serverNow = clientNow + offsetMs`. */
  offsetMs: number;
  /** Network round trip, excluding the server's own processing time, in ms. */
  rttMs: number;
}

/** `offset = ((t1−t0)+(t2−t3))/2`, `rtt = (t3−t0)−(t2−t1)` (never negative). */
export function offsetFromSample(sample: ClockSample): OffsetReading {
  const { t0, t1, t2, t3 } = sample;
  return {
    offsetMs: (t1 - t0 + (t2 - t3)) / 2,
    rttMs: Math.max(0, t3 - t0 - (t2 - t1)),
  };
}

/** Tuning of a {@link ClockSyncEstimator}. */
export interface ClockSyncOptions {
  /** How many recent samples are kept. */
  windowSize: number;
  /** How many of the kept samples with the lowest round trip are averaged. */
  bestCount: number;
  /** Samples older than this (client ms) are forgotten: clocks drift. */
  maxAgeMs: number;
}

/** A sample joins the average when its round trip is at most this × the shortest + the slack. */
const COMPARABLE_RTT_FACTOR = 1.5;
const COMPARABLE_RTT_SLACK_MS = 1;

/** Default tuning: keep 16 samples for 15 minutes, average the best 3. */
export const CLOCK_SYNC_DEFAULTS: ClockSyncOptions = { windowSize: 16, bestCount: 3, maxAgeMs: 15 * 60_000 };

interface KeptSample extends OffsetReading {
  /** Client ms at which the sample was taken (its t3). */
  at: number;
}

/**
 * Estimates the server clock offset from ping samples. A sample with a short round trip
 * bounds the offset tightly (the error is at most rtt/2), so the estimate is the mean offset
 * of the lowest-RTT samples in a sliding window.
 */
export class ClockSyncEstimator {
  private readonly options: ClockSyncOptions;
  private samples: KeptSample[] = [];
  private estimate: OffsetReading | null = null;

  constructor(options: Partial<ClockSyncOptions> = {}) {
    this.options = { ...CLOCK_SYNC_DEFAULTS, ...options };
  }

  /** Adds a sample and returns the new estimate. Samples with t3 < t0 are ignored. */
  add(sample: ClockSample): OffsetReading | null {
    if (!(sample.t3 >= sample.t0) || ![sample.t0, sample.t1, sample.t2, sample.t3].every(Number.isFinite))
      return this.estimate;
    const reading = offsetFromSample(sample);
    this.samples.push({ ...reading, at: sample.t3 });
    const oldest = sample.t3 - this.options.maxAgeMs;
    this.samples = this.samples.filter((kept) => kept.at >= oldest).slice(-this.options.windowSize);
    this.estimate = this.compute();
    return this.estimate;
  }

  /** The current estimate, or null before the first sample. */
  current(): OffsetReading | null {
    return this.estimate;
  }

  /** Offset to apply (0 before the first sample). */
  offsetMs(): number {
    return this.estimate?.offsetMs ?? 0;
  }

  /** How many samples are kept. */
  get size(): number {
    return this.samples.length;
  }

  /** Forgets every sample (e.g. after the local clock jumped). */
  reset(): void {
    this.samples = [];
    this.estimate = null;
  }

  private compute(): OffsetReading | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a.rttMs - b.rttMs);
    // Only samples about as tight as the tightest are averaged: one taken on a busy moment (rtt
    // 30 ms, error up to ±15 ms) would only spoil a reading good to ±1 ms.
    const limit = sorted[0]!.rttMs * COMPARABLE_RTT_FACTOR + COMPARABLE_RTT_SLACK_MS;
    const best = sorted.slice(0, Math.max(1, this.options.bestCount)).filter((s) => s.rttMs <= limit);
    const sum = best.reduce(
      (total, s) => ({ offsetMs: total.offsetMs + s.offsetMs, rttMs: total.rttMs + s.rttMs }),
      { offsetMs: 0, rttMs: 0 },
    );
    return { offsetMs: sum.offsetMs / best.length, rttMs: sum.rttMs / best.length };
  }
}
