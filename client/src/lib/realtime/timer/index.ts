/**
 * The timer's realtime client (formerly lib/timer-sync): the watch, the store, commands, server
 * time and the Supabase fallback, which every timer screen uses (display, console, lobby). What a
 * clock reads and how it is drawn is lib/clock; the display settings and skins, lib/display-settings.
 *
 * Feeding (one hook per screen):
 *   const store = useTimerWatch({ timerId, matchId?, role: 'display' | 'judge' | 'audience' | 'controller', name? });
 *
 * Reading (selectors; components never subscribe themselves):
 *   const state = useTimerStore(store, (s) => s.state);        // MatchState | null (format merged)
 *   const status = useTimerStore(store, (s) => s.status);      // 'connecting' | 'online' | 'reconnecting' | 'offline'
 *   const outdated = useTimerStore(store, (s) => s.protocolMismatch); // show 请刷新页面
 *   const settings = useDisplaySettings(store);                // teams, topic, logo, skin, tenths… (lib/display-settings)
 *
 * Drawing clocks (re-render only when the shown digits change; useFrameClock from lib/clock):
 *   const model = useClockModel(store, { tenths: settings.tenths });
 *   const now = useFrameClock(model, store.getState().clock);  // or useFrameKey(() => model.keyOf(i, clock.now()))
 *   const readings = model?.readAll(now);                      // [{ text: '03:29', phase, running, active, side, … }]
 *
 * Bells (each exactly once per screen): useBellCues(store, (cue) => ring(cue.count, cue.sound)).
 * Commands: const { send } = useTimerCommands(timerId); const r = await send({ type: 'start' });
 *   if (!r.ok) toast.error(r.error.message);                   // CONFLICT refreshes the state itself
 * Previews / offline single-device mode: createLocalTimerStore({ matchId, state, timer }).
 * Server time: store.getState().clock.now()  (= Date.now() + measured offset).
 *
 * Supabase realtime fallback (when the hub announces one in system.info): `useTimerWatch` follows
 * the `match:<id>` channel by itself once the socket is `offline`; the badge reads
 * `useTimerStore(store, (s) => s.fallback)` ({phase, source} | null). A console mounts
 *   const authority = useFallbackAuthority(timerId, store);
 * and keeps control while cut off (commands from useTimerCommands are applied locally, logged,
 * broadcast, and replayed with timer.replay when the hub returns); read its phase with
 * useFallbackAuthorityState(authority, (s) => s.phase) and resolve a conflict with authority.choose('server' | 'local').
 */
export {
  initialConnection,
  nextConnection,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
  type DropReason,
} from './connection';
export {
  applyFallbackMessage,
  FALLBACK_EVENTS,
  FALLBACK_REALTIME_OPTIONS,
  fallbackChannelName,
  parseFallbackMessage,
  yieldProvisional,
  type FallbackConfig,
  type FallbackMessage,
  type FallbackView,
} from './fallback';
export {
  applyOffline,
  commandRoute,
  fallbackStatePayload,
  initialAuthority,
  MAX_OFFLINE_COMMANDS,
  nextAuthority,
  type AuthorityOutcome,
  type AuthorityPhase,
  type AuthorityState,
  type OfflineLog,
} from './fallback-authority';
export { FallbackConsole } from './fallback-console';
export { fallbackConsoleOf } from './fallback-registry';
export { fallbackConfigOf, useFallbackFollow } from './fallback-hooks';
export { useFallbackAuthority, useFallbackAuthorityState } from './fallback-authority-hooks';
export {
  commandError,
  watchMayRecover,
  refreshTimer,
  unwrapWatchItem,
  useBellCues,
  useClockModel,
  useDisplaySettings,
  useTimerCommands,
  useTimerStore,
  useTimerWatch,
  type CommandResult,
  type TimerWatchInput,
} from './hooks';
export { initialLobbyWatch, initialWatch, retireEmbeddedWatch } from './embedded-watch';
export { runtimeFor, TimerSyncRuntime, type HubClient } from './runtime';
export {
  PING_TIMEOUT_MS,
  RESYNC_INTERVAL_MS,
  ServerClock,
  SYNC_SAMPLES,
  type PingAnswer,
} from './server-clock';
export {
  createLocalTimerStore,
  createTimerStore,
  type TimerStore,
  type TimerStoreState,
} from './timer.store';
export {
  acceptState,
  addBells,
  applyWatchMessage,
  BELL_LATE_MS,
  bellKey,
  emptyWatchData,
  type BellCue,
  type WatchData,
} from './watch-reducer';
