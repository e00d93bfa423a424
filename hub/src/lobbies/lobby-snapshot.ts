import { createHash } from 'node:crypto';
import type { Format, LobbyWatchSnapshot, MatchState, TimerPublic } from '@bianshi/shared';
import type { MatchRoom } from '../timers/match-room';

/** A format as a lobby snapshot sends it: its JSON once, under a key equal formats share. */
export interface FormatEntry {
  key: string;
  json: string;
}

/** A match room's part of a lobby snapshot: its watch snapshot without the format, and that format. */
export interface LobbyWatchEntry {
  json: string;
  format: FormatEntry;
}

/** Keyed by the format object a room's state holds: rooms keep it across changes. */
const formatEntries = new WeakMap<Format, FormatEntry>();

/** Keyed by the room; valid while the room's state and timer are the very objects it was built from. */
const watchEntries = new WeakMap<MatchRoom, LobbyWatchEntry & { state: MatchState; timer: TimerPublic }>();

/**
 * The serialized format and its key: a hash of that JSON, so equal formats of different matches
 * (and hubs) share it. Computed once per format object.
 */
export function formatEntryOf(format: Format): FormatEntry {
  let entry = formatEntries.get(format);
  if (!entry) {
    const json = JSON.stringify(format);
    entry = { key: createHash('sha256').update(json).digest('base64url').slice(0, 16), json };
    formatEntries.set(format, entry);
  }
  return entry;
}

/**
 * A match room's snapshot as a lobby snapshot carries it ({@link LobbyWatchSnapshot}),
 * serialized once per state and timer of the room, however many lobbies and screens ask.
 */
export function lobbyWatchEntry(room: MatchRoom, now: () => number): LobbyWatchEntry {
  const state = room.current;
  const timer = room.timerInfo;
  const cached = watchEntries.get(room);
  if (cached?.state === state && cached.timer === timer) return cached;
  const { format, ...delta } = state;
  const formatEntry = formatEntryOf(format);
  const json = JSON.stringify({
    type: 'snapshot',
    matchId: room.matchId,
    version: state.version,
    state: delta,
    timer,
    serverNow: now(),
    formatKey: formatEntry.key,
  } satisfies LobbyWatchSnapshot);
  const entry = { json, format: formatEntry, state, timer };
  watchEntries.set(room, entry);
  return entry;
}
