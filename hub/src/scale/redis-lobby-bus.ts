import type { LobbyBus, LobbyBusNotice } from '../lobbies/lobby-bus';
import type { RedisLink } from './redis-link';

const CHANNEL_PREFIX = 'bs:lobby:';

/**
 * Lobby notices between hubs over Redis pub/sub: committed lobby facts and actions for one
 * screen, on a channel per lobby that only the hubs serving that lobby subscribe to.
 */
export function redisLobbyBus(link: RedisLink, hubId: string): LobbyBus {
  const handlers: ((notice: LobbyBusNotice) => void)[] = [];
  link.onMessage(CHANNEL_PREFIX, (_channel, raw) => {
    let notice: LobbyBusNotice;
    try {
      notice = JSON.parse(raw) as LobbyBusNotice;
    } catch {
      return;
    }
    if (notice.hubId === hubId) return;
    for (const handler of handlers) handler(notice);
  });
  return {
    shared: true,
    publish: (notice) => link.publish(CHANNEL_PREFIX + notice.lobbyId, JSON.stringify(notice)),
    subscribe: (lobbyId) => link.subscribe(CHANNEL_PREFIX + lobbyId),
    unsubscribe: (lobbyId) => link.unsubscribe(CHANNEL_PREFIX + lobbyId),
    onNotice: (handler) => void handlers.push(handler),
  };
}
