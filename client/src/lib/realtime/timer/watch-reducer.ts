/**
 * The pure half of a watched timer: how each `timer.watch` message changes what a screen knows.
 * Snapshots replace; changes (state without its format) merge into the snapshot's format;
 * stale versions are dropped; bell events become cues, each exactly once.
 */
import type {
  BellEvent,
  MatchState,
  PeerLink,
  PresenceCounts,
  RosterEntry,
  TimerPublic,
  WatchMessage,
} from '@bianshi/shared';

/** A bell to sound/flash, once. */
export interface BellCue {
  /** Increasing number of this cue on this screen. */
  seq: number;
  /** Identity of the bell across sources (hub change, local prediction), for de-duplication. */
  key: string;
  count: number;
  sound: string;
  /** Server ms at which the bell was due. */
  at: number;
  which: BellEvent['which'];
  side: BellEvent['side'];
  /** `hub`: from a change message; `local`: predicted while disconnected. */
  source: 'hub' | 'local';
}

/** Bells learnt of later than this after they were due are not sounded (a resumed backlog). */
export const BELL_LATE_MS = 5_000;
/** How many cues and keys are remembered. */
const BELL_MEMORY = 64;

/** What a screen knows of a watched timer. */
export interface WatchData {
  timer: TimerPublic | null;
  matchId: string | null;
  /** Full state (with the format from the last snapshot), or null before the first snapshot. */
  state: MatchState | null;
  presence: PresenceCounts | null;
  /** The roster (controllers only). */
  roster: RosterEntry[] | null;
  /** How the screen's hub reaches the other hubs, from its last tick, when not as it should (null: fine). */
  peers: PeerLink | null;
  /** Server ms of the last message that carried one. */
  lastServerNow: number | null;
  /** Recent bell cues, oldest first (at most 64). */
  bells: BellCue[];
  /** seq of the newest cue (0 before any). */
  bellSeq: number;
  /** Keys of recent bells (hub or local), to sound each once. */
  bellKeys: string[];
  /** A change arrived that cannot be merged (no snapshot of its match): fetch a fresh state. */
  needsRefresh: boolean;
  /** The name a controller gave this screen (kept by the screen for its next connection), or null. */
  screenName: string | null;
}

/** Nothing known yet. */
export function emptyWatchData(): WatchData {
  return {
    timer: null,
    matchId: null,
    state: null,
    presence: null,
    roster: null,
    peers: null,
    lastServerNow: null,
    bells: [],
    bellSeq: 0,
    bellKeys: [],
    needsRefresh: false,
    screenName: null,
  };
}

/** Identity of a bell event of a match, equal whether the hub reported it or the client predicted it. */
export function bellKey(matchId: string, bell: BellEvent): string {
  return `${matchId}|${bell.stageIndex}|${bell.clock ?? '-'}|${bell.which}|${bell.bellIndex ?? '-'}|${bell.at}`;
}

/**
 * Adds bell events as cues, skipping ones already cued and ones due more than
 * {@link BELL_LATE_MS} before `now`.
 */
export function addBells(
  data: WatchData,
  matchId: string,
  events: readonly BellEvent[],
  now: number,
  source: BellCue['source'],
): WatchData {
  let { bells, bellSeq, bellKeys } = data;
  for (const event of events) {
    const key = bellKey(matchId, event);
    if (bellKeys.includes(key)) continue;
    bellKeys = [...bellKeys, key].slice(-BELL_MEMORY);
    if (now - event.at > BELL_LATE_MS) continue;
    bellSeq += 1;
    bells = [
      ...bells,
      {
        seq: bellSeq,
        key,
        count: event.count,
        sound: event.sound,
        at: event.at,
        which: event.which,
        side: event.side,
        source,
      },
    ].slice(-BELL_MEMORY);
  }
  return bells === data.bells && bellKeys === data.bellKeys ? data : { ...data, bells, bellSeq, bellKeys };
}

/**
 * A full state of a match (snapshot, `timer.get`, a command's answer): replaces what is known
 * unless it is an older version of the same match.
 */
export function acceptState(
  data: WatchData,
  matchId: string,
  state: MatchState,
  timer?: TimerPublic,
): WatchData {
  if (data.matchId === matchId && data.state !== null && state.version < data.state.version) {
    return timer ? { ...data, timer } : data;
  }
  return { ...data, matchId, state, needsRefresh: false, ...(timer ? { timer } : {}) };
}

/** Applies one `timer.watch` message. `now` is the screen's server time at receipt. */
export function applyWatchMessage(data: WatchData, message: WatchMessage, now: number): WatchData {
  switch (message.type) {
    case 'snapshot':
      return {
        ...acceptState(data, message.matchId, message.state, message.timer),
        lastServerNow: message.serverNow,
      };
    case 'change': {
      const base = data.state;
      if (base === null || data.matchId !== message.matchId) return { ...data, needsRefresh: true };
      if (message.state.version <= base.version) return data;
      const merged: MatchState = { ...message.state, format: base.format };
      const bells = message.events.filter((event): event is BellEvent => event.type === 'bell');
      const next: WatchData = { ...data, state: merged, lastServerNow: message.serverNow };
      return bells.length === 0 ? next : addBells(next, message.matchId, bells, now, 'hub');
    }
    case 'timer':
      return { ...data, timer: message.timer };
    case 'tick':
      return {
        ...data,
        presence: message.presence,
        roster: message.roster ?? data.roster,
        peers: message.peers ?? null,
        lastServerNow: message.serverNow,
      };
    case 'renamed':
      return { ...data, screenName: message.name };
  }
}
