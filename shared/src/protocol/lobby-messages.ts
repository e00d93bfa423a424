import { z } from 'zod';
import type { Format } from '../formats/format.schema';
import { normalizeLobbyCode } from './lobby-code';
import type { LobbyWatchSnapshot } from './lobby-watch-snapshot';
import type { PresenceCounts, PresenceRole, RosterEntry, WatchMessage } from './messages';

/**
 * Lobby wire types: what `lobby.watch` yields and what lobby procedures accept.
 *
 * A lobby is a room that screens (projectors, phones, judges' laptops) join by a 6-character
 * code or a link. It shows the matches of several timers; the hub relays their changes inside
 * the one lobby stream, so a screen never subscribes to the matches itself.
 */

export {
  isLobbyCode,
  LOBBY_CODE_ALPHABET,
  LOBBY_CODE_LENGTH,
  LOBBY_CODE_RULE,
  LOBBY_MAX_TIMERS,
  normalizeLobbyCode,
} from './lobby-code';
export { LOBBY_SCREEN_AS_DISPLAY, LOBBY_SCREEN_PATH, lobbyScreenIdOf } from './lobby-screen-path';
export { lobbyEntryWatch, type LobbyWatchSnapshot } from './lobby-watch-snapshot';

/** A lobby code as procedures accept it (normalised first). */
export const lobbyCodeSchema = z.string().max(20).transform(normalizeLobbyCode);

/** Public lobbies are listed and joinable by code; private ones need the join link. */
export const lobbyVisibilitySchema = z.enum(['public', 'private']);
export type LobbyVisibility = z.infer<typeof lobbyVisibilitySchema>;

/** What every screen of a lobby shows: one featured match, or a grid of all of them. */
export const lobbyModeSchema = z.enum(['featured', 'grid']);
export type LobbyMode = z.infer<typeof lobbyModeSchema>;

/** Lobby ids as procedures accept them. */
export const lobbyIdSchema = z.string().min(1).max(64);

/** A message the organizer put on every screen. */
export interface LobbyNotice {
  id: string;
  text: string;
  /** Server ms at which it was sent. */
  at: number;
}

/** What every screen of a lobby may know about it. */
export interface LobbyPublic {
  id: string;
  code: string;
  name: string;
  organizerName: string;
  visibility: LobbyVisibility;
  mode: LobbyMode;
  /** The timer whose match is featured; null: the first one. */
  featuredTimerId: string | null;
  /** Timers shown, in order. */
  timerIds: string[];
  notice: LobbyNotice | null;
  /** Server ms after which the code no longer admits anyone. */
  expiresAt: number;
}

/** One connected screen of a lobby, as organizers see it. */
export interface LobbyRosterEntry extends RosterEntry {
  /** The route the screen is on, e.g. `/lobby/abc?view=grid`. */
  route: string;
}

/** Who a screen is, as the hub tells it (on joining, and after the organizer renamed it). */
export interface LobbyScreenSelf {
  id: string;
  name: string;
  role: PresenceRole;
}

/** One match of a lobby inside its snapshot. */
export interface LobbyMatchEntry {
  timerId: string;
  /** The match room's snapshot, its format by key; null when the timer or its match is gone. */
  watch: LobbyWatchSnapshot | null;
}

/**
 * What `lobby.watch` yields. `snapshot`, `lobby` and `match` are tracked (id
 * `<lobbyId>~<epoch>:<version>`, resumable by lastEventId); the rest are plain. `screen`,
 * `message`, `identify`, `move` and `disconnect` go to one screen only.
 */
export type LobbyMessage =
  | {
      type: 'snapshot';
      lobbyId: string;
      version: number;
      lobby: LobbyPublic;
      /** Each distinct format of the matches once, by the key their entries name. */
      formats: Record<string, Format>;
      matches: LobbyMatchEntry[];
      serverNow: number;
    }
  | { type: 'lobby'; lobbyId: string; version: number; lobby: LobbyPublic; serverNow: number }
  | { type: 'match'; lobbyId: string; version: number; timerId: string; watch: WatchMessage }
  | { type: 'tick'; serverNow: number; presence: PresenceCounts; roster?: LobbyRosterEntry[] }
  | { type: 'screen'; screen: LobbyScreenSelf }
  | { type: 'message'; id: string; text: string; at: number }
  | { type: 'identify'; name: string; durationMs: number }
  | { type: 'move'; lobbyId: string; path: string }
  | { type: 'disconnect'; reason: string };

/** The first message of a lobby watch (also what an audience page carries, and draws from). */
export type LobbySnapshot = Extract<LobbyMessage, { type: 'snapshot' }>;

/** How long an identified screen flashes its name. */
export const LOBBY_IDENTIFY_MS = 6_000;

/** The tracked-id key of a lobby room instance (a new epoch after every load). */
export function lobbyStreamKey(lobbyId: string, epoch: string): string {
  return `${lobbyId}~${epoch}`;
}

/** Screens' names as they may be set. */
export const screenNameSchema = z.string().trim().min(1).max(40);

/** Messages the organizer sends to screens. */
export const lobbyMessageTextSchema = z.string().trim().min(1).max(200);
