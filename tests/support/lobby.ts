/** A screen in a lobby through the real tRPC WebSocket client, recording what it gets. */
import type { LobbyMessage, LobbyRosterEntry, PresenceCounts } from '@bianshi/shared';
import { wsClient } from './trpc';
import { until } from './until';

export interface LobbyWatchInput {
  lobbyId: string;
  role?: 'controller' | 'judge' | 'display' | 'audience';
  name?: string;
  route?: string;
  token?: string;
  judgeKey?: string;
  lastEventId?: string;
}

type Tick = Extract<LobbyMessage, { type: 'tick' }>;

/** Everything a lobby screen saw, and ways to wait for more. */
export interface LobbyWatcher {
  /** Tracked messages (snapshot, lobby, match) with their ids, in arrival order. */
  readonly tracked: { id: string; message: LobbyMessage }[];
  /** Plain messages other than ticks (screen, message, identify, move, disconnect). */
  readonly plain: LobbyMessage[];
  readonly ticks: Tick[];
  readonly errors: unknown[];
  /** True once the hub ended the subscription. */
  completed: boolean;
  lastEventId(): string | undefined;
  /** The screen's id, from the `screen` frame. */
  screenId(): string | undefined;
  lastTick(): Tick | undefined;
  until(predicate: (watcher: LobbyWatcher) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens a socket (with an optional organizer key as connection param) and joins a lobby. */
export function watchLobby(
  wsUrl: string,
  input: LobbyWatchInput,
  options: { organizerKey?: string } = {},
): LobbyWatcher {
  const connection = wsClient(wsUrl, options.organizerKey ? { controlKey: options.organizerKey } : {});
  const watcher: LobbyWatcher = {
    tracked: [],
    plain: [],
    ticks: [],
    errors: [],
    completed: false,
    lastEventId: () => watcher.tracked.at(-1)?.id,
    screenId: () => {
      const self = watcher.plain.filter((m) => m.type === 'screen').at(-1);
      return self?.type === 'screen' ? self.screen.id : undefined;
    },
    lastTick: () => watcher.ticks.at(-1),
    async until(predicate, timeoutMs = 15_000) {
      await until(
        () => predicate(watcher),
        (met) => met,
        timeoutMs,
        20,
      ).catch(() => {
        throw new Error(
          `lobby watcher timed out; ${watcher.tracked.length} tracked, ${watcher.plain.length} plain, ${watcher.ticks.length} ticks, errors ${JSON.stringify(watcher.errors)}`,
        );
      });
    },
    close: () => {
      subscription.unsubscribe();
      connection.close();
    },
  };
  const subscription = connection.client.lobby.watch.subscribe(
    { role: 'audience', ...input },
    {
      onData(value: unknown) {
        const envelope = value as { id?: string; data?: LobbyMessage; type?: string };
        if (envelope.id !== undefined && envelope.data)
          watcher.tracked.push({ id: envelope.id, message: envelope.data });
        else if (envelope.type === 'tick') watcher.ticks.push(envelope as Tick);
        else if (envelope.type) watcher.plain.push(envelope as LobbyMessage);
      },
      onError(error) {
        watcher.errors.push(error);
      },
      onComplete() {
        watcher.completed = true;
      },
    },
  );
  return watcher;
}

/** Total screens in presence counts. */
export function totalPresence(counts: PresenceCounts): number {
  return counts.controller + counts.judge + counts.display + counts.audience;
}

/** The roster of the last organizer tick, if any. */
export function rosterOf(watcher: LobbyWatcher): LobbyRosterEntry[] {
  return watcher.lastTick()?.roster ?? [];
}
