/**
 * The clocks of one published round from ONE `lobby.watch` subscription on the round's lobby
 * (the hub relays every fixture's timer frames through it), however many tiles draw them.
 */
import type { RoundLobby } from '@bianshi/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useStore } from 'zustand';
import { deviceKindOf, storedScreenName, useLobbyWatch, type LobbyStore } from '../../../lib/realtime/lobby';
import type { TimerStore } from '../../../lib/realtime/timer';

/** Joins the round's lobby as audience while `enabled`; returns the lobby store. */
export function useRoundClocks(lobby: RoundLobby | null, enabled: boolean): LobbyStore {
  const location = useLocation();
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const [name] = useState(() => storedScreenName(userAgent));
  return useLobbyWatch({
    lobbyId: lobby?.id ?? '',
    // Audience screens do not count toward a timer's projector screens.
    role: 'audience',
    name,
    device: deviceKindOf(userAgent),
    route: location.pathname,
    token: lobby?.joinToken ?? undefined,
    enabled: enabled && lobby !== null,
  });
}

/** The timer store of one fixture's timer in a round's lobby store, once its first frame arrived. */
export function useFixtureClock(store: LobbyStore, timerId: string | null): TimerStore | null {
  return useStore(store, (s) => (timerId ? (s.matches[timerId] ?? null) : null));
}
