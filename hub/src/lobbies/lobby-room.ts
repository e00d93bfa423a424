import {
  PreSerialized,
  lobbyStreamKey,
  trackedId,
  type LobbyMessage,
  type LobbyPublic,
  type LobbyRosterEntry,
  type LobbySnapshot,
  type PresenceCounts,
} from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { newId } from '../lib/ids';
import type { MatchObserver, MatchRoom } from '../timers/match-room';
import { countByRole } from '../realtime/presence';
import type { Outgoing, Session } from '../realtime/session';
import type { LobbyRecord } from './lobby.repository';
import { sendTick } from '../realtime/ticks';
import { lobbyWatchEntry } from './lobby-snapshot';

/** How many recent frames a lobby keeps so a reconnecting screen gets exactly what it missed. */
export const LOBBY_RESUME_WINDOW = 256;

/** What a lobby room needs from the rest of the hub. It never sees sockets. */
export interface LobbyRoomDependencies {
  clock: Clock;
  logger: Logger;
  /** The room of a timer's current match, loaded; null when the timer or match is gone. */
  matchRoomOf(timerId: string): Promise<MatchRoom | null>;
}

/** A screen in a lobby: its session (backpressure, draining) and what only lobbies track. */
export interface LobbyScreen {
  readonly session: Session;
  /** The route the screen is on, for the organizer's roster. */
  route: string;
  /**
   * Set when the organizer disconnected or moved the screen: the subscription yields this
   * frame last and ends.
   */
  farewell: PreSerialized | null;
}

/** What a frame is, as a screen's stream yields it. */
export type LobbyOutgoing = Outgoing;

/** One relayed timer: the match room it currently shows and how to stop hearing it. */
interface Relay {
  room: MatchRoom | null;
  stop: () => void;
}

/** The lobby facts every screen may see. */
export function lobbyPublic(record: LobbyRecord): LobbyPublic {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    organizerName: record.organizerName,
    visibility: record.visibility,
    mode: record.mode,
    featuredTimerId: record.featuredTimerId,
    timerIds: record.timerIds,
    notice: record.notice,
    expiresAt: record.expiresAt,
  };
}

/**
 * The authoritative room of one lobby. It owns the lobby's facts as screens see them and its
 * screens, and relays the matches it shows: it observes each match room once, however many
 * screens it has, and wraps the match room's own serialized frames into one lobby stream.
 * Every frame is serialized once per room; targeted frames go to one screen's session only.
 */
export class LobbyRoom implements MatchObserver {
  readonly lobbyId: string;
  /** Changes with every load, so a resume id from an earlier instance asks for a snapshot. */
  private readonly epoch = newId().slice(0, 8);
  private record: LobbyRecord;
  /** Stream version: bumped by every tracked frame (lobby facts or a relayed match change). */
  private version = 0;
  private readonly screens = new Map<string, LobbyScreen>();
  private readonly relays = new Map<string, Relay>();
  private readonly recent: { version: number; frame: PreSerialized }[] = [];
  private snapshotCache: { version: number; frame: PreSerialized } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Server ms when the last screen left, for idle unloading. */
  idleSince: number;

  private constructor(
    record: LobbyRecord,
    private readonly deps: LobbyRoomDependencies,
  ) {
    this.lobbyId = record.id;
    this.record = record;
    this.idleSince = deps.clock.now();
  }

  /** Builds the room of a lobby and starts relaying its matches. */
  static async load(record: LobbyRecord, deps: LobbyRoomDependencies): Promise<LobbyRoom> {
    const room = new LobbyRoom(record, deps);
    await room.syncRelays();
    return room;
  }

  /** The lobby's facts as this room holds them. */
  get facts(): LobbyRecord {
    return this.record;
  }

  get screenCount(): number {
    return this.screens.size;
  }

  /** A screen of this hub by session id. */
  screen(screenId: string): LobbyScreen | undefined {
    return this.screens.get(screenId);
  }

  /** The key of this room instance's tracked ids. */
  get streamKey(): string {
    return lobbyStreamKey(this.lobbyId, this.epoch);
  }

  /**
   * Adds a screen. It learns who it is, then gets what it missed since `lastVersion` (when the
   * room instance still holds all of it) or a full snapshot.
   */
  attach(screen: LobbyScreen, last: { key: string; version: number } | null): void {
    this.screens.set(screen.session.info.id, screen);
    screen.session.push({ kind: 'plain', frame: this.selfFrame(screen) });
    const missed = last && last.key === this.streamKey ? this.changesAfter(last.version) : null;
    if (missed === null) {
      this.sendSnapshot(screen.session);
    } else {
      for (const change of missed)
        screen.session.push({
          kind: 'tracked',
          id: trackedId(this.streamKey, change.version),
          frame: change.frame,
        });
    }
  }

  /** Removes a screen; presence shows it gone at the next tick. */
  detach(screen: LobbyScreen): void {
    if (
      this.screens.get(screen.session.info.id) === screen &&
      this.screens.delete(screen.session.info.id) &&
      this.screens.size === 0
    ) {
      this.idleSince = this.deps.clock.now();
    }
  }

  /** Sends the latest snapshot to a session (on attach, or after it lagged). */
  sendSnapshot(session: Session): void {
    const snapshot = this.snapshotFrame();
    session.push({ kind: 'tracked', id: trackedId(this.streamKey, snapshot.version), frame: snapshot.frame });
  }

  /** The tracked id and frame of the current snapshot (a lagging screen's resync). */
  snapshotItem(): { id: string; frame: PreSerialized } {
    const snapshot = this.snapshotFrame();
    return { id: trackedId(this.streamKey, snapshot.version), frame: snapshot.frame };
  }

  /** Who a screen is, as a frame for it alone. */
  selfFrame(screen: LobbyScreen): PreSerialized {
    const { id, name, role } = screen.session.info;
    return PreSerialized.of({ type: 'screen', screen: { id, name, role } } satisfies LobbyMessage);
  }

  /**
   * The lobby and every match it shows, serialized once per version. Each match's snapshot
   * (serialized once per match state by {@link lobbyWatchEntry}) and each distinct format (once
   * per snapshot, by key) are spliced in as they are, never parsed or serialized again.
   */
  snapshotFrame(): { version: number; frame: PreSerialized } {
    if (this.snapshotCache?.version !== this.version) {
      const head = JSON.stringify({
        type: 'snapshot',
        lobbyId: this.lobbyId,
        version: this.version,
        lobby: lobbyPublic(this.record),
        serverNow: this.deps.clock.now(),
      } satisfies Omit<LobbySnapshot, 'formats' | 'matches'>);
      const formats = new Map<string, string>();
      const now = () => this.deps.clock.now();
      const matches = this.record.timerIds.map((timerId) => {
        const room = this.relays.get(timerId)?.room ?? null;
        const entry = room ? lobbyWatchEntry(room, now) : null;
        if (entry) formats.set(entry.format.key, entry.format.json);
        return `{"timerId":${JSON.stringify(timerId)},"watch":${entry ? entry.json : 'null'}}`;
      });
      const formatsJson = [...formats].map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
      this.snapshotCache = {
        version: this.version,
        frame: new PreSerialized(
          `${head.slice(0, -1)},"formats":{${formatsJson}},"matches":[${matches.join(',')}]}`,
        ),
      };
    }
    return this.snapshotCache;
  }

  /** Takes new lobby facts (after the service committed them) and tells every screen. */
  applyFacts(record: LobbyRecord): Promise<void> {
    const run = this.queue.then(async () => {
      if (record.version < this.record.version) return;
      const timersChanged = record.timerIds.join('\n') !== this.record.timerIds.join('\n');
      this.record = record;
      if (timersChanged) await this.syncRelays();
      const lobby = lobbyPublic(this.record);
      this.publishTracked((version) =>
        PreSerialized.of({
          type: 'lobby',
          lobbyId: this.lobbyId,
          version,
          lobby,
          serverNow: this.deps.clock.now(),
        } satisfies LobbyMessage),
      );
    });
    this.queue = run.catch((error: unknown) =>
      this.deps.logger.warn('lobby facts failed', { lobbyId: this.lobbyId, error: String(error) }),
    );
    return run;
  }

  /** A relayed match changed (MatchObserver): one frame for every screen. */
  onMatchChange(room: MatchRoom, frame: PreSerialized): void {
    this.relayFrame(room, frame);
  }

  /** A relayed timer's facts changed (MatchObserver). */
  onMatchTimer(room: MatchRoom, frame: PreSerialized): void {
    this.relayFrame(room, frame);
  }

  /** A shown timer moved on to a new match: relay that one from now on, starting with its snapshot. */
  followMatch(timerId: string, room: MatchRoom): void {
    const relay = this.relays.get(timerId);
    if (!relay || relay.room === room) return;
    relay.stop();
    this.relays.set(timerId, { room, stop: room.observe(this) });
    this.relayFrame(room, room.snapshotFrame().frame);
  }

  /** Sends a frame to one screen; false when it is not connected here. */
  sendTo(screenId: string, message: LobbyMessage): boolean {
    const screen = this.screens.get(screenId);
    if (!screen) return false;
    return screen.session.push({ kind: 'plain', frame: PreSerialized.of(message) });
  }

  /** Renames a screen and tells it (the roster shows it at the next tick). */
  rename(screenId: string, name: string): boolean {
    const screen = this.screens.get(screenId);
    if (!screen) return false;
    screen.session.info.name = name;
    return screen.session.push({ kind: 'plain', frame: this.selfFrame(screen) });
  }

  /**
   * Ends a screen's stream with a last frame for it alone (`disconnect` or `move`). The
   * subscription yields it and completes; the screen stops instead of reconnecting.
   */
  dismiss(screenId: string, farewell: LobbyMessage): boolean {
    const screen = this.screens.get(screenId);
    if (!screen) return false;
    screen.farewell = PreSerialized.of(farewell);
    screen.session.push({ kind: 'plain', frame: screen.farewell });
    return true;
  }

  /** This hub's share of the lobby's presence. */
  localPresence(): { counts: PresenceCounts; roster: LobbyRosterEntry[] } {
    const sessions = [...this.screens.values()].map((screen) => screen.session);
    const roster = [...this.screens.values()]
      .map(({ session: { info }, route }) => ({
        id: info.id,
        role: info.role,
        name: info.name,
        device: info.device,
        connectedSince: info.connectedSince,
        route,
      }))
      .sort((a, b) => a.connectedSince - b.connectedSince);
    return { counts: countByRole(sessions), roster };
  }

  /** One tick: server time and presence for everyone, the roster for organizers (see {@link sendTick}). */
  tick(now: number, presence: PresenceCounts, roster: LobbyRosterEntry[]): void {
    if (this.screens.size === 0) return;
    sendTick(
      [...this.screens.values()].map((screen) => screen.session),
      {
        everyone: PreSerialized.of({ type: 'tick', serverNow: now, presence } satisfies LobbyMessage),
        controllers: () =>
          PreSerialized.of({ type: 'tick', serverNow: now, presence, roster } satisfies LobbyMessage),
      },
      (session) => this.screens.get(session.info.id)?.session === session,
    );
  }

  /** Stops relaying every match (the room is being unloaded). */
  close(): void {
    for (const relay of this.relays.values()) relay.stop();
    this.relays.clear();
  }

  /** Observes the match rooms of exactly the lobby's timers. */
  private async syncRelays(): Promise<void> {
    const wanted = new Set(this.record.timerIds);
    for (const [timerId, relay] of this.relays) {
      if (wanted.has(timerId)) continue;
      relay.stop();
      this.relays.delete(timerId);
    }
    await Promise.all(
      this.record.timerIds
        .filter((timerId) => !this.relays.has(timerId))
        .map(async (timerId) => {
          const room = await this.deps.matchRoomOf(timerId).catch(() => null);
          // Another sync may have claimed it meanwhile; never observe twice.
          if (this.relays.has(timerId) || !wanted.has(timerId)) return;
          this.relays.set(timerId, { room, stop: room ? room.observe(this) : () => {} });
        }),
    );
    this.snapshotCache = null;
  }

  /** Wraps a match room's frame (serialized once by that room) into this lobby's stream. */
  private relayFrame(room: MatchRoom, watch: PreSerialized): void {
    if (this.relays.get(room.timerId)?.room !== room) return;
    const timerId = JSON.stringify(room.timerId);
    this.publishTracked(
      (version) =>
        new PreSerialized(
          `{"type":"match","lobbyId":${JSON.stringify(this.lobbyId)},"version":${version},"timerId":${timerId},"watch":${watch.json}}`,
        ),
    );
  }

  private publishTracked(build: (version: number) => PreSerialized): void {
    this.version += 1;
    const frame = build(this.version);
    this.recent.push({ version: this.version, frame });
    if (this.recent.length > LOBBY_RESUME_WINDOW) this.recent.shift();
    const id = trackedId(this.streamKey, this.version);
    for (const { session } of this.screens.values()) session.push({ kind: 'tracked', id, frame });
  }

  /** Frames after `version` when the room holds every one of them, else null. */
  private changesAfter(version: number): { version: number; frame: PreSerialized }[] | null {
    if (version === this.version) return [];
    if (version > this.version) return null;
    const first = this.recent[0];
    if (!first || first.version > version + 1) return null;
    return this.recent.filter((change) => change.version > version);
  }
}
