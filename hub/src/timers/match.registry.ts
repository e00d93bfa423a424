import { CLOSE, nextDeadline, type TimerPublic } from '@bianshi/shared';
import type { TimerRecord, TimerRepository } from './timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { Fanout, MatchNotice, OutgoingNotice } from '../scale/fanout';
import { noMirror, type ChangeMirror } from '../realtime/change-mirror';
import { HubError } from '../lib/errors';
import { M } from './messages';
import { MatchRoom, type RoomDependencies } from './match-room';
import { mergePresence } from '../realtime/presence';
import { Scheduler } from './scheduler';
import { realTimeouts, type TimeoutFunctions } from '../lib/clock';
import { SocketDirectory } from '../realtime/socket-directory';
import { WatchSession } from './watch-session';

/** Rooms without sessions and without pending deadlines unload after this long. */
export const ROOM_IDLE_UNLOAD_MS = 60_000;
/** Presence and server time go out this often to every room with sessions. */
export const TICK_INTERVAL_MS = 1_000;

export interface RegistryDependencies {
  repository: TimerRepository;
  clock: Clock;
  logger: Logger;
  fanout: Fanout;
  /** Where committed changes are mirrored for clients cut off from every hub (Supabase Realtime). */
  mirror?: ChangeMirror;
  timeouts?: TimeoutFunctions;
  /** Open connections by account, closed when the account's sessions end. */
  sockets?: SocketDirectory;
}

/** What watchers may know of a timer. */
export function timerPublic(timer: TimerRecord): TimerPublic {
  return {
    id: timer.id,
    shortid: timer.shortid,
    name: timer.name,
    description: timer.description,
    settings: timer.settings,
    private: timer.viewKey !== null,
  };
}

/**
 * Loads rooms lazily, keeps the ones with running clocks loaded so the scheduler can expire
 * them, unloads idle ones, and drives one hub-wide tick and one hub-wide scheduler.
 */
export class RoomRegistry {
  private readonly rooms = new Map<string, MatchRoom>();
  /** Timer id → its current match id, for the timers whose current match is loaded here. */
  private readonly currentByTimer = new Map<string, string>();
  private readonly loading = new Map<string, Promise<MatchRoom | null>>();
  private readonly scheduler: Scheduler;
  private readonly timeouts: TimeoutFunctions;
  private readonly intervals: NodeJS.Timeout[] = [];
  private readonly roomDeps: RoomDependencies;
  private readonly tickListeners = new Set<(now: number) => void>();
  private readonly currentMatchListeners = new Set<(timerId: string, room: MatchRoom) => void>();
  private readonly tournamentListeners = new Set<(tournamentId: string, version: number) => void>();
  /** Open connections by account (closed on `signout` notices). */
  readonly sockets: SocketDirectory;

  constructor(private readonly deps: RegistryDependencies) {
    this.sockets = deps.sockets ?? new SocketDirectory();
    this.timeouts = deps.timeouts ?? realTimeouts;
    this.scheduler = new Scheduler(deps.clock, (matchId) => void this.expire(matchId), this.timeouts);
    this.roomDeps = {
      repository: deps.repository,
      clock: deps.clock,
      logger: deps.logger,
      onDeadline: (matchId, deadline) => this.scheduler.set(matchId, deadline),
      onCommitted: (matchId, state, events) => {
        deps.fanout.publish({
          type: 'change',
          matchId,
          version: state.version,
          state,
          events,
          hubId: deps.fanout.hubId,
        });
        // Private timers' changes stay on the hubs: the mirror's broadcast channels are public.
        if (!this.rooms.get(matchId)?.isPrivate)
          (deps.mirror ?? noMirror).mirror(matchId, state, events, deps.clock.now());
      },
    };
    deps.fanout.onNotice((notice) => void this.handle(notice));
    deps.fanout.onReconnect(() => {
      // Whatever was said while the link was down is read again from the database.
      for (const room of this.rooms.values()) void room.resync();
      for (const timerId of this.loadedTimers()) {
        void this.handle({ type: 'timer', timerId, hubId: deps.fanout.hubId });
        void this.handle({ type: 'current', timerId, matchId: '', hubId: deps.fanout.hubId });
      }
    });
  }

  /**
   * Tells every hub (this one first) that something changed, after it was committed. The one
   * way timer facts, current matches and access reach rooms: routers and services never
   * change rooms themselves.
   */
  async announce(notice: OutgoingNotice): Promise<void> {
    const stamped = { ...notice, hubId: this.deps.fanout.hubId } as MatchNotice;
    this.deps.fanout.publish(stamped);
    await this.handle(stamped);
  }

  /**
   * Handles one notice, from another hub or from this one: the single place where what crosses
   * hubs reaches the rooms. Notices other than `change` are re-read from the database.
   */
  async handle(notice: MatchNotice): Promise<void> {
    try {
      switch (notice.type) {
        case 'change':
          this.rooms.get(notice.matchId)?.adoptRemote(notice.state, notice.events);
          return;
        case 'stale': {
          const room = this.rooms.get(notice.matchId);
          if (room && notice.version > room.current.version) await room.resync();
          return;
        }
        case 'timer': {
          if (!this.servesTimer(notice.timerId)) return;
          const timer = await this.deps.repository.findTimer(notice.timerId);
          if (timer) this.updateTimer(timer);
          return;
        }
        case 'current': {
          // The hub that made the change always loads the new room (its caller gets it back).
          const local = notice.hubId === this.deps.fanout.hubId && notice.matchId !== '';
          if (!local && !this.servesTimer(notice.timerId)) return;
          const timer = await this.deps.repository.findTimer(notice.timerId);
          if (!timer?.currentMatchId) return;
          if (this.currentByTimer.get(timer.id) === timer.currentMatchId && !local) return;
          const room = await this.room(timer.currentMatchId);
          if (room) this.moveFollowers(timer.id, room);
          return;
        }
        case 'access': {
          if (!this.servesTimer(notice.timerId)) return;
          const timer = await this.deps.repository.findTimer(notice.timerId);
          if (!timer) return;
          this.updateTimer(timer);
          await this.recheckSessions(timer);
          return;
        }
        case 'signout':
          this.sockets.closeAccount(notice.userId, notice.tokenHash, CLOSE.revoked);
          return;
        case 'tournament':
          for (const listener of this.tournamentListeners) listener(notice.tournamentId, notice.version);
          return;
        case 'screen':
          for (const room of this.rooms.values())
            if (room.timerId === notice.timerId) room.renameScreen(notice.screenId, notice.name);
          return;
        default:
          notice satisfies never;
      }
    } catch (error) {
      this.deps.logger.warn('notice failed', { type: notice.type, error: String(error) });
    }
  }

  /** Loads every match with pending deadlines (restart recovery) and starts the hub-wide loops. */
  async start(): Promise<void> {
    const scheduled = await this.deps.repository.findScheduledMatches();
    await Promise.all(scheduled.map((match) => this.room(match.id)));
    const tick = setInterval(() => this.tick(), TICK_INTERVAL_MS);
    const sweep = setInterval(() => this.sweep(), ROOM_IDLE_UNLOAD_MS / 2);
    tick.unref();
    sweep.unref();
    this.intervals.push(tick, sweep);
    this.deps.logger.info('rooms recovered', { count: scheduled.length });
  }

  stop(): void {
    this.scheduler.stop();
    for (const interval of this.intervals) clearInterval(interval);
  }

  /**
   * The loaded room of a timer's current match, without touching the database, or undefined.
   * Watching screens resolve through here first, so a crowd reconnecting costs no queries.
   */
  currentRoomOf(timerId: string): MatchRoom | undefined {
    const matchId = this.currentByTimer.get(timerId);
    return matchId === undefined ? undefined : this.rooms.get(matchId);
  }

  /** The loaded room of a match, if any, without touching the database. */
  loaded(matchId: string): MatchRoom | undefined {
    return this.rooms.get(matchId);
  }

  /** Number of loaded rooms. */
  get size(): number {
    return this.rooms.size;
  }

  /** The room of a match, loading it from the database on first use; null when it does not exist. */
  room(matchId: string): Promise<MatchRoom | null> {
    const existing = this.rooms.get(matchId);
    if (existing) return Promise.resolve(existing);
    let pending = this.loading.get(matchId);
    if (!pending) {
      pending = this.load(matchId).finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, pending);
    }
    return pending;
  }

  /**
   * Runs `listener` on every hub-wide tick (after the match rooms ticked), so other kinds of
   * rooms (lobbies) tick on the same loop. Returns the function that removes it.
   */
  onTick(listener: (now: number) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /**
   * Runs `listener` when a timer moves on to a new current match (its followers moved), so
   * relays (lobby rooms) can follow it too. Returns the function that removes it.
   */
  onCurrentMatch(listener: (timerId: string, room: MatchRoom) => void): () => void {
    this.currentMatchListeners.add(listener);
    return () => this.currentMatchListeners.delete(listener);
  }

  /** Runs `listener` when a tournament changed on any hub (its watchers re-read it from the database). */
  onTournamentChanged(listener: (tournamentId: string, version: number) => void): () => void {
    this.tournamentListeners.add(listener);
    return () => this.tournamentListeners.delete(listener);
  }

  /** Moves the sessions that follow a timer from its other rooms into `room` (on a `current` notice). */
  private moveFollowers(timerId: string, room: MatchRoom): void {
    this.currentByTimer.set(timerId, room.matchId);
    for (const listener of this.currentMatchListeners) listener(timerId, room);
    for (const other of this.rooms.values()) {
      if (other === room || other.timerId !== timerId) continue;
      for (const session of [...other.allSessions]) {
        if (!session.info.followsTimer) continue;
        other.detach(session);
        room.attach(session);
      }
    }
  }

  /** Tells every loaded room of a timer about new timer facts (on a `timer` or `access` notice). */
  private updateTimer(timer: TimerRecord): void {
    const info = timerPublic(timer);
    for (const room of this.rooms.values()) {
      if (room.timerId !== timer.id) continue;
      room.isPrivate = timer.viewKey !== null;
      room.updateTimer(info);
    }
  }

  /** Ends the sessions of a timer's rooms whose callers may no longer watch as they do. */
  private async recheckSessions(timer: TimerRecord): Promise<void> {
    const sessions = [...this.rooms.values()]
      .filter((room) => room.timerId === timer.id)
      .flatMap((room) => [...room.allSessions]);
    await Promise.all(
      sessions.map(async (session) => {
        const refused =
          session instanceof WatchSession && session.mayStay
            ? await session.mayStay(timer).catch(() => new HubError('FORBIDDEN', M.revoked, 'access-revoked'))
            : null;
        if (refused) session.revoke(refused);
      }),
    );
  }

  /** True when a room of the timer is loaded here (its screens or relays need to hear of it). */
  private servesTimer(timerId: string): boolean {
    for (const room of this.rooms.values()) if (room.timerId === timerId) return true;
    return false;
  }

  private loadedTimers(): Set<string> {
    return new Set([...this.rooms.values()].map((room) => room.timerId));
  }

  private async load(matchId: string): Promise<MatchRoom | null> {
    const match = await this.deps.repository.findMatch(matchId);
    if (!match) return null;
    const timer = await this.deps.repository.findTimer(match.timerId);
    if (!timer) return null;
    const room = new MatchRoom(match, timerPublic(timer), this.roomDeps);
    room.isPrivate = timer.viewKey !== null;
    this.rooms.set(matchId, room);
    if (timer.currentMatchId === matchId) this.currentByTimer.set(timer.id, matchId);
    this.deps.fanout.subscribe(matchId);
    // A change committed elsewhere between our read and our subscription is caught here.
    void room.resync();
    return room;
  }

  private async expire(matchId: string): Promise<void> {
    const room = await this.room(matchId);
    if (!room) return;
    const outcome = await room.command({ type: 'expire' }, { actor: 'scheduler' });
    if (!outcome.ok && outcome.code === 'rejected' && outcome.reason !== 'nothing-due') {
      this.deps.logger.warn('expire rejected', { matchId, reason: outcome.reason });
    }
  }

  private tick(): void {
    const now = this.deps.clock.now();
    // Screens say so when their hub cannot reach the others as it should.
    const peers = this.deps.fanout.peers();
    for (const room of this.rooms.values()) {
      if (room.sessionCount === 0) continue;
      const share = room.localPresence();
      if (this.deps.fanout.kind === 'local') {
        room.tick(now, share.counts, share.roster, peers);
        continue;
      }
      void this.deps.fanout.exchangePresence(room.matchId, share, now).then((shares) => {
        const merged = mergePresence(shares);
        room.tick(this.deps.clock.now(), merged.counts, merged.roster, peers);
      });
    }
    for (const listener of this.tickListeners) listener(now);
  }

  private sweep(): void {
    const now = this.deps.clock.now();
    for (const [matchId, room] of this.rooms) {
      // Observed rooms (relayed by a lobby) stay loaded, so the relay never misses a change.
      const idle = room.sessionCount === 0 && !room.observed && now - room.idleSince > ROOM_IDLE_UNLOAD_MS;
      if (idle && nextDeadline(room.current) === null) {
        this.rooms.delete(matchId);
        if (this.currentByTimer.get(room.timerId) === matchId) this.currentByTimer.delete(room.timerId);
        this.scheduler.set(matchId, null);
        this.deps.fanout.unsubscribe(matchId);
      }
    }
  }
}
