/**
 * A store per watched timer (zustand, vanilla): what the screen knows (watch-reducer.ts), the
 * connection status, and local bell prediction while disconnected. Fed by ONE hook,
 * `useTimerWatch`, or — for previews and offline single-device mode — by `createLocalTimerStore`.
 * Components read it through selectors: `useTimerStore(store, (s) => s.state)`.
 */
import {
  bellsBetween,
  type BellEvent,
  type MatchEvent,
  type MatchState,
  type TimerPublic,
  type WatchMessage,
} from '@bianshi/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppError } from '../../api/errors';
import type { ConnectionState, ConnectionStatus, DropReason } from './connection';
import {
  applyFallbackMessage,
  yieldProvisional,
  type FallbackData,
  type FallbackMessage,
  type FallbackView,
} from './fallback';
import { ServerClock } from './server-clock';
import { acceptState, addBells, applyWatchMessage, emptyWatchData } from './watch-reducer';

/** State and actions of a timer store. */
export interface TimerStoreState extends FallbackData {
  /** Connection badge status (`online` for a local store). */
  status: ConnectionStatus;
  /** The hub speaks a newer protocol: show 请刷新页面. */
  protocolMismatch: boolean;
  /** Why the hub dropped the socket, while reconnecting (the badge tells it), else null. */
  dropped: DropReason | null;
  /** Why the timer cannot be shown (NOT_FOUND, FORBIDDEN…), or null. */
  error: AppError | null;
  /** The server clock this store's times are read against. */
  clock: ServerClock;
  /** Server ms up to which bells were predicted locally; null while online. */
  predictedUntil: number | null;

  /** Applies one `timer.watch` message. */
  receive(message: WatchMessage): void;
  /** Accepts a full state (a refresh, a local reducer step); older versions of the same match are ignored. */
  acceptState(matchId: string, state: MatchState, timer?: TimerPublic): void;
  /** Mirrors the connection status. */
  setConnection(
    connection: Pick<ConnectionState, 'status' | 'protocolMismatch'> & { dropped?: DropReason | null },
  ): void;
  setError(error: AppError | null): void;
  /**
   * While not online, cues the bells due since the last call from the last known state (the
   * hub cannot tell us). Cheap when online or when nothing is due. Call a few times a second.
   */
  predictBells(now: number): void;
  /** Cues the bell events among `events` (offline single-device mode: the local reducer's events). */
  cueBells(events: readonly MatchEvent[]): void;
  /** Applies a message of the Supabase fallback channel (fallback.ts: stale versions dropped, bells once). */
  receiveFallback(message: FallbackMessage): void;
  /** What the badge says about the fallback channel (null: not in use). */
  setFallback(view: FallbackView | null): void;
  /**
   * Shows a state this console decided without the hub (fallback authority), provisional over
   * the hub version `baseVersion`.
   */
  acceptProvisional(matchId: string, state: MatchState, baseVersion: number): void;
  /** Takes the hub's state whatever its version (after an offline log was replayed or dropped). */
  replaceState(matchId: string, state: MatchState): void;
}

/** A timer store. */
export type TimerStore = StoreApi<TimerStoreState>;

/** Creates an empty store reading times against `clock`. */
export function createTimerStore(clock: ServerClock = new ServerClock()): TimerStore {
  return createStore<TimerStoreState>((set, get) => ({
    ...emptyWatchData(),
    provisionalBase: null,
    fallback: null,
    status: 'connecting',
    protocolMismatch: false,
    dropped: null,
    error: null,
    clock,
    predictedUntil: null,
    receive(message) {
      const current = yieldProvisional(get(), message);
      const next = applyWatchMessage(current, message, current.clock.now());
      if (next !== get()) set({ ...next, ...(message.type === 'snapshot' ? { error: null } : {}) });
    },
    acceptState(matchId, state, timer) {
      const current = get();
      const next = acceptState(current, matchId, state, timer);
      if (next !== current) set(next);
    },
    setConnection({ status, protocolMismatch, dropped = null }) {
      const current = get();
      if (
        current.status === status &&
        current.protocolMismatch === protocolMismatch &&
        current.dropped === dropped
      )
        return;
      // Going offline starts local prediction from now; coming back hands bells to the hub again.
      const predictedUntil = status === 'online' ? null : (current.predictedUntil ?? current.clock.now());
      set({ status, protocolMismatch, dropped, predictedUntil });
    },
    setError(error) {
      set({ error });
    },
    predictBells(now) {
      const current = get();
      if (
        current.status === 'online' ||
        current.predictedUntil === null ||
        current.state === null ||
        current.matchId === null
      )
        return;
      if (now <= current.predictedUntil) return;
      const bells = bellsBetween(current.state, current.predictedUntil, now);
      const next = bells.length === 0 ? current : addBells(current, current.matchId, bells, now, 'local');
      set({ ...(next === current ? {} : next), predictedUntil: now });
    },
    cueBells(events) {
      const current = get();
      const bells = events.filter((event): event is BellEvent => event.type === 'bell');
      if (bells.length === 0 || current.matchId === null) return;
      const next = addBells(current, current.matchId, bells, current.clock.now(), 'local');
      if (next !== current) set(next);
    },
    receiveFallback(message) {
      const current = get();
      const next = applyFallbackMessage(current, message, current.clock.now());
      if (next !== current) set(next);
    },
    setFallback(view) {
      const current = get().fallback;
      if (
        current === view ||
        (current && view && current.phase === view.phase && current.source === view.source)
      )
        return;
      set({ fallback: view });
    },
    acceptProvisional(matchId, state, baseVersion) {
      set({ matchId, state, provisionalBase: baseVersion, needsRefresh: false });
    },
    replaceState(matchId, state) {
      set({ matchId, state, provisionalBase: null, needsRefresh: false });
    },
  }));
}

/**
 * A store that needs no hub: for previews (skin page, format editor) and offline single-device
 * mode. Feed it with `store.getState().acceptState(matchId, state, timer)`.
 */
export function createLocalTimerStore(init: {
  matchId: string;
  state: MatchState;
  timer?: TimerPublic;
  clock?: ServerClock;
}): TimerStore {
  const store = createTimerStore(init.clock);
  store.getState().acceptState(init.matchId, init.state, init.timer);
  store.getState().setConnection({ status: 'online', protocolMismatch: false });
  return store;
}
