import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTrackedId } from '@bianshi/shared';
import type { Clock } from '../../lib/clock';
import { HubError } from '../../lib/errors';
import type { AddressSubscriptions } from '../../realtime/connection-budget';
import type { TimerService } from '../../timers/timer.service';
import type { ApiAccess } from '../api-access';
import { IM } from '../messages';
import type { FeedItem, TimerFeeds } from './timer-feeds';

/** A comment line goes out this often, so proxies and OBS keep an idle stream open. */
export const SSE_HEARTBEAT_MS = 15_000;
/** Clients reconnect after this long (the stream's `retry:`), then with `Last-Event-ID`. */
export const SSE_RETRY_MS = 2_000;
/** A stream this far behind (a client that stopped reading) is closed; it resumes with a snapshot. */
export const SSE_MAX_BUFFERED_BYTES = 512 * 1024;

/** One serialized event per item, whatever the number of streams it goes to. */
const serialized = new WeakMap<FeedItem, string>();

/** The SSE text of an item: `id`, `event` (`snapshot`, `change`, `timer`) and one `data` line of JSON. */
export function sseText(item: FeedItem): string {
  let text = serialized.get(item);
  if (text === undefined) {
    const { id, ...data } = item;
    text = `id: ${id}\nevent: ${item.kind}\ndata: ${JSON.stringify(data)}\n\n`;
    serialized.set(item, text);
  }
  return text;
}

/** What the stream handler needs. */
export interface TimerEventsDependencies {
  timers: TimerService;
  access: ApiAccess;
  feeds: TimerFeeds;
  clock: Clock;
  /** Streams count against the same per-address budget as screens (MAX_SUBSCRIPTIONS_PER_ADDRESS). */
  subscriptions: AddressSubscriptions;
}

/**
 * `GET /api/v1/timers/:id/events`: Server-Sent Events of a timer's current match, following it
 * to the next. A snapshot first (none when `Last-Event-ID` says nothing was missed), then one
 * event per change committed on any hub. Usable from a browser's EventSource, OBS or `curl -N`.
 */
export function createTimerEventsHandler(deps: TimerEventsDependencies) {
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    timerRef: string,
    address: string,
  ): Promise<void> => {
    const timer = await deps.timers.get(timerRef);
    await deps.access.requireView(timer, req);
    const room = await deps.timers.room(timer);
    if (!deps.subscriptions.tryAdd(address))
      throw new HubError('TOO_MANY_REQUESTS', IM.tooManyStreams, 'too-many-from-address', {
        retryAfterMs: SSE_RETRY_MS * 5,
      });

    const url = new URL(req.url ?? '/', 'http://hub');
    const lastEventId = headerValue(req.headers['last-event-id']) ?? url.searchParams.get('lastEventId');
    const last = lastEventId ? parseTrackedId(lastEventId) : null;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise hold the stream in a buffer.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${SSE_RETRY_MS}\n\n`);
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true);

    let open = true;
    const write = (text: string) => {
      if (!open) return;
      if (res.writableLength > SSE_MAX_BUFFERED_BYTES) return close();
      res.write(text);
    };
    const stopListening = deps.feeds.listen(
      room,
      (item) => {
        write(sseText(item));
        // Access may have changed (a new view key, a revoked token): check again, close if it no longer holds.
        if (item.kind === 'timer') {
          void deps.timers
            .get(timer.id)
            .then((fresh) => deps.access.requireView(fresh, req))
            .catch(() => close());
        }
      },
      last?.matchId === room.matchId ? last.version : undefined,
    );
    const heartbeat = setInterval(() => write(`: ${deps.clock.now()}\n\n`), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    function close(): void {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      stopListening();
      deps.subscriptions.remove(address);
      res.end();
    }
    res.on('close', close);
    req.on('close', close);
  };
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 200 ? first : null;
}
