import type { PeerLink, PresenceCounts, RosterEntry } from '@bianshi/shared';

// Every notice between hubs, of every domain, is one union (hub-notice.ts); the fan-out carries the match family.
export type { HubNotice, HubNoticeType } from './hub-notice';
import type { FamilyNotice } from './hub-notice';

/** The notices the fan-out carries: timers, matches, sessions, tournaments. */
export type MatchNotice = FamilyNotice<'match'>;

/** A notice as its sender builds it; the fan-out stamps the sending hub. */
export type OutgoingNotice = MatchNotice extends infer N
  ? N extends MatchNotice
    ? Omit<N, 'hubId'>
    : never
  : never;

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
  publish(notice: MatchNotice): void;
  /** Starts or stops hearing about a match's changes (other notices reach every hub). */
  subscribe(matchId: string): void;
  unsubscribe(matchId: string): void;
  /** Called for every notice from another hub. */
  onNotice(handler: (notice: MatchNotice) => void): void;
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
