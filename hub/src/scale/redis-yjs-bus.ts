import type { YjsBus, YjsBusNotice } from '../yjs/yjs-bus';
import type { RedisLink } from './redis-link';

const DOCUMENT_PREFIX = 'bs:yjs:doc:';
const ACCESS_CHANNEL = 'bs:yjs:access';

/**
 * Document updates, awareness and access changes between hubs over Redis pub/sub: a channel per
 * document (subscribed only by hubs that hold it loaded) and one access channel for all.
 */
export function redisYjsBus(link: RedisLink, hubId: string): YjsBus {
  const handlers: ((notice: YjsBusNotice) => void)[] = [];
  const deliver = (_channel: string, raw: string) => {
    let notice: YjsBusNotice;
    try {
      notice = JSON.parse(raw) as YjsBusNotice;
    } catch {
      return;
    }
    if (notice.hubId === hubId) return;
    for (const handler of handlers) handler(notice);
  };
  link.onMessage(DOCUMENT_PREFIX, deliver);
  link.onMessage(ACCESS_CHANNEL, deliver);
  link.subscribe(ACCESS_CHANNEL);
  return {
    publish: (notice) =>
      link.publish(
        notice.kind === 'access' ? ACCESS_CHANNEL : DOCUMENT_PREFIX + notice.documentId,
        JSON.stringify(notice),
      ),
    subscribe: (documentId) => link.subscribe(DOCUMENT_PREFIX + documentId),
    unsubscribe: (documentId) => link.unsubscribe(DOCUMENT_PREFIX + documentId),
    onNotice: (handler) => void handlers.push(handler),
    onReconnect: (handler) => link.onReconnect(handler),
  };
}
