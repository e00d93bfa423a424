import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { realTimeouts, type TimeoutFunctions } from '../lib/clock';
import { sweepTimerUploads } from '../uploads/upload-retention';
import type { UploadStore } from '../uploads/upload-store';
import { RetentionRepository } from './retention.repository';

/** How often the retention jobs run. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** The first run, this long after the hub started (not during start-up). */
export const RETENTION_FIRST_RUN_MS = 60 * 1000;
/** Abandoned timers deleted per run at most (the next run takes the rest). */
const TIMERS_PER_RUN = 500;

/** What the rest of the hub (and tests) may call. */
export type RetentionService = Pick<Retention, 'start' | 'stop' | 'runOnce'>;

/** What one run removed; null fields when another hub held the lock and did the deletions. */
export interface RetentionReport {
  sessions: number | null;
  invites: number | null;
  timers: string[] | null;
  /** Upload URLs removed (files nobody references, and directories of deleted timers). */
  files: string[];
}

/** What the retention jobs take from the composition root. */
export interface RetentionDependencies {
  db: Db;
  /** Timers' uploaded media, wherever they are kept. */
  uploads: UploadStore;
  clock: Clock;
  logger: Logger;
  /** Days after which a timer nobody owns and nobody touched is deleted; 0 = never. */
  anonymousTimerDays: number;
  /** True while screens on this hub watch the timer (such a timer is kept, however old). */
  isActive(timerId: string): boolean;
  timeouts?: TimeoutFunctions;
}

/**
 * The hub's retention jobs, on one schedule: expired sessions and invite links, timers nobody
 * owns that were untouched for `ANONYMOUS_TIMER_RETENTION_DAYS` (with their files), and upload
 * files nobody references. Safe with several hubs: the database part runs under an advisory
 * lock, and every deletion is idempotent.
 */
export class Retention {
  private readonly repository: RetentionRepository;
  private readonly store: UploadStore;
  private readonly timeouts: TimeoutFunctions;
  private handle: unknown = null;
  private running: Promise<RetentionReport> | null = null;
  private stopped = true;

  constructor(private readonly deps: RetentionDependencies) {
    this.repository = new RetentionRepository(deps.db);
    this.store = deps.uploads;
    this.timeouts = deps.timeouts ?? realTimeouts;
  }

  /** Schedules the first run and every one after it. */
  start(): void {
    this.stopped = false;
    this.schedule(RETENTION_FIRST_RUN_MS);
  }

  /** Cancels the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== null) this.timeouts.clearTimeout(this.handle);
    this.handle = null;
    await this.running?.catch(() => {});
  }

  /** Runs every job once now (a run already in progress is joined, not repeated). */
  runOnce(): Promise<RetentionReport> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.handle = this.timeouts.setTimeout(() => {
      this.handle = null;
      this.runOnce()
        .catch((error: unknown) => this.deps.logger.warn('retention run failed', { error: String(error) }))
        .finally(() => this.schedule(RETENTION_INTERVAL_MS));
    }, delayMs);
  }

  private async run(): Promise<RetentionReport> {
    const now = new Date(this.deps.clock.now());
    const cutoff = new Date(now.getTime() - this.deps.anonymousTimerDays * 86_400_000);
    const database = await this.repository.exclusively(async (repository) => {
      const sessions = await repository.deleteExpiredSessions(now);
      const invites = await repository.deleteExpiredInvites(now);
      let timers: string[] = [];
      if (this.deps.anonymousTimerDays > 0) {
        const candidates = (await repository.abandonedTimerIds(cutoff, TIMERS_PER_RUN)).filter(
          (id) => !this.deps.isActive(id),
        );
        timers = await repository.deleteAbandonedTimers(candidates, cutoff);
      }
      return { sessions, invites, timers };
    });
    const files: string[] = [];
    for (const id of database?.timers ?? []) {
      await this.store.removeTimer(id);
      files.push(`/uploads/${id}/`);
    }
    files.push(...(await this.sweepUploads()));
    const report: RetentionReport = {
      sessions: database?.sessions ?? null,
      invites: database?.invites ?? null,
      timers: database?.timers ?? null,
      files,
    };
    if (report.sessions || report.invites || report.timers?.length || files.length) {
      this.deps.logger.info('retention', {
        sessions: report.sessions,
        invites: report.invites,
        timers: report.timers?.length ?? null,
        files: files.length,
      });
    }
    return report;
  }

  /** Upload directories of timers that no longer exist go; files nobody references go after a grace period. */
  private async sweepUploads(): Promise<string[]> {
    const ids = await this.store.timerIds();
    const removed: string[] = [];
    for (let start = 0; start < ids.length; start += 200) {
      const batch = ids.slice(start, start + 200);
      const settings = await this.repository.timerSettings(batch);
      for (const id of batch) {
        if (!settings.has(id)) {
          await this.store.removeTimer(id);
          removed.push(`/uploads/${id}/`);
          continue;
        }
        // File ages are compared with disk times, so with the wall clock.
        removed.push(...(await sweepTimerUploads(this.store, id, settings.get(id), Date.now())).removed);
      }
    }
    return removed;
  }
}
