/**
 * React hooks of the realtime timer library: the one hook that feeds a timer store from its
 * subscription, selectors, the clock model, bell cues and commands.
 */
import {
  reconnectDelayMs,
  type CommandInput,
  type DeviceKind,
  type MatchState,
  type PresenceRole,
  type WatchMessage,
} from '@bianshi/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { AppError, RETRYABLE_STATUSES, toAppError } from '../../api/errors';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { useTrpcClient } from '../../api/trpc-client';
import { ClockModel } from '../../clock/clock-model';
import { initialWatch, retireEmbeddedWatch } from './embedded-watch';
import { fallbackConsoleOf } from './fallback-registry';
import { useFallbackFollow } from './fallback-hooks';
import { runtimeFor, type HubClient } from './runtime';
import { readDisplaySettings, type DisplaySettings } from '../../display-settings/settings';
import { createTimerStore, type TimerStore, type TimerStoreState } from './timer.store';
import type { BellCue } from './watch-reducer';

/** What a screen says when it watches a timer. */
export interface TimerWatchInput {
  timerId: string;
  /** A specific match; absent: the timer's current match, following it to the next. */
  matchId?: string;
  role: PresenceRole;
  /** Shown to controllers in the roster. */
  name?: string;
  device?: DeviceKind;
  /** false: do not subscribe (the store stays empty). Default true. */
  enabled?: boolean;
  /** false: do not follow the Supabase fallback channel while the hub is unreachable. Default true. */
  fallback?: boolean;
  /** A private timer's view key, from its display link. */
  viewKey?: string;
  /** The judge link's key: with it, `role: 'judge'` is granted without a judge role on the timer. */
  judgeKey?: string;
}

/** How often bells are predicted locally while disconnected. */
const PREDICT_INTERVAL_MS = 100;

const liveStores = new Map<string, Set<TimerStore>>();
/** View keys of private timers being watched, for refreshes over HTTP. Kept in memory only. */
const viewKeys = new Map<string, string>();

/** A tracked item arrives as `{id, data}`; untracked ticks arrive as the message itself. */
export function unwrapWatchItem(item: unknown): WatchMessage | null {
  if (item === null || typeof item !== 'object') return null;
  if ('type' in item) return item as WatchMessage;
  if ('data' in item) return unwrapWatchItem((item as { data: unknown }).data);
  return null;
}

/** Fetches the timer's current state over HTTP and hands it to every store watching the timer. */
export async function refreshTimer(client: HubClient, timerId: string): Promise<void> {
  const stores = liveStores.get(timerId);
  if (!stores || stores.size === 0) return;
  const viewKey = viewKeys.get(timerId);
  const fresh = await client.timer.get.query({ id: timerId, ...(viewKey ? { viewKey } : {}) });
  for (const store of stores)
    store.getState().acceptState(fresh.matchId, fresh.state as MatchState, fresh.timer);
}

/**
 * Watches a timer over `timer.watch` and returns its store. The ONE place a timer store is fed:
 * snapshot and changes (format merged, stale versions dropped, resume by lastEventId handled by
 * the socket), ticks with presence, the connection status, local bell prediction while offline,
 * and a refresh when a change cannot be merged. Clock sync runs while any watch is mounted.
 */
export function useTimerWatch(input: TimerWatchInput): TimerStore {
  const client = useTrpcClient();
  const runtime = runtimeFor(client);
  const { timerId, matchId, role, name, device, enabled = true, fallback = true, viewKey, judgeKey } = input;
  const store = useMemo(
    () => {
      const created = createTimerStore(runtime.clock);
      // A display page brings its first state with it (embedded-watch.ts): drawn before the socket opens.
      const initial = initialWatch(timerId, matchId, runtime.clock);
      if (initial) created.getState().receive(initial);
      return created;
    },
    // A new store per watched thing, so one timer's state never shows under another's id.
    [runtime, timerId, matchId, role],
  );

  useEffect(() => {
    if (!enabled) return;
    const release = runtime.retain();
    const mirror = () => store.getState().setConnection(runtime.connection.getState());
    mirror();
    const unmirror = runtime.connection.subscribe(mirror);

    if (viewKey) viewKeys.set(timerId, viewKey);
    const registered = liveStores.get(timerId) ?? new Set<TimerStore>();
    registered.add(store);
    liveStores.set(timerId, registered);

    let refreshing = false;
    const unrefresh = store.subscribe((state) => {
      if (!state.needsRefresh || refreshing) return;
      refreshing = true;
      void refreshTimer(client, timerId)
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
        });
    });

    const watchInput = {
      timerId,
      ...(matchId ? { matchId } : {}),
      role,
      ...(name ? { name } : {}),
      ...(device ? { device } : {}),
      ...(viewKey ? { viewKey } : {}),
      ...(judgeKey ? { judgeKey } : {}),
    };
    // A watch the hub refuses for good (a private timer, a judge link, not found) stays refused and
    // says why; one it refuses for now (busy, rate-limited) or ends without a word is opened again
    // on the reconnect schedule, the screen saying so meanwhile. Never a silent, frozen clock.
    let subscription: { unsubscribe(): void } | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let active = true;
    const reopen = () => {
      if (!active || retry !== null) return;
      retry = setTimeout(() => {
        retry = null;
        open();
      }, reconnectDelayMs(attempts));
      attempts += 1;
    };
    const open = () => {
      subscription?.unsubscribe();
      subscription = client.timer.watch.subscribe(watchInput, {
        onData(item: unknown) {
          attempts = 0;
          retireEmbeddedWatch();
          const message = unwrapWatchItem(item);
          if (message) store.getState().receive(message);
        },
        onError(error: unknown) {
          // The hub's own Chinese message when it has one (a private timer's view key, a role).
          const refused = commandError(error);
          store.getState().setError(refused);
          if (watchMayRecover(refused)) reopen();
        },
        onStopped() {
          if (!active) return;
          store
            .getState()
            .setError(
              new AppError({ kind: 'network', message: displayText.watchStopped, reason: 'watch-stopped' }),
            );
          reopen();
        },
      });
    };
    open();

    const predict = setInterval(() => {
      const state = store.getState();
      if (state.status !== 'online') state.predictBells(state.clock.now());
    }, PREDICT_INTERVAL_MS);

    return () => {
      active = false;
      if (retry !== null) clearTimeout(retry);
      clearInterval(predict);
      subscription?.unsubscribe();
      unrefresh();
      registered.delete(store);
      if (registered.size === 0) {
        liveStores.delete(timerId);
        viewKeys.delete(timerId);
      }
      unmirror();
      release();
    };
  }, [client, runtime, store, timerId, matchId, role, name, device, enabled, viewKey, judgeKey]);

  // Past the reconnect schedule, follow the match on the Supabase channel (when configured).
  useFallbackFollow(client, store, enabled && fallback);

  return store;
}

/**
 * True when a refused watch may work if opened again (the hub was busy, rate-limited, unreachable);
 * false for refusals that stand until the link changes (private, a judge link, not found).
 */
export function watchMayRecover(error: AppError): boolean {
  if (error.kind === 'network' || error.kind === 'unknown') return true;
  return error.kind === 'http' && RETRYABLE_STATUSES.has(error.status);
}

/** Reads a slice of a timer store; re-renders only when the slice changes (Object.is). */
export function useTimerStore<T>(store: TimerStore, selector: (state: TimerStoreState) => T): T {
  return useStore(store, selector);
}

/** The display settings of the watched timer (teams, topic, logo, skin, tenths…). */
export function useDisplaySettings(store: TimerStore): DisplaySettings {
  const settings = useStore(store, (s) => s.timer?.settings);
  return useMemo(() => readDisplaySettings(settings), [settings]);
}

/** A {@link ClockModel} of the store's state, rebuilt when the state changes; null before the first state. */
export function useClockModel(store: TimerStore, options: { tenths?: boolean } = {}): ClockModel | null {
  const state = useStore(store, (s) => s.state);
  const tenths = options.tenths ?? true;
  return useMemo(() => (state ? new ClockModel(state, { tenths }) : null), [state, tenths]);
}

/**
 * Calls `onCue` once for every bell cued after this hook mounted (hub bells, and bells
 * predicted while disconnected). Bells that were already cued before mounting are not replayed.
 */
export function useBellCues(store: TimerStore, onCue: (cue: BellCue) => void): void {
  const callback = useRef(onCue);
  useLayoutEffect(() => {
    callback.current = onCue;
  });
  useEffect(() => {
    let lastSeq = store.getState().bellSeq;
    return store.subscribe((state) => {
      if (state.bellSeq <= lastSeq) return;
      for (const cue of state.bells) {
        if (cue.seq > lastSeq) {
          lastSeq = cue.seq;
          callback.current(cue);
        }
      }
      lastSeq = state.bellSeq;
    });
  }, [store]);
}

/** The outcome of a command: the new version and state, or an error with a Chinese message. */
export type CommandResult = { ok: true; version: number; state: MatchState } | { ok: false; error: AppError };

const CJK = /[\u3400-\u9fff]/;

/** A command failure as an AppError, keeping the hub's own Chinese message when it sent one. */
export function commandError(error: unknown): AppError {
  const base = toAppError(error);
  if (base.kind === 'http' && base.detail && CJK.test(base.detail)) {
    return new AppError({
      kind: base.kind,
      status: base.status,
      message: base.detail,
      detail: base.detail,
      ...(base.code ? { code: base.code } : {}),
      ...(base.reason ? { reason: base.reason } : {}),
    });
  }
  return base;
}

/**
 * Sends commands to a timer's match with `timer.command`. Failures come back as values with a
 * Chinese `AppError` (show `result.error.message` in a toast); a CONFLICT (stale
 * `expectedVersion`) also refreshes the state of every store watching this timer.
 */
export function useTimerCommands(timerId: string, options: { matchId?: string } = {}) {
  const client = useTrpcClient();
  const [pending, setPending] = useState(0);
  const { matchId } = options;
  const send = useCallback(
    async (command: CommandInput, sendOptions: { expectedVersion?: number } = {}): Promise<CommandResult> => {
      // A console cut off from the hub runs the match itself (fallback-console.ts).
      const authority = fallbackConsoleOf(timerId);
      if (authority && authority.route() !== null) return authority.run(command);
      setPending((n) => n + 1);
      try {
        const result = await client.timer.command.mutate({
          timerId,
          ...(matchId ? { matchId } : {}),
          command,
          ...(sendOptions.expectedVersion === undefined
            ? {}
            : { expectedVersion: sendOptions.expectedVersion }),
        });
        return { ok: true, version: result.version, state: result.state as MatchState };
      } catch (error) {
        const appError = commandError(error);
        if (appError.code === 'CONFLICT') void refreshTimer(client, timerId).catch(() => undefined);
        return { ok: false, error: appError };
      } finally {
        setPending((n) => n - 1);
      }
    },
    [client, timerId, matchId],
  );
  return { send, pending: pending > 0 };
}
