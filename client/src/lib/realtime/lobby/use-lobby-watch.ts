/**
 * The one hook that feeds a lobby store from `lobby.watch`: snapshot, lobby changes, relayed
 * match frames, ticks, and frames for this screen alone. Resume after a reconnect is done by
 * the socket (tRPC resends the last tracked id). Clock sync runs while it is mounted.
 */
import type { DeviceKind, LobbyMessage, PresenceRole } from '@bianshi/shared';
import { useEffect, useMemo } from 'react';
import { toAppError } from '../../api/errors';
import { initialLobbyWatch, retireEmbeddedWatch, runtimeFor } from '../timer';
import { useTrpcClient } from '../../api/trpc-client';
import { rememberScreenName } from './device';
import { createLobbyStore, type LobbyStore } from './lobby.store';

/** What a screen says when it joins a lobby. */
export interface LobbyWatchInput {
  lobbyId: string;
  role: PresenceRole;
  name: string;
  device: DeviceKind;
  route: string;
  token?: string | undefined;
  judgeKey?: string | undefined;
  /** false: do not join yet (the store stays empty). */
  enabled: boolean;
}

/** A tracked item arrives as `{id, data}`; plain frames arrive as the message itself. */
export function unwrapLobbyItem(item: unknown): LobbyMessage | null {
  if (item === null || typeof item !== 'object') return null;
  if ('type' in item) return item as LobbyMessage;
  if ('data' in item) return unwrapLobbyItem((item as { data: unknown }).data);
  return null;
}

/** Joins a lobby and returns its store. */
export function useLobbyWatch(input: LobbyWatchInput): LobbyStore {
  const client = useTrpcClient();
  const runtime = runtimeFor(client);
  const { lobbyId, role, name, device, route, token, judgeKey, enabled } = input;
  const store = useMemo(() => {
    const created = createLobbyStore(runtime.clock);
    // The audience page brings the lobby's first state with it (embedded-watch.ts): drawn before the socket opens.
    const initial = initialLobbyWatch(lobbyId, runtime.clock);
    if (initial) created.getState().receive(initial);
    return created;
  }, [runtime, lobbyId, role]);

  useEffect(() => {
    if (!enabled) return;
    const release = runtime.retain();
    const mirror = () => {
      const connection = runtime.connection.getState();
      for (const match of Object.values(store.getState().matches)) match.getState().setConnection(connection);
    };
    const unmirror = runtime.connection.subscribe(mirror);
    const subscription = client.lobby.watch.subscribe(
      { lobbyId, role, name, device, route, ...(token ? { token } : {}), ...(judgeKey ? { judgeKey } : {}) },
      {
        onData(item: unknown) {
          retireEmbeddedWatch();
          const message = unwrapLobbyItem(item);
          if (!message) return;
          store.getState().receive(message);
          if (message.type === 'screen') rememberScreenName(message.screen.name);
        },
        onError(error: unknown) {
          store.getState().setError(toAppError(error));
        },
      },
    );
    return () => {
      subscription.unsubscribe();
      unmirror();
      release();
    };
    // The route is reported at join; a change of route alone does not rejoin.
  }, [client, runtime, store, lobbyId, role, device, token, judgeKey, enabled]);

  return store;
}
