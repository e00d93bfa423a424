import { localHubBus, type HubBus } from '../scale/hub-bus';
import type { FamilyNotice } from '../scale/hub-notice';

export type { ScreenAction } from '../scale/hub-notice';

/** What one hub tells the others about a lobby (the lobby family of the hub notices). */
export type LobbyBusNotice = FamilyNotice<'lobby'>;

/**
 * A lobby's view of the hub bus: committed facts and actions for one screen, on a topic per
 * lobby that only the hubs serving it subscribe to. Presence already aggregates across hubs
 * through `Fanout.exchangePresence('lobby:<id>')`, and relayed matches through the match
 * fan-out, so only these notices are lobby-specific.
 */
export interface LobbyBus {
  /** False for the single-hub bus: an action for a screen not connected here has no one to reach. */
  readonly shared: boolean;
  publish(notice: LobbyBusNotice): void;
  subscribe(lobbyId: string): void;
  unsubscribe(lobbyId: string): void;
  onNotice(handler: (notice: LobbyBusNotice) => void): void;
}

/** The lobbies' view of `bus`. */
export function lobbyBusOn(bus: HubBus): LobbyBus {
  return {
    shared: bus.shared,
    publish: (notice) => bus.publish(notice),
    subscribe: (lobbyId) => bus.subscribe(`lobby:${lobbyId}`),
    unsubscribe: (lobbyId) => bus.unsubscribe(`lobby:${lobbyId}`),
    onNotice: (handler) => bus.on('lobby', handler),
  };
}

/** The single-hub bus: nothing to tell. */
export function localLobbyBus(): LobbyBus {
  return lobbyBusOn(localHubBus('local'));
}
