import { TimerSettingsRepository } from '../timers/timer-settings.repository';
import type { Clock } from '../lib/clock';
import type { TimerService } from '../timers/timer.service';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import { shownTopic } from './tournament-view';

/** What a push did: timers whose display changed, and released rooms that have no timer yet. */
export interface TopicPush {
  changed: number;
  withoutTimer: number;
}

/**
 * Puts released topics on the displays of published fixtures' timers, the way the topic
 * library's "use in timer" does: the timer's settings, then a `timer` notice to every hub. A
 * fixture shows its own topic, or its round's motions (tournament-view.ts `shownTopic`). A timer
 * already showing it is left alone, so a repeated push (another hub, the scheduler after a
 * release "now") sends its displays nothing.
 */
export class TopicPublisher {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly timers: TimerService,
    private readonly clock: Clock,
  ) {}

  /** Pushes what `fixtureIds` show now, to those that have a timer and something released. */
  async push(tournament: TournamentRow, fixtureIds: readonly string[]): Promise<TopicPush> {
    const done: TopicPush = { changed: 0, withoutTimer: 0 };
    if (fixtureIds.length === 0) return done;
    const snapshot = await this.repository.snapshot(tournament);
    const wanted = new Set(fixtureIds);
    const now = this.clock.now();
    const due = snapshot.fixtures.flatMap((fixture) => {
      if (!wanted.has(fixture.id)) return [];
      const topic = shownTopic(snapshot, fixture, now);
      if (!topic) return [];
      if (!fixture.timerId) {
        done.withoutTimer += 1;
        return [];
      }
      return [{ timerId: fixture.timerId, topic }];
    });
    if (due.length === 0) return done;
    const manage = new TimerSettingsRepository(this.repository.db);
    const shown = await manage.shownTopics(due.map((each) => each.timerId));
    for (const { timerId, topic } of due) {
      if (shown.get(timerId) === topic.text) continue;
      await manage.mergeSettings(timerId, {
        topic: topic.text,
        ...(topic.topicId ? { topicId: topic.topicId } : {}),
      });
      await this.timers.changed(timerId);
      done.changed += 1;
    }
    return done;
  }
}
