import type { MatchEvent, MatchState, PeerLink, PresenceCounts, RosterEntry } from '@bianshi/shared';

/**
 * Everything one hub tells the others, as one union tagged by `type`. The room registry
 * handles every kind in one switch (`RoomRegistry.handle`), for notices from other hubs and
 * for its own alike, so a new kind of change cannot forget the other hubs.
 *
 * Only `change` and `screen` carry data (a change is hot: every command; a screen's name lives
 * with its connection, in no table); the others say what moved and each hub re-reads it from the
 * database, so a late or reordered notice never applies stale facts.
 */
export type HubNotice =
  /** A committed match change. */
  | { type: 'change'; matchId: string; version: number; state: MatchState; events: MatchEvent[]; hubId: string }
  /** A match reached `version` (a change told without its state, through Postgres while Redis is down): re-read it. */
  | { type: 'stale'; matchId: string; version: number; hubId: string }
  /** A timer's facts (name, description, settings, privacy) changed. */
  | { type: 'timer'; timerId: string; hubId: string }
  /** A timer moved on to another current match; screens following it move too. */
  | { type: 'current'; timerId: string; matchId: string; hubId: string }
  /** Credentials on a timer were revoked (control key rotated, member removed, view key set): sessions are checked again. */
  | { type: 'access'; timerId: string; hubId: string }
  /** An account's sessions ended (one, by the hash of its token, or all): its sockets are closed. */
  | { type: 'signout'; userId: string; tokenHash: string | null; hubId: string }
  /** A tournament's data changed (committed; `version` is its new version): its watchers re-read it. */
  | { type: 'tournament'; tournamentId: string; version: number; hubId: string }
  /** A controller named one of a timer's screens: the hub holding that screen renames it and tells it. */
  | { type: 'screen'; timerId: string; screenId: string; name: string; hubId: string };

export type HubNoticeType = HubNotice['type'];

/** A notice as its sender builds it; the fan-out stamps the sending hub. */
export type OutgoingNotice = HubNotice extends infer N ? (N extends HubNotice ? Omit<N, 'hubId'> : never) : never;

/** One hub's share of a room's presence. */
export interface PresenceShare {
  counts: PresenceCounts;
  roster: RosterEntry[];
}

/** What /api/health says of the fan-out. */
export interface FanoutHealth {
  kind: 'local' | 'redis';
  /** Redis answers (always true for a single hub). */
  reachable: boolean;
  /** While Redis does not: whether the Postgres backup carries match changes between hubs. */
  backup?: 'postgres-notify' | 'none';
}

/**
 * How hubs hear of each other's notices and presence. A single hub uses the local no-op;
 * several hubs use Redis. Rooms never see which.
 */
export interface Fanout {
  readonly kind: 'local' | 'redis';
  readonly hubId: string;
  /** Tells other hubs. Never throws: a failure is logged and degrades. */
  publish(notice: HubNotice): void;
  /** Starts or stops hearing about a match's changes (other notices reach every hub). */
  subscribe(matchId: string): void;
  unsubscribe(matchId: string): void;
  /** Called for every notice from another hub. */
  onNotice(handler: (notice: HubNotice) => void): void;
  /** Called when the link to other hubs came back after a loss, so rooms can catch up. */
  onReconnect(handler: () => void): void;
  /** Reports this hub's share and returns every live hub's shares (this one's included). */
  exchangePresence(matchId: string, share: PresenceShare, now: number): Promise<PresenceShare[]>;
  /** How the other hubs are reached when not as they should be (ticks carry it to screens); null when all is well. */
  peers(): PeerLink | null;
  /** For /api/health. */
  health(): FanoutHealth;
  close(): Promise<void>;
}

/** The single-process fan-out: nothing to tell, presence is this hub's alone. */
export function localFanout(hubId: string): Fanout {
  return {
    kind: 'local',
    hubId,
    publish: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    onNotice: () => {},
    onReconnect: () => {},
    exchangePresence: async (_matchId, share) => [share],
    peers: () => null,
    health: () => ({ kind: 'local', reachable: true }),
    close: async () => {},
  };
}
