import type { MatchEvent, MatchState, PresenceCounts, RosterEntry } from '@bianshi/shared';

/** A committed change, as one hub tells the others. */
export interface ChangeNotice {
  matchId: string;
  version: number;
  state: MatchState;
  events: MatchEvent[];
  /** The hub that committed it (hubs ignore their own notices). */
  hubId: string;
}

/** One hub's share of a room's presence. */
export interface PresenceShare {
  counts: PresenceCounts;
  roster: RosterEntry[];
}

/**
 * How hubs hear of each other's changes and presence. A single hub uses the local no-op;
 * several hubs use Redis. Rooms never see which.
 */
export interface Fanout {
  readonly kind: 'local' | 'redis';
  readonly hubId: string;
  /** Tells other hubs a change was committed. Never throws: a failure is logged and degrades. */
  publish(notice: ChangeNotice): void;
  /** Starts or stops hearing about a room. */
  subscribe(matchId: string): void;
  unsubscribe(matchId: string): void;
  /** Called for every notice from another hub. */
  onNotice(handler: (notice: ChangeNotice) => void): void;
  /** Called when the link to other hubs came back after a loss, so rooms can catch up. */
  onReconnect(handler: () => void): void;
  /** Reports this hub's share and returns every live hub's shares (this one's included). */
  exchangePresence(matchId: string, share: PresenceShare, now: number): Promise<PresenceShare[]>;
  /** For /api/health. */
  health(): { kind: 'local' | 'redis'; reachable: boolean };
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
    health: () => ({ kind: 'local', reachable: true }),
    close: async () => {},
  };
}
