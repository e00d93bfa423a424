import {
  PreSerialized,
  apply,
  createMatch,
  nextDeadline,
  replayLog,
  type Replay,
  trackedId,
  type Command,
  type MatchEvent,
  type MatchState,
  type PeerLink,
  type PresenceCounts,
  type RosterEntry,
  type TimerPublic,
  type WatchMessage,
} from '@bianshi/shared';
import type { LockedDecision, MatchRow, TimerRepository } from './timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { M } from './messages';
import { countByRole, rosterOf } from '../realtime/presence';
import type { Session } from '../realtime/session';
import { sendTick } from '../realtime/ticks';
import { undoDecision } from './undo-decision';

/** How many recent changes a room keeps so a reconnecting screen gets exactly what it missed. */
export const RESUME_WINDOW = 256;

/**
 * An internal listener of a match room (a lobby room relaying this match to its screens). It
 * hears the room's own serialized frames, once per change, after the room's sessions; it must
 * not throw and must not call back into the room synchronously.
 */
export interface MatchObserver {
  /** A change was published; `frame` is the room's `change` WatchMessage, serialized once. */
  onMatchChange(room: MatchRoom, frame: PreSerialized, version: number): void;
  /** Timer facts (name, settings) changed; `frame` is the room's `timer` WatchMessage. */
  onMatchTimer(room: MatchRoom, frame: PreSerialized): void;
}

/** What a command may carry besides itself. */
export interface CommandOptions {
  expectedVersion?: number;
  /** Recorded in the log: 'scheduler', 'api', 'console'… */
  actor: string;
}

/** A command's outcome, as every input (tRPC, HTTP API, scheduler) sees it. */
export type CommandOutcome =
  | { ok: true; version: number; state: MatchState; events: MatchEvent[] }
  | { ok: false; code: 'conflict'; message: string; version: number }
  | { ok: false; code: 'rejected'; reason: string; message: string; version: number }
  | { ok: false; code: 'unavailable'; message: string; version: number };

/** What a room needs from the rest of the hub. Rooms never see sockets or the network. */
export interface RoomDependencies {
  repository: TimerRepository;
  clock: Clock;
  logger: Logger;
  /** Tells the scheduler this room's next deadline (null: nothing pending). */
  onDeadline(matchId: string, deadline: number | null): void;
  /** Tells other hubs a change was committed here. */
  onCommitted(matchId: string, state: MatchState, events: MatchEvent[]): void;
}

/**
 * The authoritative room of one match: it alone mutates the state, commits every accepted
 * command before anyone hears of it, and fans each change out serialized once.
 */
export class MatchRoom {
  readonly matchId: string;
  readonly timerId: string;
  private state: MatchState;
  private timer: TimerPublic;
  private readonly sessions = new Set<Session>();
  private readonly observers = new Set<MatchObserver>();
  /** Recent change frames by version, oldest first. */
  private readonly recent: { version: number; frame: PreSerialized }[] = [];
  private snapshotCache: { version: number; frame: PreSerialized } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The timer needs a view key to watch: watchers are then always checked against the database. */
  isPrivate = false;
  /** Server ms when the last session left, for idle unloading. */
  idleSince: number;

  constructor(
    match: MatchRow,
    timer: TimerPublic,
    private readonly deps: RoomDependencies,
  ) {
    this.matchId = match.id;
    this.timerId = match.timerId;
    this.state = match.state;
    this.timer = timer;
    this.idleSince = deps.clock.now();
    deps.onDeadline(this.matchId, nextDeadline(this.state));
  }

  /** The current authoritative state. */
  get current(): MatchState {
    return this.state;
  }

  get timerInfo(): TimerPublic {
    return this.timer;
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  get allSessions(): Iterable<Session> {
    return this.sessions;
  }

  /** True while an internal observer relays this room; the registry keeps it loaded. */
  get observed(): boolean {
    return this.observers.size > 0;
  }

  /**
   * Adds an internal observer (see {@link MatchObserver}); returns the function that removes
   * it. One observer per relaying room, however many screens that room has.
   */
  observe(observer: MatchObserver): () => void {
    this.observers.add(observer);
    return () => {
      if (this.observers.delete(observer) && this.observers.size === 0 && this.sessions.size === 0)
        this.idleSince = this.deps.clock.now();
    };
  }

  /**
   * Adds a session. It first gets what it missed since `lastVersion` when the room still
   * holds all of it, otherwise a full snapshot.
   */
  attach(session: Session, lastVersion?: number): void {
    this.sessions.add(session);
    session.host = this;
    const missed = lastVersion === undefined ? null : this.changesAfter(lastVersion);
    if (missed === null) {
      this.sendSnapshot(session);
    } else {
      for (const change of missed)
        session.push({ kind: 'tracked', id: trackedId(this.matchId, change.version), frame: change.frame });
    }
  }

  /** Removes a session; presence shows it gone at the next tick. */
  detach(session: Session): void {
    if (session.host === this) session.host = null;
    if (this.sessions.delete(session) && this.sessions.size === 0) this.idleSince = this.deps.clock.now();
  }

  /** Sends the latest snapshot to a session (after it lagged, or on attach). */
  sendSnapshot(session: Session): void {
    const snapshot = this.snapshotFrame();
    session.push({ kind: 'tracked', id: trackedId(this.matchId, snapshot.version), frame: snapshot.frame });
  }

  /** The current snapshot, serialized once per version. */
  snapshotFrame(): { version: number; frame: PreSerialized } {
    if (this.snapshotCache?.version !== this.state.version) {
      const message: WatchMessage = {
        type: 'snapshot',
        matchId: this.matchId,
        version: this.state.version,
        state: this.state,
        timer: this.timer,
        serverNow: this.deps.clock.now(),
      };
      this.snapshotCache = { version: this.state.version, frame: PreSerialized.of(message) };
    }
    return this.snapshotCache;
  }

  /** Updates what watchers know of the timer (name, settings) and tells them. */
  updateTimer(timer: TimerPublic): void {
    this.timer = timer;
    this.snapshotCache = null;
    const frame = PreSerialized.of({ type: 'timer', timer } satisfies WatchMessage);
    this.broadcast({ kind: 'plain', frame });
    for (const observer of this.observers) observer.onMatchTimer(this, frame);
  }

  /** Applies a command through the room's queue, so racing callers end in one order. */
  command(command: Command, options: CommandOptions): Promise<CommandOutcome> {
    const run = this.queue.then(() =>
      command.type === 'undo' ? this.processUndo(options) : this.process(command, options),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Replays commands a console ran offline from `baseVersion`, at the times they were given.
   * All or nothing: accepted only when the match has not moved since `baseVersion` (or with
   * `force`, on top of whatever it is now); any illegal command rejects the whole replay.
   */
  replay(
    baseVersion: number,
    commands: readonly { command: Command; at: number }[],
    options: { force: boolean; actor: string },
  ): Promise<CommandOutcome> {
    const run = this.queue.then(() => this.processReplay(baseVersion, commands, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** This hub's share of the room's presence. */
  localPresence(): { counts: PresenceCounts; roster: RosterEntry[] } {
    return { counts: countByRole(this.sessions), roster: rosterOf(this.sessions) };
  }

  /**
   * Names one of this room's screens (a controller chose it): the roster shows it at the next
   * tick, and the screen hears it so it keeps the name when it reconnects. False when the
   * screen is not connected to this room.
   */
  renameScreen(screenId: string, name: string): boolean {
    for (const session of this.sessions) {
      if (session.info.id !== screenId) continue;
      session.info.name = name;
      session.push({
        kind: 'plain',
        frame: PreSerialized.of({ type: 'renamed', name } satisfies WatchMessage),
      });
      return true;
    }
    return false;
  }

  /**
   * One tick: server time and presence (all hubs) for everyone, the roster for controllers (see
   * {@link sendTick}), and `peers` when this hub cannot reach the others as it should.
   */
  tick(now: number, presence: PresenceCounts, roster: RosterEntry[], peers: PeerLink | null = null): void {
    if (this.sessions.size === 0) return;
    const link = peers ? { peers } : {};
    sendTick(
      [...this.sessions],
      {
        everyone: PreSerialized.of({
          type: 'tick',
          serverNow: now,
          presence,
          ...link,
        } satisfies WatchMessage),
        controllers: () =>
          PreSerialized.of({
            type: 'tick',
            serverNow: now,
            presence,
            roster,
            ...link,
          } satisfies WatchMessage),
      },
      // Sessions that left (or moved to another room) since the tick began are skipped.
      (session) => session.host === this,
    );
  }

  /**
   * Takes a change another hub committed. The next version is adopted as it comes; a gap
   * (a notice was lost) is filled from the database with every event in between.
   */
  adoptRemote(state: MatchState, events: MatchEvent[]): void {
    const run = this.queue.then(async () => {
      if (state.version <= this.state.version) return;
      if (state.version === this.state.version + 1) this.publish(state, events, false);
      else await this.catchUp();
    });
    this.queue = run.catch((error: unknown) =>
      this.deps.logger.warn('adopt failed', { matchId: this.matchId, error: String(error) }),
    );
  }

  /** Re-reads the match from the database and publishes it, with the events in between, if newer. */
  resync(): Promise<void> {
    const run = this.queue.then(() => this.catchUp());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async catchUp(): Promise<void> {
    const fresh = await this.deps.repository.findMatch(this.matchId);
    if (!fresh || fresh.state.version <= this.state.version) return;
    const missed = await this.deps.repository.log(this.matchId, this.state.version);
    this.publish(
      fresh.state,
      missed.flatMap((entry) => entry.events),
      false,
    );
  }

  private process(command: Command, options: CommandOptions): Promise<CommandOutcome> {
    return this.commit((base, now) => {
      if (options.expectedVersion !== undefined && options.expectedVersion !== base.version) {
        return {
          write: null,
          value: { ok: false, code: 'conflict', message: M.conflict, version: base.version },
        };
      }
      const result = apply(base, command, now);
      if (!result.ok) {
        return {
          write: null,
          value: {
            ok: false,
            code: 'rejected',
            reason: result.error.code,
            message: result.error.message,
            version: base.version,
          },
        };
      }
      return {
        write: {
          next: result.state,
          entries: [
            { version: result.state.version, command, events: result.events, at: now, actor: options.actor },
          ],
          nextDeadline: nextDeadline(result.state),
        },
        value: { ok: true, version: result.state.version, state: result.state, events: result.events },
      };
    });
  }

  /**
   * Undo (撤销): the match's command log is replayed (before the lock: a read), then the undo is
   * decided under the lock and committed like any command (`undo-decision.ts`).
   */
  private async processUndo(options: CommandOptions): Promise<CommandOutcome> {
    const known = this.state;
    let replay: Replay;
    try {
      replay = replayLog(
        createMatch(known.format, { now: known.createdAt }),
        await this.deps.repository.log(this.matchId),
      );
    } catch (error) {
      this.deps.logger.error('undo log read failed', { matchId: this.matchId, error: String(error) });
      return { ok: false, code: 'unavailable', message: M.unavailable, version: known.version };
    }
    return this.commit((base, now) =>
      undoDecision(replay, { state: base, version: base.version }, now, options.actor),
    );
  }

  private processReplay(
    baseVersion: number,
    commands: readonly { command: Command; at: number }[],
    options: { force: boolean; actor: string },
  ): Promise<CommandOutcome> {
    return this.commit((base, now) => {
      if (!options.force && base.version !== baseVersion) {
        return {
          write: null,
          value: { ok: false, code: 'conflict', message: M.replayConflict, version: base.version },
        };
      }
      let state = base;
      const events: MatchEvent[] = [];
      const entries = [];
      for (const { command, at } of commands) {
        // Offline times cannot be in the future, and never before what is already settled.
        const when = Math.min(Math.max(at, state.processedUntil), now);
        const result = apply(state, command, when);
        if (!result.ok) {
          return {
            write: null,
            value: {
              ok: false,
              code: 'rejected',
              reason: result.error.code,
              message: M.replayRejected(result.error.message),
              version: base.version,
            },
          };
        }
        state = result.state;
        events.push(...result.events);
        entries.push({
          version: state.version,
          command,
          events: result.events,
          at: when,
          actor: options.actor,
        });
      }
      // Whatever fell due between the last offline command and now is processed too.
      const caught = apply(state, { type: 'expire' }, now);
      if (caught.ok) {
        state = caught.state;
        events.push(...caught.events);
        entries.push({
          version: state.version,
          command: { type: 'expire' } as Command,
          events: caught.events,
          at: now,
          actor: options.actor,
        });
      }
      return {
        write: entries.length > 0 ? { next: state, entries, nextDeadline: nextDeadline(state) } : null,
        value: { ok: true, version: state.version, state, events },
      };
    });
  }

  /**
   * The one way a change is decided and committed. `decide` runs under the match row's lock on
   * the committed state (`base`: ours, or what another hub moved the match on to). What another
   * hub committed in between is shown to our watchers first, then the change itself. A commit
   * that fails answers `unavailable`, and the scheduler's work is retried shortly.
   */
  private async commit(
    decide: (base: MatchState, now: number) => LockedDecision<CommandOutcome>,
  ): Promise<CommandOutcome> {
    const now = this.deps.clock.now();
    const known = this.state;
    /** The committed state when it was ahead of ours (another hub moved the match on). */
    let adopted: MatchState | null = null;
    let locked;
    try {
      locked = await this.deps.repository.commitLocked(
        this.matchId,
        { state: known, version: known.version },
        (row): LockedDecision<CommandOutcome> => {
          const behind = row.version > known.version;
          adopted = behind ? row.state : null;
          const decision = decide(behind ? row.state : known, now);
          return behind ? { ...decision, catchUpFrom: known.version } : decision;
        },
      );
    } catch (error) {
      this.deps.logger.error('commit failed', { matchId: this.matchId, error: String(error) });
      this.deps.onDeadline(this.matchId, nextDeadline(known) === null ? null : now + 1_000);
      return { ok: false, code: 'unavailable', message: M.unavailable, version: known.version };
    }
    if (!locked.found)
      return { ok: false, code: 'unavailable', message: M.matchGone, version: known.version };
    if (adopted !== null && (adopted as MatchState).version > this.state.version) {
      this.publish(
        adopted,
        locked.missed.flatMap((entry) => entry.events),
        false,
      );
    }
    if (locked.value.ok && locked.value.version > this.state.version)
      this.publish(locked.value.state, locked.value.events, true);
    return locked.value;
  }

  /** Makes `state` current and sends the change to every session, serialized once. */
  private publish(next: MatchState, events: MatchEvent[], committedHere: boolean): void {
    const previous = this.state;
    const formatChanged =
      next.format !== previous.format && JSON.stringify(next.format) !== JSON.stringify(previous.format);
    // A change from another hub arrives with its own copy of the same format: keep the one we hold.
    const state =
      formatChanged || next.format === previous.format ? next : { ...next, format: previous.format };
    this.state = state;
    this.deps.onDeadline(this.matchId, nextDeadline(state));
    // Changes leave the format snapshot out (it rarely changes); a new format (a match that had
    // not begun took the edited format) goes out as a snapshot of that version, which screens,
    // relays and resuming screens take in place of a change.
    const frame = formatChanged ? this.snapshotFrame().frame : this.changeFrame(state, events);
    this.recent.push({ version: state.version, frame });
    if (this.recent.length > RESUME_WINDOW) this.recent.shift();
    this.broadcast({ kind: 'tracked', id: trackedId(this.matchId, state.version), frame });
    for (const observer of this.observers) observer.onMatchChange(this, frame, state.version);
    if (committedHere) this.deps.onCommitted(this.matchId, state, events);
  }

  /** The `change` message of a new state: the state without its format, and its events. */
  private changeFrame(state: MatchState, events: MatchEvent[]): PreSerialized {
    const { format: _format, ...delta } = state;
    return PreSerialized.of({
      type: 'change',
      matchId: this.matchId,
      version: state.version,
      state: delta,
      events,
      serverNow: this.deps.clock.now(),
    } satisfies WatchMessage);
  }

  private broadcast(item: Parameters<Session['push']>[0]): void {
    for (const session of this.sessions) session.push(item);
  }

  /** Frames after `version` when the room holds every one of them, else null. */
  private changesAfter(version: number): { version: number; frame: PreSerialized }[] | null {
    if (version === this.state.version) return [];
    if (version > this.state.version) return null;
    const first = this.recent[0];
    if (!first || first.version > version + 1) return null;
    return this.recent.filter((change) => change.version > version);
  }
}
