/**
 * The Supabase realtime fallback, pure half: what a screen does with the messages of the
 * broadcast channel `match:<matchId>` it follows while its hub socket is down past the
 * reconnect schedule.
 *
 * Two kinds of message travel on the channel, each signed (fallback-signature.ts checks them
 * before anything here sees their bodies; the channel is public):
 * - `change` — the hub's mirror of a committed change, `{version, state, events, serverNow}`
 *   (full state, format included), signed with the hub's fallback key. Authoritative, like a
 *   `timer.watch` change.
 * - `fallback-state` — an organizer's console cut off from the hub runs the match with the
 *   shared reducer and broadcasts `{baseVersion, version, state, commands, events?}`, signed with
 *   its own key under the hub's certificate. Such a state is *provisional*: it outranks older
 *   states by version, but any hub state newer than its `baseVersion` wins over it (the hub
 *   decides, after the console's replay or the organizer's choice in a conflict).
 *
 * Transport lives in fallback-channel.ts, signatures in fallback-signature.ts, the console's side
 * in fallback-authority.ts and fallback-console.ts, the React glue in fallback-hooks.ts.
 */
import {
  FALLBACK_EVENT,
  REALTIME,
  reconnectDelayMs,
  type BellEvent,
  type FallbackPublicConfig,
  type MatchEvent,
  type MatchState,
  type WatchMessage,
} from '@bianshi/shared';
import { addBells, type WatchData } from './watch-reducer';

/** Where screens follow matches when no hub answers, and the hub's key (`system.info.fallback`): public values only. */
export type FallbackConfig = FallbackPublicConfig;

/**
 * WebCrypto is there (secure contexts only: https, localhost). Without it nothing on the channel
 * can be checked, so the screen does not follow it (fallback-signature.ts).
 */
export function signaturesSupported(): boolean {
  return typeof globalThis.crypto?.subtle?.verify === 'function';
}

/** The broadcast channel a match is mirrored to (same name as the hub's `matchChannel`). */
export function fallbackChannelName(matchId: string): string {
  return `match:${matchId}`;
}

/** Broadcast event names on a match channel (shared with the hub). */
export const FALLBACK_EVENTS = FALLBACK_EVENT;

/**
 * realtime-js options, set explicitly to the product's numbers (the same as the hub socket):
 * heartbeat 25 s, timeout 10 s, reconnect after 1 s, 2 s, 5 s, 10 s, then every 10 s. The push
 * buffer of 100 messages while disconnected is realtime-js's own `MAX_PUSH_BUFFER_SIZE`, not an
 * option; it matches `REALTIME.pushBufferSize`.
 */
export const FALLBACK_REALTIME_OPTIONS = {
  heartbeatIntervalMs: REALTIME.heartbeatMs,
  timeout: REALTIME.heartbeatTimeoutMs,
  /** realtime-js counts tries from 1. */
  reconnectAfterMs: (tries: number): number => reconnectDelayMs(tries - 1),
} as const;

/** One command the console applied while cut off from the hub, at server instant `at`. */
export interface OfflineCommandEntry {
  command: { type: string } & Record<string, unknown>;
  at: number;
}

/** A message of the fallback channel, validated and tagged. */
export type FallbackMessage =
  | {
      type: 'change';
      matchId: string;
      version: number;
      state: MatchState;
      events: MatchEvent[];
      serverNow: number | null;
    }
  | {
      type: 'console';
      matchId: string;
      baseVersion: number;
      version: number;
      state: MatchState;
      events: MatchEvent[];
      commands: OfflineCommandEntry[];
    };

/** What the connection badge says about the fallback, or null while it is not in use. */
export interface FallbackView {
  /** `joining`: subscribing to the channel; `following`: subscribed, states come from it. */
  phase: 'joining' | 'following';
  /** Who sent the state shown: the hub's mirror, an organizer's console running offline, or nothing yet. */
  source: 'hub' | 'console' | null;
}

/** The slice of a timer store the fallback reads and writes. */
export interface FallbackData extends WatchData {
  /**
   * The shown state came from a console running offline, branched from this hub version; any
   * hub state with a higher version replaces it. null when the state is the hub's.
   */
  provisionalBase: number | null;
  fallback: FallbackView | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isVersion = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A plausible full match state (the channel is public: check the shape before drawing it). */
function isMatchState(value: unknown): value is MatchState {
  return (
    isRecord(value) &&
    isVersion(value['version']) &&
    typeof value['stageIndex'] === 'number' &&
    Array.isArray(value['stages']) &&
    isRecord(value['format']) &&
    Array.isArray(value['format']['stages']) &&
    typeof value['processedUntil'] === 'number'
  );
}

function eventsOf(value: unknown): MatchEvent[] {
  return Array.isArray(value)
    ? value.filter((event): event is MatchEvent => isRecord(event) && typeof event['type'] === 'string')
    : [];
}

/**
 * Validates the body of a broadcast of the channel of `matchId` (after its signature was
 * checked); null for anything else or anything malformed.
 */
export function parseFallbackMessage(
  matchId: string,
  event: string,
  payload: unknown,
): FallbackMessage | null {
  if (!isRecord(payload) || !isMatchState(payload['state'])) return null;
  const state = payload['state'];
  const version = isVersion(payload['version']) ? payload['version'] : state.version;
  if (version !== state.version) return null;
  if (event === FALLBACK_EVENTS.change) {
    const serverNow = typeof payload['serverNow'] === 'number' ? payload['serverNow'] : null;
    return { type: 'change', matchId, version, state, events: eventsOf(payload['events']), serverNow };
  }
  if (event === FALLBACK_EVENTS.consoleState) {
    const baseVersion = payload['baseVersion'];
    if (!isVersion(baseVersion) || baseVersion > version) return null;
    const commands = Array.isArray(payload['commands'])
      ? payload['commands'].filter(
          (entry): entry is OfflineCommandEntry =>
            isRecord(entry) && isRecord(entry['command']) && typeof entry['at'] === 'number',
        )
      : [];
    return {
      type: 'console',
      matchId,
      baseVersion,
      version,
      state,
      events: eventsOf(payload['events']),
      commands,
    };
  }
  return null;
}

/**
 * Applies a channel message to what a screen knows. Stale versions are dropped; a hub change
 * newer than a provisional state's base replaces it; bells among the events are cued once
 * (shared keys with the hub's and the local prediction's cues).
 */
export function applyFallbackMessage<T extends FallbackData>(
  data: T,
  message: FallbackMessage,
  now: number,
): T {
  if (data.matchId !== null && data.matchId !== message.matchId) return data;
  const current = data.state;
  const newer =
    current === null ||
    message.version > current.version ||
    (message.type === 'change' && data.provisionalBase !== null && message.version > data.provisionalBase);
  if (!newer) return data;
  const source = message.type === 'change' ? 'hub' : 'console';
  const next: T = {
    ...data,
    matchId: message.matchId,
    state: message.state,
    needsRefresh: false,
    provisionalBase: message.type === 'console' ? message.baseVersion : null,
    fallback: { phase: data.fallback?.phase ?? 'following', source },
    ...(message.type === 'change' && message.serverNow !== null ? { lastServerNow: message.serverNow } : {}),
  };
  const bells = message.events.filter((event): event is BellEvent => event.type === 'bell');
  return bells.length === 0
    ? next
    : { ...next, ...addBells(next, message.matchId, bells, now, source === 'hub' ? 'hub' : 'local') };
}

/**
 * Before a hub message (snapshot or change) is applied: when the shown state is provisional
 * and the hub has moved past its base, the provisional state stops outranking the hub (its
 * version drops back to the base), so the hub's state is taken. Otherwise nothing changes.
 */
export function yieldProvisional<T extends FallbackData>(data: T, message: WatchMessage): T {
  if (data.provisionalBase === null || data.state === null) return data;
  if (message.type !== 'snapshot' && message.type !== 'change') return data;
  if (message.matchId !== data.matchId || message.state.version <= data.provisionalBase) return data;
  return { ...data, state: { ...data.state, version: data.provisionalBase }, provisionalBase: null };
}
