import type { Fanout, MatchNotice } from './fanout';
import { familyOf, readHubNotice } from './hub-notice';
import type { PostgresNotifyLink } from './pg-notify-link';

/** How often the fan-out looks whether Redis went or came back (to start or stop proving the backup). */
const WATCH_INTERVAL_MS = 500;

/** A notice as it travels through Postgres: a change without its state (NOTIFY payloads are small). */
function backupForm(notice: MatchNotice): MatchNotice {
  return notice.type === 'change'
    ? { type: 'stale', matchId: notice.matchId, version: notice.version, hubId: notice.hubId }
    : notice;
}

/** Reads a notice heard on Postgres (checked like any other); null for anything but the match family. */
function parseNotice(raw: string): MatchNotice | null {
  const notice = readHubNotice(raw);
  return notice && familyOf(notice) === 'match' ? (notice as MatchNotice) : null;
}

/**
 * The Redis fan-out with Postgres `LISTEN/NOTIFY` behind it. While Redis answers, nothing
 * changes. While it does not, notices go through Postgres instead: match changes as `stale`
 * (each hub re-reads the match, with the events in between, from the database it shares), the
 * rest as they are. Screens are told how the hubs reach each other through `peers()`: `backup`
 * while Postgres carries the notices (it proves itself with echoes), `unreachable` when neither
 * way works. Presence stays per hub until Redis is back; then rooms catch up as before.
 */
export function withNotifyBackup(primary: Fanout, backup: PostgresNotifyLink): Fanout {
  const noticeHandlers: ((notice: MatchNotice) => void)[] = [];
  const redisUp = () => primary.health().reachable;
  primary.onNotice((notice) => {
    for (const handler of noticeHandlers) handler(notice);
  });
  backup.onPayload((raw) => {
    const notice = parseNotice(raw);
    if (!notice || notice.hubId === primary.hubId) return;
    for (const handler of noticeHandlers) handler(notice);
  });
  // Prove the backup only while it is needed: echoes cost a NOTIFY a second.
  const watch = setInterval(() => backup.prove(!redisUp()), WATCH_INTERVAL_MS);
  watch.unref();

  return {
    kind: primary.kind,
    hubId: primary.hubId,
    publish(notice) {
      if (redisUp()) return primary.publish(notice);
      backup.prove(true);
      backup.publish(JSON.stringify(backupForm(notice)));
    },
    subscribe: (matchId) => primary.subscribe(matchId),
    unsubscribe: (matchId) => primary.unsubscribe(matchId),
    onNotice: (handler) => void noticeHandlers.push(handler),
    onReconnect(handler) {
      primary.onReconnect(handler);
      // Notices said while Postgres's listener was away are read again too.
      backup.onRelisten(handler);
    },
    exchangePresence: (matchId, share, now) => primary.exchangePresence(matchId, share, now),
    peers() {
      if (redisUp()) return null;
      return backup.working ? 'backup' : 'unreachable';
    },
    health() {
      const health = primary.health();
      return health.reachable ? health : { ...health, backup: backup.working ? 'postgres-notify' : 'none' };
    },
    async close() {
      clearInterval(watch);
      await primary.close();
      await backup.close();
    },
  };
}
