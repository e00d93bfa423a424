import { eq, inArray } from 'drizzle-orm';
import { TimerSettingsRepository } from '../timers/timer-settings.repository';
import { topics } from '../library/library.schema';
import type { Clock } from '../lib/clock';
import type { TimerService } from '../timers/timer.service';
import type { TournamentRepository } from './tournament.repository';
import { tournamentFixtures } from './tournament.schema';

/**
 * Puts released topics on the displays of published fixtures' timers, the way the topic
 * library's "use in timer" does: the timer's settings, then a `timer` notice to every hub.
 */
export class TopicPublisher {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly timers: TimerService,
    private readonly clock: Clock,
  ) {}

  /** Pushes the topics of `fixtureIds` that are released and have a timer. */
  async push(fixtureIds: readonly string[]): Promise<void> {
    if (fixtureIds.length === 0) return;
    const rows = await this.repository.db
      .select({
        timerId: tournamentFixtures.timerId,
        releaseAt: tournamentFixtures.topicReleaseAt,
        topicId: topics.id,
        text: topics.text,
      })
      .from(tournamentFixtures)
      .innerJoin(topics, eq(topics.id, tournamentFixtures.topicId))
      .where(inArray(tournamentFixtures.id, [...fixtureIds]));
    const manage = new TimerSettingsRepository(this.repository.db);
    const now = this.clock.now();
    for (const row of rows) {
      if (!row.timerId || row.releaseAt === null || row.releaseAt > now) continue;
      await manage.mergeSettings(row.timerId, { topic: row.text, topicId: row.topicId });
      await this.timers.changed(row.timerId);
    }
  }
}
