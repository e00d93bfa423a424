/**
 * Connection status of the realtime socket, as a pure state machine over socket and browser
 * events. `connecting` before the first open; `online` while open; `reconnecting` after a drop;
 * `offline` once the reconnect schedule (1 s, 2 s, 5 s, 10 s) failed or the browser says it has
 * no network. Screens keep counting from the last state whatever the status.
 */
import { CLOSE, REALTIME } from '@bianshi/shared';

/** What a screen shows in its connection badge. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';

/** Why the hub closed the socket, when it said so (its CLOSE reasons): screens tell it while reconnecting. */
export type DropReason = 'too-slow' | 'rate-limited' | 'access-revoked' | 'kicked';

const DROP_BY_CODE: ReadonlyMap<number, DropReason> = new Map([
  [CLOSE.tooSlow.code, 'too-slow'],
  [CLOSE.rateLimited.code, 'rate-limited'],
  [CLOSE.revoked.code, 'access-revoked'],
  [CLOSE.kicked.code, 'kicked'],
]);

/** The machine's state. */
export interface ConnectionState {
  status: ConnectionStatus;
  /** The hub closed with `protocol-mismatch`: this page is outdated and must be reloaded. */
  protocolMismatch: boolean;
  /** Why the hub closed the last socket, when it said (cleared when a socket opens again). */
  dropped: DropReason | null;
  socketOpen: boolean;
  everOpened: boolean;
  /** Reconnect attempts that failed since the last drop. */
  failedAttempts: number;
  browserOnline: boolean;
}

/** What moves the machine. */
export type ConnectionEvent =
  { type: 'open' } | { type: 'close'; code: number | undefined } | { type: 'browser'; online: boolean };

/** Before anything happened. */
export function initialConnection(browserOnline = true): ConnectionState {
  return {
    status: 'connecting',
    protocolMismatch: false,
    dropped: null,
    socketOpen: false,
    everOpened: false,
    failedAttempts: 0,
    browserOnline,
  };
}

function derive(state: Omit<ConnectionState, 'status'>): ConnectionStatus {
  if (!state.browserOnline) return 'offline';
  if (state.socketOpen) return 'online';
  if (state.failedAttempts >= REALTIME.reconnectDelaysMs.length) return 'offline';
  return state.everOpened ? 'reconnecting' : 'connecting';
}

/** The next state after `event`. */
export function nextConnection(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  let next: Omit<ConnectionState, 'status'>;
  switch (event.type) {
    case 'open':
      next = { ...state, socketOpen: true, everOpened: true, failedAttempts: 0, dropped: null };
      break;
    case 'close':
      next = {
        ...state,
        socketOpen: false,
        // The close of an open socket is the drop itself; every later close is a failed attempt.
        failedAttempts: state.socketOpen ? 0 : state.failedAttempts + 1,
        protocolMismatch: state.protocolMismatch || event.code === CLOSE.protocolMismatch.code,
        // The hub's reason for the drop stays until a socket opens; later failed attempts say none.
        dropped: state.socketOpen ? (DROP_BY_CODE.get(event.code ?? 0) ?? null) : state.dropped,
      };
      break;
    case 'browser':
      next = { ...state, browserOnline: event.online };
      break;
  }
  return { ...next, status: derive(next) };
}
