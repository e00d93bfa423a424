/**
 * The lobby's realtime client — joining a lobby as a screen: ONE `lobby.watch` subscription feeds
 * a store with the lobby's facts and one timer store per shown match (relayed frames), so any
 * number of clocks draw from a single socket subscription. Used by the lobby screens and the tournament live wall.
 *
 *   const store = useLobbyWatch({ lobbyId, role: 'audience', name, device, route, enabled: true });
 *   const matches = useStore(store, (s) => s.matches);   // Record<timerId, TimerStore>
 *   <TimerDisplay store={matches[timerId]} variant="compact" />
 */
export {
  defaultScreenName,
  deviceKindOf,
  rememberScreenName,
  SCREEN_NAME_KEY,
  storedScreenName,
} from './device';
export {
  createLobbyStore,
  type Farewell,
  type LobbyStore,
  type LobbyStoreState,
  type ScreenMessage,
} from './lobby.store';
export { unwrapLobbyItem, useLobbyWatch, type LobbyWatchInput } from './use-lobby-watch';
