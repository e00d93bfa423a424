import { and, gt, isNotNull, lte, min } from 'drizzle-orm';
import type { Clock, TimeoutFunctions } from '../lib/clock';
import { realTimeouts } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { TopicPublisher } from './topic-publisher';
import type { TournamentChanges } from './tournament-changes';
import type { TournamentRepository } from './tournament.repository';
import { tournamentFixtures, tournamentMotions } from './tournament.schema';

/** How often a hub looks for releases another hub scheduled. */
export const RELEASE_POLL_MS = 30_000;
/** On start, releases this recent are pushed again (a hub that was down when they fell due). */
const CATCH_UP_MS = 10 * 60_000;

/**
 * Topics and motions released at a set time reach the rooms' displays at that time: the page
 * and the live wall read the release time themselves, but a display shows only what its timer's
 * settings say. Each hub keeps a timeout for the next release it knows of, set at once when this
 * hub schedules one and found within `RELEASE_POLL_MS` when another hub did. Several hubs may
 * run the same release: the first pushes it, the others find the displays already showing it.
 */
export class ScheduledReleases {
  private handle: unknown = null;
  private stopped = true;
  private checkedUpTo = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly repository: TournamentRepository,
    private readonly displays: TopicPublisher,
    private readonly changes: TournamentChanges,
    private readonly clock: Clock,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly timeouts: TimeoutFunctions = realTimeouts,
  ) {}

  start(): void {
    this.stopped = false;
    this.checkedUpTo = this.clock.now() - CATCH_UP_MS;
    this.arm(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== null) this.timeouts.clearTimeout(this.handle);
    this.handle = null;
    await this.running?.catch(() => {});
  }

  /** A release was scheduled on this hub: look again now for the next one. */
  rearm(): void {
    if (!this.stopped && this.running === null) this.arm(0);
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    if (this.handle !== null) this.timeouts.clearTimeout(this.handle);
    this.handle = this.timeouts.setTimeout(() => {
      this.handle = null;
      this.running = this.run()
        .catch((error: unknown) => {
          this.logger.warn('scheduled releases failed', { error: String(error) });
          return RELEASE_POLL_MS;
        })
        .then((next) => {
          this.running = null;
          this.arm(next);
        });
    }, delayMs);
  }

  /** Pushes what fell due since the last run; answers how long to wait for the next one. */
  private async run(): Promise<number> {
    const now = this.clock.now();
    const from = this.checkedUpTo;
    const db = this.repository.db;
    const [fixtures, motions] = await Promise.all([
      db
        .select({ tournamentId: tournamentFixtures.tournamentId, fixtureId: tournamentFixtures.id })
        .from(tournamentFixtures)
        .where(
          and(
            isNotNull(tournamentFixtures.topicId),
            gt(tournamentFixtures.topicReleaseAt, from),
            lte(tournamentFixtures.topicReleaseAt, now),
          ),
        ),
      db
        .select({ tournamentId: tournamentMotions.tournamentId, roundId: tournamentMotions.roundId })
        .from(tournamentMotions)
        .where(
          and(
            isNotNull(tournamentMotions.roundId),
            gt(tournamentMotions.releasedAt, from),
            lte(tournamentMotions.releasedAt, now),
          ),
        ),
    ]);
    const due = new Map<string, { fixtureIds: Set<string>; roundIds: Set<string> }>();
    const of = (id: string) => {
      const entry = due.get(id) ?? { fixtureIds: new Set<string>(), roundIds: new Set<string>() };
      due.set(id, entry);
      return entry;
    };
    for (const row of fixtures) of(row.tournamentId).fixtureIds.add(row.fixtureId);
    for (const row of motions) of(row.tournamentId).roundIds.add(row.roundId!);
    for (const [tournamentId, { fixtureIds, roundIds }] of due) {
      const tournament = await this.repository.find(tournamentId);
      if (!tournament) continue;
      const snapshot = await this.repository.snapshot(tournament);
      for (const fixture of snapshot.fixtures) if (roundIds.has(fixture.roundId)) fixtureIds.add(fixture.id);
      const pushed = await this.displays.push(tournament, [...fixtureIds]);
      // Pages watching the tournament read it again and find the release. A release made "now"
      // was pushed and announced when it was made: its displays already show it, nothing to say.
      if (pushed.changed > 0 || pushed.withoutTimer > 0)
        await this.changes.write(tournamentId, async () => {});
    }
    this.checkedUpTo = now;
    const next = await this.next(now);
    return next === null ? RELEASE_POLL_MS : Math.max(0, Math.min(RELEASE_POLL_MS, next - this.clock.now()));
  }

  /** When the next release after `now` falls, of any tournament on the database; null: none. */
  private async next(now: number): Promise<number | null> {
    const db = this.repository.db;
    const [[topic], [motion]] = await Promise.all([
      db
        .select({ at: min(tournamentFixtures.topicReleaseAt) })
        .from(tournamentFixtures)
        .where(and(isNotNull(tournamentFixtures.topicId), gt(tournamentFixtures.topicReleaseAt, now))),
      db
        .select({ at: min(tournamentMotions.releasedAt) })
        .from(tournamentMotions)
        .where(and(isNotNull(tournamentMotions.roundId), gt(tournamentMotions.releasedAt, now))),
    ]);
    const times = [topic?.at, motion?.at].filter((at): at is number => typeof at === 'number');
    return times.length ? Math.min(...times) : null;
  }
}
