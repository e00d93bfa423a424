import { TimerSettingsRepository } from '../timers/timer-settings.repository';
import type { Clock } from '../lib/clock';
import type { TimerService } from '../timers/timer.service';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import { shownTopic } from './tournament-view';

/**
 * Puts released topics on the displays of published fixtures' timers, the way the topic
 * library's "use in timer" does: the timer's settings, then a `timer` notice to every hub. A
 * fixture shows its own topic, or its round's motions (tournament-view.ts `shownTopic`).
 */
export class TopicPublisher {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly timers: TimerService,
    private readonly clock: Clock,
  ) {}

  /** Pushes what `fixtureIds` show now, to those that have a timer and something released. */
  async push(tournament: TournamentRow, fixtureIds: readonly string[]): Promise<void> {
    if (fixtureIds.length === 0) return;
    const snapshot = await this.repository.snapshot(tournament);
    const wanted = new Set(fixtureIds);
    const manage = new TimerSettingsRepository(this.repository.db);
    const now = this.clock.now();
    for (const fixture of snapshot.fixtures) {
      if (!wanted.has(fixture.id) || !fixture.timerId) continue;
      const topic = shownTopic(snapshot, fixture, now);
      if (!topic) continue;
      await manage.mergeSettings(fixture.timerId, {
        topic: topic.text,
        ...(topic.topicId ? { topicId: topic.topicId } : {}),
      });
      await this.timers.changed(fixture.timerId);
    }
  }
}
