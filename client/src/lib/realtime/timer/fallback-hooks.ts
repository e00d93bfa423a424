/**
 * React glue of the Supabase realtime fallback: the follower every watched timer runs (inside
 * `useTimerWatch`). The console's authority is in fallback-authority-hooks.ts, so screens that
 * only watch never load it.
 */
import { useEffect, useState } from 'react';
import {
  fallbackChannelsFor,
  loadSupabase,
  type FallbackChannelHandle,
  type FallbackChannels,
} from './fallback-channel';
import { signaturesSupported, type FallbackConfig } from './fallback';
import type { HubClient } from './runtime';
import type { TimerStore } from './timer.store';

const configs = new WeakMap<object, Promise<FallbackConfig | null>>();

/**
 * The fallback configuration the hub announces in `system.info` (null: not configured). Asked
 * once per client while the hub answers; a failed ask is forgotten so the next one retries.
 * When configured, supabase-js is loaded at once: later the hub serving its chunk may be gone.
 */
export function fallbackConfigOf(client: HubClient): Promise<FallbackConfig | null> {
  let config = configs.get(client);
  if (!config) {
    config = client.system.info.query().then(
      (info) => {
        const fallback = info.fallback ?? null;
        // Without WebCrypto (an insecure context) nothing on the channel can be checked: no fallback.
        if (!fallback || !signaturesSupported()) return null;
        void loadSupabase().catch(() => undefined);
        return fallback;
      },
      (error: unknown) => {
        configs.delete(client);
        throw error;
      },
    );
    configs.set(client, config);
  }
  return config;
}

/** The fallback channels of the hub behind `client`, once known (null while unknown or not configured). */
export function useFallbackChannels(
  client: HubClient,
  store: TimerStore,
  enabled: boolean,
): FallbackChannels | null {
  const [channels, setChannels] = useState<FallbackChannels | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let asking = false;
    const ask = () => {
      if (asking) return;
      asking = true;
      fallbackConfigOf(client).then(
        (config) => {
          if (!cancelled && config) setChannels(fallbackChannelsFor(config));
          unsubscribe();
        },
        () => {
          asking = false; // ask again when the hub answers
        },
      );
    };
    const unsubscribe = store.subscribe((now, before) => {
      if (now.status === 'online' && before.status !== 'online') ask();
    });
    ask();
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [client, store, enabled]);
  return channels;
}

/**
 * Follows the Supabase fallback channel of the store's match while the hub socket is `offline`
 * (past the reconnect schedule) and the hub announced a fallback; leaves it when the socket is
 * back online (the tRPC resume delivers what was missed). Channel messages that verify (the
 * hub's signature, or a certified console's, for this match and timer) are fed to the store
 * (stale versions dropped, bells cued once); the rest are dropped. The badge reads `store.fallback`.
 */
export function useFallbackFollow(client: HubClient, store: TimerStore, enabled = true): void {
  const channels = useFallbackChannels(client, store, enabled);
  useEffect(() => {
    if (!enabled || !channels) return;
    let handle: FallbackChannelHandle | null = null;
    let followed: string | null = null;
    const leave = () => {
      handle?.release();
      handle = null;
      followed = null;
      store.getState().setFallback(null);
    };
    const update = () => {
      const { status, matchId } = store.getState();
      const want = status === 'offline' && matchId !== null ? matchId : null;
      if (want === followed) return;
      leave();
      if (want === null) return;
      followed = want;
      handle = channels.join(want, {
        onMessage(event, payload) {
          const { timer, clock } = store.getState();
          void channels
            .verify(event, payload, { matchId: want, timerId: timer?.id ?? null, now: clock.now() })
            .then((message) => {
              // Checked asynchronously: a message for a channel left meanwhile is not shown.
              if (message && followed === want) store.getState().receiveFallback(message);
            });
        },
        onStatus(status) {
          // supabase-js could not be loaded (the hub that serves it went first): there is no
          // channel to follow, so the badge says 离线 rather than joining for ever.
          if (status === 'error') return store.getState().setFallback(null);
          const source = store.getState().fallback?.source ?? null;
          store.getState().setFallback({ phase: status === 'joined' ? 'following' : 'joining', source });
        },
      });
    };
    update();
    const unsubscribe = store.subscribe((now, before) => {
      if (now.status !== before.status || now.matchId !== before.matchId) update();
    });
    return () => {
      unsubscribe();
      leave();
    };
  }, [channels, store, enabled]);
}
