/**
 * A match inside a lobby snapshot, and how a reader puts its format back. No schema library:
 * the audience page (lobby store) uses it and must stay small.
 */
import type { Format } from '../formats/format.schema';
import type { MatchStateDelta, WatchSnapshot } from './messages';

/**
 * A match room's `timer.watch` snapshot as a lobby snapshot carries it: the state without its
 * format, which the lobby snapshot sends once in `formats` under `formatKey` (equal formats
 * share a key, so a round of 100 matches on one format carries it once).
 */
export type LobbyWatchSnapshot = Omit<WatchSnapshot, 'state'> & { state: MatchStateDelta; formatKey: string };

/**
 * A lobby snapshot entry's match as `timer.watch` sends it (its format put back, shared with
 * every entry of that key); null when the entry has none or its format is missing.
 */
export function lobbyEntryWatch(
  snapshot: { formats: Record<string, Format> },
  entry: { watch: LobbyWatchSnapshot | null },
): WatchSnapshot | null {
  if (!entry.watch) return null;
  const { formatKey, state, ...watch } = entry.watch;
  const format = snapshot.formats[formatKey];
  return format ? { ...watch, state: { ...state, format } } : null;
}
