import { lobbyScreenIdOf } from '@bianshi/shared';
import { ADDRESS_TOKEN, tokenParam } from '../lib/page-address';
import type { LobbyService } from './lobby.service';

/**
 * The snapshot an audience page's address alone may watch, as its watch would send it first:
 * a lobby the address's join link (`?t=`) or judge key (`?judge=`) opens. Cookies are not
 * consulted. Null when the address names no lobby; throws as the watch would.
 */
export async function lobbyPageSnapshot(
  lobbies: Pick<LobbyService, 'get' | 'requireView' | 'room'>,
  url: URL,
): Promise<string | null> {
  const anonymous = { presentedKeys: () => [], user: null };
  const lobbyId = lobbyScreenIdOf(url.pathname);
  if (lobbyId === null || !ADDRESS_TOKEN.test(lobbyId)) return null;
  const lobby = await lobbies.get(lobbyId);
  // Throws, as the watch would, for a wrong judge key or a private lobby without its link.
  lobbies.requireView(lobby, anonymous, { token: tokenParam(url, 't'), judgeKey: tokenParam(url, 'judge') });
  const room = await lobbies.room(lobby);
  return room.snapshotFrame().frame.json;
}
