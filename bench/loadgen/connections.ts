/**
 * The load generator's sockets: subscribers and controllers for the hub (raw `ws` speaking
 * tRPC's WebSocket protocol — far lighter than a tRPC client per subscriber), the bare `ws`
 * baseline and the socket.io baseline. Each subscriber reports frames to one callback with
 * the receipt instant taken first, before any other work.
 */
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import type { Target } from './protocol';

/** Per-socket wait for a connection to become a live subscription. */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** What a subscriber tells its group. `value`: tracked version (hub) or message count (baselines). */
export interface SubscriberEvents {
  ready(value: number): void;
  frame(at: number, value: number, raw: Buffer | string): void;
  tick(): void;
  /** The socket ended without us closing it (server close, error) — code or reason. */
  lost(reason: string): void;
}

export interface Subscriber {
  close(): void;
}

const socketOptions = { perMessageDeflate: false, skipUTF8Validation: true } as const;

/** Opens one subscriber on `target`. */
export function openSubscriber(target: Target, events: SubscriberEvents): Subscriber {
  switch (target.kind) {
    case 'trpc':
      return trpcSubscriber(target, events);
    case 'ws':
      return wsSubscriber(target.wsUrl, events);
    case 'socketio':
      return socketIoSubscriber(target.url, events);
  }
}

/** `?protocol=` as the hub's own clients send it. */
export function hubSocketUrl(wsUrl: string): string {
  return `${wsUrl}?protocol=${PROTOCOL_VERSION}`;
}

/**
 * The tracked version in a `timer.watch` data message, or -1 for untracked ones (ticks).
 * Tracked ids are `"<matchId>:<version>"`; inside the frame string every quote is escaped,
 * so `"<matchId>:` with a bare quote only occurs in the ids.
 */
export function trackedVersion(data: Buffer, marker: Buffer): number {
  const at = data.lastIndexOf(marker);
  if (at < 0) return -1;
  let version = 0;
  for (let i = at + marker.length; i < data.length; i++) {
    const digit = data[i]! - 48;
    if (digit < 0 || digit > 9) break;
    version = version * 10 + digit;
  }
  return version;
}

function trpcSubscriber(target: Extract<Target, { kind: 'trpc' }>, events: SubscriberEvents): Subscriber {
  const marker = Buffer.from(`"${target.matchId}:`);
  const socket = new WebSocket(hubSocketUrl(target.wsUrl), socketOptions);
  let subscribed = false;
  let closing = false;
  socket.on('open', () => {
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'timer.watch', input: { json: { timerId: target.timerId, role: 'audience' } } } }));
  });
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    if (data.length === 4 && data.toString() === 'PING') {
      socket.send('PONG');
      return;
    }
    const version = trackedVersion(data, marker);
    if (version < 0) {
      if (subscribed) events.tick();
      else if (data.includes('"error"')) events.lost(`error: ${data.toString().slice(0, 200)}`);
      return;
    }
    if (!subscribed) {
      subscribed = true;
      events.ready(version);
      return;
    }
    events.frame(at, version, data);
  });
  socket.on('error', (error) => {
    if (!closing) events.lost(`error: ${error.message}`);
  });
  socket.on('close', (code) => {
    if (!closing) events.lost(String(code));
  });
  return {
    close() {
      closing = true;
      socket.terminate();
    },
  };
}

function wsSubscriber(wsUrl: string, events: SubscriberEvents): Subscriber {
  const socket = new WebSocket(wsUrl, socketOptions);
  let ready = false;
  let received = 0;
  let closing = false;
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    if (!ready) {
      ready = true;
      events.ready(0);
      return;
    }
    events.frame(at, ++received, data);
  });
  socket.on('error', (error) => {
    if (!closing) events.lost(`error: ${error.message}`);
  });
  socket.on('close', (code) => {
    if (!closing) events.lost(String(code));
  });
  return {
    close() {
      closing = true;
      socket.terminate();
    },
  };
}

function socketIoSubscriber(url: string, events: SubscriberEvents): Subscriber {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: SUBSCRIBE_TIMEOUT_MS });
  let received = 0;
  let closing = false;
  socket.on('ready', () => events.ready(0));
  // socket.io has already decoded the payload; the raw bytes are not kept.
  socket.on('frame', () => {
    const at = performance.now();
    events.frame(at, ++received, '');
  });
  socket.on('connect_error', (error) => events.lost(`connect_error: ${error.message}`));
  socket.on('disconnect', (reason) => {
    if (!closing) events.lost(reason);
  });
  return {
    close() {
      closing = true;
      socket.disconnect();
    },
  };
}

/** Sends commands or broadcast triggers, the way each kind of server takes them. */
export interface Controller {
  /**
   * Sends one command (hub) or trigger (baselines). Resolves at the acknowledgement with the
   * hub's new version, or with null for baselines (they do not acknowledge).
   */
  send(): Promise<number | null>;
  close(): void;
}

/** Opens the controller of `target`: for the hub, a socket presenting the control key. */
export async function openController(target: Target, command: Record<string, unknown>): Promise<Controller> {
  switch (target.kind) {
    case 'trpc':
      return trpcController(target, command);
    case 'ws': {
      const socket = new WebSocket(target.wsUrl, socketOptions);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return {
        send: () => {
          socket.send('trigger');
          return Promise.resolve(null);
        },
        close: () => socket.terminate(),
      };
    }
    case 'socketio': {
      const socket = io(target.url, { transports: ['websocket'], reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return {
        send: () => {
          socket.emit('trigger');
          return Promise.resolve(null);
        },
        close: () => socket.disconnect(),
      };
    }
  }
}

async function trpcController(target: Extract<Target, { kind: 'trpc' }>, command: Record<string, unknown>): Promise<Controller> {
  const socket = new WebSocket(hubSocketUrl(target.wsUrl), { ...socketOptions, headers: { authorization: `Bearer ${target.controlKey}` } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const pending = new Map<number, { resolve: (version: number) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  socket.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text === 'PING') {
      socket.send('PONG');
      return;
    }
    const message = JSON.parse(text) as { id: number; result?: { data?: { json?: { version?: number } } }; error?: { json?: { message?: string } } };
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    const version = message.result?.data?.json?.version;
    if (typeof version === 'number') waiter.resolve(version);
    else waiter.reject(new Error(`command refused: ${message.error?.json?.message ?? text.slice(0, 200)}`));
  });
  socket.on('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('controller socket closed'));
    pending.clear();
  });
  return {
    send() {
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method: 'mutation', params: { path: 'timer.command', input: { json: { timerId: target.timerId, command } } } }));
      });
    },
    close: () => socket.terminate(),
  };
}
