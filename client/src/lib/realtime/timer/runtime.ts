/**
 * One realtime runtime per tRPC client (so per page): the server clock, the connection status
 * machine, and the loops that keep them fresh while at least one timer screen is mounted —
 * clock sync on (re)connect, a few times while a screen settles, every 60 s and when the tab
 * becomes visible; browser online/offline.
 */
import type { AppRouter } from '@bianshi/hub/router';
import type { TRPCClient } from '@trpc/client';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { realtimeSocketOf, type RealtimeSocket } from '../../api/trpc-client';
import { initialConnection, nextConnection, type ConnectionEvent, type ConnectionState } from './connection';
import { RESYNC_INTERVAL_MS, ServerClock, SETTLE_RESYNCS_MS, SYNC_SAMPLES } from './server-clock';

/** The hub client the library talks through. */
export type HubClient = TRPCClient<AppRouter>;

/** Shared realtime facilities of a page. */
export class TimerSyncRuntime {
  /** The server clock estimate. */
  readonly clock = new ServerClock();
  /** Connection status of the socket (zustand vanilla store). */
  readonly connection: StoreApi<ConnectionState>;
  private users = 0;
  private stop: (() => void) | null = null;

  constructor(
    private readonly client: HubClient,
    private readonly socket: RealtimeSocket | null,
  ) {
    const online = typeof navigator === 'undefined' ? true : navigator.onLine !== false;
    this.connection = createStore<ConnectionState>(() => initialConnection(online));
  }

  /** Feeds the status machine (also used by tests and by other transports). */
  handle(event: ConnectionEvent): void {
    this.connection.setState(nextConnection(this.connection.getState(), event), true);
  }

  /**
   * Measures the offset now (several samples). Not while the socket is down: a ping then would
   * make the client open a connection outside its reconnect schedule (and the fallback would see
   * it fail); the sync that follows every reopen covers the gap.
   */
  syncClock(samples: number = SYNC_SAMPLES.refresh): Promise<void> {
    if (this.socket && !this.socket.isOpen()) return Promise.resolve();
    return this.clock.sync(() => this.client.clock.ping.query(), samples);
  }

  /** Starts the loops for one user; the returned function stops them after the last user. */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) this.stop = this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) {
        this.stop?.();
        this.stop = null;
      }
    };
  }

  private start(): () => void {
    const cleanups: (() => void)[] = [];
    if (this.socket) {
      const socket = this.socket;
      if (socket.isOpen()) {
        this.handle({ type: 'open' });
        void this.syncClock(SYNC_SAMPLES.connect);
      }
      cleanups.push(
        socket.subscribe((event) => {
          this.handle(event);
          if (event.type === 'open') void this.syncClock(SYNC_SAMPLES.connect);
        }),
      );
    } else {
      void this.syncClock(SYNC_SAMPLES.connect);
    }
    const interval = setInterval(() => void this.syncClock(SYNC_SAMPLES.refresh), RESYNC_INTERVAL_MS);
    const settling = SETTLE_RESYNCS_MS.map((delay) =>
      setTimeout(() => void this.syncClock(SYNC_SAMPLES.refresh), delay),
    );
    cleanups.push(() => {
      clearInterval(interval);
      settling.forEach(clearTimeout);
    });
    if (typeof document !== 'undefined') {
      const onVisibility = () => {
        if (document.visibilityState === 'visible') void this.syncClock(SYNC_SAMPLES.refresh);
      };
      document.addEventListener('visibilitychange', onVisibility);
      cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
    }
    if (typeof window !== 'undefined') {
      const onOffline = () => {
        this.handle({ type: 'browser', online: false });
        // A socket on a dead network may look open for up to 35 s (heartbeat + timeout): drop it
        // so the reconnect schedule starts now.
        this.socket?.dropConnection();
      };
      const onOnline = () => this.handle({ type: 'browser', online: true });
      window.addEventListener('offline', onOffline);
      window.addEventListener('online', onOnline);
      cleanups.push(() => {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('online', onOnline);
      });
    }
    return () => cleanups.forEach((cleanup) => cleanup());
  }
}

const runtimes = new WeakMap<object, TimerSyncRuntime>();

/** The runtime of a hub client (created on first use). */
export function runtimeFor(client: HubClient): TimerSyncRuntime {
  let runtime = runtimes.get(client);
  if (!runtime) {
    runtime = new TimerSyncRuntime(client, realtimeSocketOf(client));
    runtimes.set(client, runtime);
  }
  return runtime;
}
