import type { LobbyRosterEntry } from '@bianshi/shared';
import type { TimerRepository } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { mergePresence } from '../realtime/presence';
import { noMirror, type ChangeMirror } from '../realtime/change-mirror';
import { lobbyChannel } from '../supabase/realtime-mirror';
import { ROOM_IDLE_UNLOAD_MS, type RoomRegistry } from '../timers/match.registry';
import type { Fanout } from '../scale/fanout';
import type { LobbyBus, LobbyBusNotice, ScreenAction } from './lobby-bus';
import { LobbyRoom, type LobbyRoomDependencies } from './lobby-room';
import type { LobbyRepository } from './lobby.repository';

/** Presence keys of lobbies in the fan-out, apart from match ids. */
export function lobbyPresenceKey(lobbyId: string): string {
  return `lobby:${lobbyId}`;
}

export interface LobbyRegistryDependencies {
  lobbies: LobbyRepository;
  timers: TimerRepository;
  rooms: RoomRegistry;
  clock: Clock;
  logger: Logger;
  fanout: Fanout;
  bus: LobbyBus;
  /** Where lobby presence is mirrored for screens cut off from every hub (Supabase Realtime). */
  mirror?: ChangeMirror;
}

/**
 * Loads lobby rooms lazily, unloads idle ones, ticks them on the match rooms' hub-wide loop,
 * and keeps their relays on each timer's current match.
 */
export class LobbyRegistry {
  private readonly rooms = new Map<string, LobbyRoom>();
  private readonly loading = new Map<string, Promise<LobbyRoom | null>>();
  private readonly stops: (() => void)[] = [];
  private readonly roomDeps: LobbyRoomDependencies;

  constructor(private readonly deps: LobbyRegistryDependencies) {
    this.roomDeps = {
      clock: deps.clock,
      logger: deps.logger,
      matchRoomOf: async (timerId) => {
        const timer = await deps.timers.findTimer(timerId);
        return timer?.currentMatchId ? deps.rooms.room(timer.currentMatchId) : null;
      },
    };
    deps.bus.onNotice((notice) => void this.handleNotice(notice));
  }

  /** Joins the hub-wide tick and sweep. */
  start(): void {
    this.stops.push(
      this.deps.rooms.onTick((now) => {
        this.tick(now);
        this.sweep(now);
      }),
      this.deps.rooms.onCurrentMatch((timerId, matchRoom) => {
        for (const room of this.rooms.values()) room.followMatch(timerId, matchRoom);
      }),
    );
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
  }

  /** The loaded room of a lobby, if any. */
  loaded(lobbyId: string): LobbyRoom | undefined {
    return this.rooms.get(lobbyId);
  }

  /** The room of a lobby, loading it on first use; null when the lobby does not exist. */
  room(lobbyId: string): Promise<LobbyRoom | null> {
    const existing = this.rooms.get(lobbyId);
    if (existing) return Promise.resolve(existing);
    let pending = this.loading.get(lobbyId);
    if (!pending) {
      pending = this.load(lobbyId).finally(() => this.loading.delete(lobbyId));
      this.loading.set(lobbyId, pending);
    }
    return pending;
  }

  /** Connected screens of a lobby on this hub (for listings). */
  screenCount(lobbyId: string): number {
    return this.rooms.get(lobbyId)?.screenCount ?? 0;
  }

  /**
   * Carries out an organizer's action on one screen: here when it is connected here, through
   * the bus when other hubs may hold it. False when no hub can have it.
   */
  actOnScreen(room: LobbyRoom, screenId: string, action: ScreenAction): boolean {
    if (applyScreenAction(room, screenId, action)) return true;
    if (!this.deps.bus.shared) return false;
    this.deps.bus.publish({
      type: 'lobby-screen',
      lobbyId: room.lobbyId,
      screenId,
      action,
      hubId: this.deps.fanout.hubId,
    });
    return true;
  }

  /** Tells other hubs the lobby's facts changed. */
  announceFacts(lobbyId: string, version: number): void {
    this.deps.bus.publish({ type: 'lobby-facts', lobbyId, version, hubId: this.deps.fanout.hubId });
  }

  private async load(lobbyId: string): Promise<LobbyRoom | null> {
    const record = await this.deps.lobbies.find(lobbyId);
    if (!record) return null;
    const room = await LobbyRoom.load(record, this.roomDeps);
    this.rooms.set(lobbyId, room);
    this.deps.bus.subscribe(lobbyId);
    return room;
  }

  private async handleNotice(notice: LobbyBusNotice): Promise<void> {
    if (notice.hubId === this.deps.fanout.hubId) return;
    const room = this.rooms.get(notice.lobbyId);
    if (!room) return;
    if (notice.type === 'lobby-screen') {
      applyScreenAction(room, notice.screenId, notice.action);
      return;
    }
    if (notice.version <= room.facts.version) return;
    const record = await this.deps.lobbies.find(notice.lobbyId);
    if (record) await room.applyFacts(record);
  }

  private tick(now: number): void {
    const mirror = this.deps.mirror ?? noMirror;
    for (const room of this.rooms.values()) {
      if (room.screenCount === 0) continue;
      const share = room.localPresence();
      if (this.deps.fanout.kind === 'local') {
        room.tick(now, share.counts, share.roster);
        mirror.presence(lobbyChannel(room.lobbyId), share.counts, now);
        continue;
      }
      void this.deps.fanout.exchangePresence(lobbyPresenceKey(room.lobbyId), share, now).then((shares) => {
        const merged = mergePresence(shares);
        const at = this.deps.clock.now();
        room.tick(at, merged.counts, merged.roster as LobbyRosterEntry[]);
        mirror.presence(lobbyChannel(room.lobbyId), merged.counts, at);
      });
    }
  }

  private sweep(now: number): void {
    for (const [lobbyId, room] of this.rooms) {
      if (room.screenCount > 0 || now - room.idleSince <= ROOM_IDLE_UNLOAD_MS) continue;
      room.close();
      this.rooms.delete(lobbyId);
      this.deps.bus.unsubscribe(lobbyId);
    }
  }
}

/** Applies a screen action to a room; false when the screen is not connected to it. */
function applyScreenAction(room: LobbyRoom, screenId: string, action: ScreenAction): boolean {
  switch (action.type) {
    case 'rename':
      return room.rename(screenId, action.name);
    case 'send':
      return room.sendTo(screenId, action.message);
    case 'dismiss':
      return room.dismiss(screenId, action.farewell);
  }
}
