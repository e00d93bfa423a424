import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger';
import type { ChangeNotice, Fanout, PresenceShare } from './fanout';

/** A hub's presence share counts for this long after it last reported (ticks are every second). */
export const PRESENCE_TTL_MS = 5_000;
const CHANNEL_PREFIX = 'bs:match:';
const PRESENCE_PREFIX = 'bs:presence:';

/**
 * Fan-out between hubs over Redis pub/sub, and presence aggregation in Redis hashes whose
 * fields expire with their reporting hub. Each hub subscribes only to the rooms it serves.
 * When Redis goes away the hub keeps serving its own sockets; when it returns, ioredis
 * resubscribes and rooms catch up from the database.
 */
export function redisFanout(url: string, hubId: string, logger: Logger): Fanout {
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: (times: number) => Math.min(times * 200, 2_000) };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, autoResubscribe: true, enableOfflineQueue: true });
  const noticeHandlers: ((notice: ChangeNotice) => void)[] = [];
  const reconnectHandlers: (() => void)[] = [];
  const channels = new Set<string>();
  let reachable = false;
  let lostSinceReady = false;

  const markReady = () => {
    const wasLost = lostSinceReady;
    reachable = publisher.status === 'ready' && subscriber.status === 'ready';
    if (reachable && wasLost) {
      lostSinceReady = false;
      logger.info('redis back; rooms catch up');
      for (const handler of reconnectHandlers) handler();
    }
  };
  const markLost = () => {
    if (reachable) logger.warn('redis unreachable; serving local sockets only');
    reachable = false;
    lostSinceReady = true;
  };
  for (const client of [publisher, subscriber]) {
    client.on('ready', markReady);
    client.on('close', markLost);
    client.on('error', () => markLost());
  }

  subscriber.on('message', (channel: string, raw: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(raw) as ChangeNotice;
    } catch {
      return;
    }
    if (notice.hubId === hubId) return;
    for (const handler of noticeHandlers) handler(notice);
  });

  return {
    kind: 'redis',
    hubId,
    publish(notice) {
      if (!reachable) return;
      publisher.publish(CHANNEL_PREFIX + notice.matchId, JSON.stringify(notice)).catch((error: unknown) => {
        logger.warn('redis publish failed', { error: String(error) });
      });
    },
    subscribe(matchId) {
      const channel = CHANNEL_PREFIX + matchId;
      if (channels.has(channel)) return;
      channels.add(channel);
      // While offline the subscriber queues this; once subscribed, ioredis resubscribes by itself.
      subscriber.subscribe(channel).catch(() => {});
    },
    unsubscribe(matchId) {
      const channel = CHANNEL_PREFIX + matchId;
      if (!channels.delete(channel)) return;
      subscriber.unsubscribe(channel).catch(() => {});
    },
    onNotice: (handler) => void noticeHandlers.push(handler),
    onReconnect: (handler) => void reconnectHandlers.push(handler),
    async exchangePresence(matchId, share, now) {
      if (!reachable) return [share];
      const key = PRESENCE_PREFIX + matchId;
      try {
        const [, , all] = (await publisher
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
        if (stale.length > 0) publisher.hdel(key, ...stale).catch(() => {});
        return shares;
      } catch {
        return [share];
      }
    },
    health: () => ({ kind: 'redis', reachable }),
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
