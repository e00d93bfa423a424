/**
 * The server's clock as this page estimates it: `now() = local + offsetMs` (local: the page's
 * monotonic clock as epoch ms, see {@link monotonicEpochNow}), the offset
 * measured with NTP's four timestamps over the realtime socket (`clock.ping`).
 */
import { ClockSyncEstimator, type OffsetReading } from '@bianshi/shared';

/** What `clock.ping` answers. */
export interface PingAnswer {
  receivedAt: number;
  sentAt: number;
}

/** Samples taken when the socket (re)opens; fewer on periodic and visibility re-syncs. */
export const SYNC_SAMPLES = { connect: 6, refresh: 3 } as const;
/** Re-sync period while a timer screen is open. */
export const RESYNC_INTERVAL_MS = 60_000;
/**
 * Extra re-syncs soon after a screen starts, ms after the start. A screen often starts while
 * its network is busiest (a page still loading, many screens joining at once), when every
 * round trip is long; these find the short ones that bound the offset tightly.
 */
export const SETTLE_RESYNCS_MS = [3_000, 10_000, 30_000] as const;
/** A ping not answered within this long is dropped from the burst. */
export const PING_TIMEOUT_MS = 5_000;

/** Page-wide estimate of the server clock. One per realtime connection. */
export class ServerClock {
  private readonly estimator = new ClockSyncEstimator();
  private syncing: Promise<void> | null = null;
  /** Server − local ms; 0 until the first sample. */
  offsetMs = 0;
  /** Round trip of the estimate, ms; null until the first sample. */
  rttMs: number | null = null;

  constructor(private readonly localNow: () => number = monotonicEpochNow) {}

  /** The server's current epoch ms (best estimate). Cheap: safe on every animation frame. */
  readonly now = (): number => this.localNow() + this.offsetMs;

  /** Whether at least one sample was taken. */
  get synced(): boolean {
    return this.rttMs !== null;
  }

  /** Adds one sample (t0/t3 local, t1/t2 from the server) and updates the offset. */
  addSample(t0: number, answer: PingAnswer, t3: number): OffsetReading | null {
    const estimate = this.estimator.add({ t0, t1: answer.receivedAt, t2: answer.sentAt, t3 });
    if (estimate) {
      this.offsetMs = estimate.offsetMs;
      this.rttMs = estimate.rttMs;
    }
    return estimate;
  }

  /**
   * A first offset from one exchange outside the socket (the page's own request: sent at local
   * `t0`, stamped by the server at `serverAt`, answered at local `t3`), for the moments before
   * the first ping. Ignored once a ping has been measured; never enters the estimator, whose
   * samples all come from pings.
   */
  seed(t0: number, serverAt: number, t3: number): void {
    if (this.synced || !(t3 >= t0)) return;
    this.offsetMs = serverAt - (t0 + t3) / 2;
  }

  /**
   * Takes `samples` pings one after another (concurrent pings would queue behind each other and
   * inflate round trips). Failures are skipped; a burst already running is joined, not doubled.
   */
  sync(ping: () => Promise<PingAnswer>, samples: number = SYNC_SAMPLES.refresh): Promise<void> {
    if (this.syncing) return this.syncing;
    this.syncing = (async () => {
      for (let i = 0; i < samples; i++) {
        const t0 = this.localNow();
        try {
          const answer = await withTimeout(ping(), PING_TIMEOUT_MS);
          this.addSample(t0, answer, this.localNow());
        } catch {
          // A lost ping says nothing about the offset; the socket status reports the outage.
          break;
        }
      }
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }
}

/**
 * This page's epoch ms from its monotonic clock, with sub-millisecond precision. Unlike
 * `Date.now()` it never jumps when the computer's wall clock is set, and it is the clock other
 * pages' `performance` timestamps share; the periodic re-sync absorbs any slow drift.
 */
export function monotonicEpochNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.timeOrigin + performance.now();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ping timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
