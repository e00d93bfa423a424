import type { LobbyMessage } from '@bianshi/shared';

/** What the organizer asked of one screen. */
export type ScreenAction =
  | { type: 'rename'; name: string }
  | { type: 'send'; message: Extract<LobbyMessage, { type: 'message' | 'identify' }> }
  | { type: 'dismiss'; farewell: Extract<LobbyMessage, { type: 'move' | 'disconnect' }> };

/** What one hub tells the others about a lobby. */
export type LobbyBusNotice =
  /** The lobby's facts were committed at `version`: reload them from the database. */
  | { kind: 'facts'; lobbyId: string; version: number; hubId: string }
  /** An action for a screen that may be connected to another hub. */
  | { kind: 'screen'; lobbyId: string; screenId: string; action: ScreenAction; hubId: string };

/**
 * How hubs hear of each other's lobby changes — the seam for several hubs (issue 8). A single
 * hub uses {@link localLobbyBus}; a Redis implementation rides on the same connection as the
 * match fan-out (channel per lobby, each hub subscribed only to the lobbies it serves).
 * Presence already aggregates across hubs through `Fanout.exchangePresence('lobby:<id>')`, and
 * relayed matches through the match fan-out, so only these notices are lobby-specific.
 */
export interface LobbyBus {
  /** False for the single-hub bus: an action for a screen not connected here has no one to reach. */
  readonly shared: boolean;
  publish(notice: LobbyBusNotice): void;
  subscribe(lobbyId: string): void;
  unsubscribe(lobbyId: string): void;
  onNotice(handler: (notice: LobbyBusNotice) => void): void;
}

/** The single-hub bus: nothing to tell. */
export function localLobbyBus(): LobbyBus {
  return { shared: false, publish: () => {}, subscribe: () => {}, unsubscribe: () => {}, onNotice: () => {} };
}
