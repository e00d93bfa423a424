/** React glue of the console's fallback authority (the follower is in fallback-hooks.ts). */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTrpcClient } from '../../api/trpc-client';
import type { AuthorityState } from './fallback-authority';
import { FallbackConsole } from './fallback-console';
import { useFallbackChannels } from './fallback-hooks';
import { registerFallbackConsole } from './fallback-registry';
import type { TimerStore } from './timer.store';

/**
 * The console's fallback authority for `timerId`, fed by the console's own watch store. While it
 * is in charge, `useTimerCommands(timerId)` applies commands locally instead of sending them.
 * Read its phase, log and outcome with `useFallbackAuthorityState(authority, selector)`.
 */
export function useFallbackAuthority(timerId: string, store: TimerStore): FallbackConsole {
  const client = useTrpcClient();
  const authority = useMemo(() => new FallbackConsole(timerId, store, client), [timerId, store, client]);
  const channels = useFallbackChannels(client, store, true);
  useEffect(() => {
    const unregister = registerFallbackConsole(timerId, authority);
    const stop = authority.start();
    return () => {
      stop();
      unregister();
    };
  }, [authority, timerId]);
  useEffect(() => authority.setChannels(channels), [authority, channels]);
  return authority;
}

/** Reads a slice of the authority's state. */
export function useFallbackAuthorityState<T>(
  authority: FallbackConsole,
  selector: (state: AuthorityState) => T,
): T {
  return useStore(authority.state as StoreApi<AuthorityState>, selector);
}
