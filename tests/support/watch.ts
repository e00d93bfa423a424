/** A screen watching a timer through the real tRPC WebSocket client, recording what it gets. */
import type { WatchMessage } from '@bianshi/shared';
import { wsClient } from './trpc';

export interface WatchInput {
  timerId: string;
  matchId?: string;
  role?: 'controller' | 'judge' | 'display' | 'audience';
  name?: string;
  lastEventId?: string;
  viewKey?: string;
  judgeKey?: string;
}

/** Everything a watcher saw, and ways to wait for more. */
export interface Watcher {
  /** Snapshot and change messages in arrival order, with their tracked ids. */
  readonly tracked: { id: string; message: WatchMessage }[];
  readonly ticks: Extract<WatchMessage, { type: 'tick' }>[];
  /** Untracked messages other than ticks (`timer`: new timer facts). */
  readonly plain: WatchMessage[];
  readonly errors: unknown[];
  lastEventId(): string | undefined;
  /** Resolves when `predicate` holds for what was received (polling), or rejects after `timeoutMs`. */
  until(predicate: (watcher: Watcher) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens a socket and subscribes to `timer.watch`. */
export function watch(
  wsUrl: string | (() => string),
  input: WatchInput,
  options: { controlKey?: string } = {},
): Watcher {
  const connection = wsClient(wsUrl, options.controlKey ? { controlKey: options.controlKey } : {});
  /** Waiters re-check their predicate whenever something arrives (no polling). */
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const watcher: Watcher = {
    tracked: [],
    ticks: [],
    plain: [],
    errors: [],
    lastEventId: () => watcher.tracked.at(-1)?.id,
    until(predicate, timeoutMs = 10_000) {
      if (predicate(watcher)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(watcher)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `watcher timed out; got ${watcher.tracked.length} tracked, ${watcher.ticks.length} ticks, errors ${JSON.stringify(watcher.errors)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => {
      subscription.unsubscribe();
      connection.close();
    },
  };
  const subscription = connection.client.timer.watch.subscribe(
    { role: 'display', ...input },
    {
      onData(value: unknown) {
        const envelope = value as { id?: string; data?: WatchMessage; type?: string };
        if (envelope.type === 'tick') watcher.ticks.push(envelope as Extract<WatchMessage, { type: 'tick' }>);
        else if (envelope.id !== undefined && envelope.data)
          watcher.tracked.push({ id: envelope.id, message: envelope.data });
        else if (envelope.type) watcher.plain.push(envelope as WatchMessage);
        notify();
      },
      onError(error) {
        watcher.errors.push(error);
        notify();
      },
    },
  );
  return watcher;
}
