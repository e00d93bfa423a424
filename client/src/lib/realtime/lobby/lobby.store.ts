/**
 * What a lobby screen knows, fed by ONE hook (`useLobbyWatch`) from `lobby.watch`: the lobby's
 * facts, one timer store per match it shows (fed from the relayed match frames, so the display
 * component draws them like any watched timer), presence, the roster (organizers), who this
 * screen is, and what the organizer sent to it alone.
 */
import {
  lobbyEntryWatch,
  type LobbyMessage,
  type LobbyPublic,
  type LobbyRosterEntry,
  type LobbyScreenSelf,
  type PresenceCounts,
  type WatchMessage,
} from '@bianshi/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError } from '../../api/errors';
import { createTimerStore, type ServerClock, type TimerStore } from '../timer';

/** A message for this screen alone. */
export interface ScreenMessage {
  id: string;
  text: string;
  at: number;
}

/** Why this screen's stream ended: the organizer disconnected it, or moved it elsewhere. */
export type Farewell = { type: 'disconnect'; reason: string } | { type: 'move'; path: string };

/** State and actions of a lobby store. */
export interface LobbyStoreState {
  lobby: LobbyPublic | null;
  /** One timer store per shown timer, by timer id. */
  matches: Record<string, TimerStore>;
  presence: PresenceCounts | null;
  roster: LobbyRosterEntry[] | null;
  self: LobbyScreenSelf | null;
  message: ScreenMessage | null;
  /** The name to flash, and until when (local ms). */
  identify: { name: string; untilMs: number } | null;
  farewell: Farewell | null;
  error: AppError | null;
  receive(message: LobbyMessage): void;
  setError(error: AppError | null): void;
  dismissMessage(): void;
}

export type LobbyStore = StoreApi<LobbyStoreState>;

/** Creates an empty lobby store whose match stores read time against `clock`. */
export function createLobbyStore(clock: ServerClock, now: () => number = Date.now): LobbyStore {
  const storeOf = (timerId: string): TimerStore => {
    const existing = store.getState().matches[timerId];
    if (existing) return existing;
    const created = createTimerStore(clock);
    created.getState().setConnection({ status: 'online', protocolMismatch: false });
    store.setState({ matches: { ...store.getState().matches, [timerId]: created } });
    return created;
  };
  const feed = (timerId: string, watch: WatchMessage) => storeOf(timerId).getState().receive(watch);

  const store = createStore<LobbyStoreState>((set) => ({
    lobby: null,
    matches: {},
    presence: null,
    roster: null,
    self: null,
    message: null,
    identify: null,
    farewell: null,
    error: null,
    receive(message) {
      switch (message.type) {
        case 'snapshot':
          set({ lobby: message.lobby, error: null });
          for (const entry of message.matches) {
            const watch = lobbyEntryWatch(message, entry);
            if (watch) feed(entry.timerId, watch);
          }
          return;
        case 'lobby':
          set({ lobby: message.lobby });
          return;
        case 'match':
          feed(message.timerId, message.watch);
          return;
        case 'tick':
          set({ presence: message.presence, ...(message.roster ? { roster: message.roster } : {}) });
          return;
        case 'screen':
          set({ self: message.screen });
          return;
        case 'message':
          set({ message: { id: message.id, text: message.text, at: message.at } });
          return;
        case 'identify':
          set({ identify: { name: message.name, untilMs: now() + message.durationMs } });
          return;
        case 'move':
          set({ farewell: { type: 'move', path: message.path } });
          return;
        case 'disconnect':
          set({ farewell: { type: 'disconnect', reason: message.reason } });
          return;
      }
    },
    setError(error) {
      set({ error });
    },
    dismissMessage() {
      set({ message: null });
    },
  }));
  return store;
}
