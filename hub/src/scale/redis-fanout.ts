import type { Fanout, PresenceShare } from './fanout';
import type { HubBus } from './hub-bus';
import type { RedisLink } from './redis-link';

/** A hub's presence share counts for this long after it last reported (ticks are every second). */
export const PRESENCE_TTL_MS = 5_000;
const PRESENCE_PREFIX = 'bs:presence:';

/**
 * Fan-out between hubs over Redis: the match family of the hub bus (each hub subscribes only to
 * the rooms it serves), and presence aggregation in Redis hashes whose fields expire with their
 * reporting hub. When Redis goes away the hub keeps serving its own sockets; when it returns,
 * ioredis resubscribes and rooms catch up from the database.
 */
export function redisFanout(link: RedisLink, bus: HubBus): Fanout {
  const { hubId } = bus;
  return {
    kind: 'redis',
    hubId,
    publish: (notice) => bus.publish(notice),
    subscribe: (matchId) => bus.subscribe(`match:${matchId}`),
    unsubscribe: (matchId) => bus.unsubscribe(`match:${matchId}`),
    onNotice: (handler) => bus.on('match', handler),
    onReconnect: (handler) => bus.onReconnect(handler),
    async exchangePresence(matchId, share, now) {
      if (!link.reachable) return [share];
      const key = PRESENCE_PREFIX + matchId;
      try {
        const [, , all] = (await link.publisher
          .multi()
          .hset(key, hubId, JSON.stringify({ ...share, expiresAt: now + PRESENCE_TTL_MS }))
          .pexpire(key, PRESENCE_TTL_MS * 2)
          .hgetall(key)
          .exec()) as [unknown, unknown, [Error | null, Record<string, string>]];
        const shares: PresenceShare[] = [];
        const stale: string[] = [];
        for (const [field, value] of Object.entries(all[1] ?? {})) {
          const parsed = JSON.parse(value) as PresenceShare & { expiresAt: number };
          if (parsed.expiresAt < now) stale.push(field);
          else shares.push({ counts: parsed.counts, roster: parsed.roster });
        }
        if (stale.length > 0) link.publisher.hdel(key, ...stale).catch(() => {});
        return shares;
      } catch {
        return [share];
      }
    },
    peers: () => (link.reachable ? null : 'unreachable'),
    health: () => ({ kind: 'redis', reachable: link.reachable }),
    // The link is closed by its owner (the composition root), after every bus on it.
    close: async () => {},
  };
}
