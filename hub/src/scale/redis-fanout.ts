import type { Fanout, HubNotice, PresenceShare } from './fanout';
import type { RedisLink } from './redis-link';

/** A hub's presence share counts for this long after it last reported (ticks are every second). */
export const PRESENCE_TTL_MS = 5_000;
const CHANNEL_PREFIX = 'bs:match:';
/** Notices other than match changes: rare (a settings save, a new match), so every hub hears them. */
const HUB_CHANNEL = 'bs:hub';
const PRESENCE_PREFIX = 'bs:presence:';

/**
 * Fan-out between hubs over Redis pub/sub, and presence aggregation in Redis hashes whose
 * fields expire with their reporting hub. Each hub subscribes only to the rooms it serves.
 * When Redis goes away the hub keeps serving its own sockets; when it returns, ioredis
 * resubscribes and rooms catch up from the database.
 */
export function redisFanout(link: RedisLink, hubId: string): Fanout {
  const noticeHandlers: ((notice: HubNotice) => void)[] = [];
  const hear = (_channel: string, raw: string) => {
    let notice: HubNotice;
    try {
      notice = JSON.parse(raw) as HubNotice;
    } catch {
      return;
    }
    if (notice.hubId === hubId) return;
    for (const handler of noticeHandlers) handler(notice);
  };
  link.onMessage(CHANNEL_PREFIX, hear);
  link.onMessage(HUB_CHANNEL, hear);
  link.subscribe(HUB_CHANNEL);

  return {
    kind: 'redis',
    hubId,
    publish: (notice) => link.publish(notice.type === 'change' ? CHANNEL_PREFIX + notice.matchId : HUB_CHANNEL, JSON.stringify(notice)),
    subscribe: (matchId) => link.subscribe(CHANNEL_PREFIX + matchId),
    unsubscribe: (matchId) => link.unsubscribe(CHANNEL_PREFIX + matchId),
    onNotice: (handler) => void noticeHandlers.push(handler),
    onReconnect: (handler) => link.onReconnect(handler),
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
