/** A Server-Sent Events follower for tests: the `eventsource` package, events kept in order, waits on conditions. */
import { EventSource } from 'eventsource';

/** One event as received. */
export interface SseEvent {
  type: string;
  id: string;
  data: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- events are read per case
}

export interface SseFollower {
  readonly events: SseEvent[];
  /** Resolves with the first event (from `from` on) that `match` accepts; rejects after `timeoutMs`. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** Follows `url` (with optional headers, such as `Last-Event-ID` or a bearer) until closed. */
export function followSse(
  url: string,
  headers: Record<string, string> = {},
  types: readonly string[] = ['snapshot', 'change', 'timer'],
): SseFollower {
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const source = new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
  });
  for (const type of types) {
    source.addEventListener(type, (message) => {
      events.push({ type, id: message.lastEventId, data: JSON.parse(message.data) as SseEvent['data'] });
      for (const wake of waiters) wake();
    });
  }
  return {
    events,
    next(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < events.length; seen++) {
            const event = events[seen]!;
            if (match(event)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(event);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((event) => [event.type, event.id]))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => source.close(),
  };
}
