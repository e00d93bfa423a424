import { timerReading, trackedId, type MatchEvent, type TimerReading } from '@bianshi/shared';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { MatchObserver, MatchRoom } from '../../timers/match-room';
import type { RoomRegistry } from '../../timers/match.registry';

/** One item of a timer's feed: its reading after a change, with what happened in it. */
export interface FeedItem {
  /** `snapshot`: where things stand (first item, a new match); `change`: a command or expiry; `timer`: the timer's facts (teams, topic, access) changed. */
  kind: 'snapshot' | 'change' | 'timer';
  /** `matchId:version`, the resume point (SSE `id`). */
  id: string;
  timerId: string;
  matchId: string;
  reading: TimerReading;
  /** The reducer's events of this change (bells, starts, expiries…); empty for snapshots. */
  events: MatchEvent[];
}

/** A subscriber of a timer's feed. */
export type FeedListener = (item: FeedItem) => void;

/**
 * Feeds of timers for the integrations (Server-Sent Events, OSC): one per followed timer, with
 * one observer on its current match's room whatever the number of listeners, following the
 * timer to its next match. Changes committed on any hub reach the room (fan-out), so they
 * reach every feed on every hub. Each change is read once per feed, not once per listener.
 */
export class TimerFeeds {
  private readonly feeds = new Map<string, TimerFeed>();
  private readonly stopFollowing: () => void;

  constructor(
    private readonly rooms: RoomRegistry,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.stopFollowing = rooms.onCurrentMatch((timerId, room) => this.feeds.get(timerId)?.moveTo(room));
  }

  /**
   * Adds a listener to the feed of the timer whose current match is `room`; it hears a
   * snapshot first (unless `resumeVersion` is the room's version: nothing was missed). Returns
   * the function that removes it.
   */
  listen(room: MatchRoom, listener: FeedListener, resumeVersion?: number): () => void {
    let feed = this.feeds.get(room.timerId);
    if (!feed) {
      feed = new TimerFeed(room, this.clock, this.logger);
      this.feeds.set(room.timerId, feed);
    }
    const current = feed.room;
    if (!(
      resumeVersion !== undefined &&
      current.matchId === room.matchId &&
      resumeVersion === current.current.version
    )) {
      listener(feed.item('snapshot', []));
    }
    feed.listeners.add(listener);
    const owner = feed;
    return () => {
      owner.listeners.delete(listener);
      if (owner.listeners.size === 0 && this.feeds.get(owner.timerId) === owner) {
        owner.close();
        this.feeds.delete(owner.timerId);
      }
    };
  }

  /** Feeds open on this hub. */
  get size(): number {
    return this.feeds.size;
  }

  close(): void {
    this.stopFollowing();
    for (const feed of this.feeds.values()) feed.close();
    this.feeds.clear();
  }
}

class TimerFeed implements MatchObserver {
  readonly listeners = new Set<FeedListener>();
  readonly timerId: string;
  private unobserve: () => void;

  constructor(
    public room: MatchRoom,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.timerId = room.timerId;
    this.unobserve = room.observe(this);
  }

  item(kind: FeedItem['kind'], events: MatchEvent[]): FeedItem {
    const state = this.room.current;
    return {
      kind,
      id: trackedId(this.room.matchId, state.version),
      timerId: this.timerId,
      matchId: this.room.matchId,
      reading: timerReading(state, this.room.timerInfo, this.clock.now()),
      events,
    };
  }

  /** The timer moved on to a new match: follow it, and tell everyone where things stand. */
  moveTo(room: MatchRoom): void {
    if (room === this.room) return;
    this.unobserve();
    this.room = room;
    this.unobserve = room.observe(this);
    this.emit(this.item('snapshot', []));
  }

  onMatchChange(room: MatchRoom, frame: { json: string }): void {
    if (room !== this.room) return;
    // The room's change frame carries the events; read once for every listener of the feed.
    let events: MatchEvent[] = [];
    try {
      const parsed = JSON.parse(frame.json) as { events?: unknown };
      if (Array.isArray(parsed.events)) events = parsed.events as MatchEvent[];
    } catch {
      // A frame we cannot read still changes the state; the reading says what it is.
    }
    this.emit(this.item('change', events));
  }

  onMatchTimer(room: MatchRoom): void {
    if (room === this.room) this.emit(this.item('timer', []));
  }

  close(): void {
    this.unobserve();
  }

  private emit(item: FeedItem): void {
    for (const listener of this.listeners) {
      try {
        listener(item);
      } catch (error) {
        this.logger.warn('feed listener failed', { timerId: this.timerId, error: String(error) });
      }
    }
  }
}
