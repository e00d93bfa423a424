/**
 * The load generator's sockets: subscribers and controllers for the hub (speaking tRPC's
 * WebSocket protocol — far lighter than a tRPC client per subscriber), the bare `ws` baseline
 * and the socket.io baseline (engine.io v4 / socket.io v5, spoken directly). All of them are
 * RawWebSocket connections, so receiving a message costs as little as the protocol allows.
 * Each subscriber reports frames to one callback with the receipt instant taken first, before
 * any other work.
 */
import { PROTOCOL_VERSION } from '@bianshi/shared';
import type { Target } from './protocol';
import { RawWebSocket } from './raw-websocket';

/** Per-socket wait for a connection to become a live subscription. */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** What a subscriber tells its group. `value`: tracked version (hub) or message count (baselines). */
export interface SubscriberEvents {
  ready(value: number): void;
  /** `raw` is only valid during the call (it views a shared read buffer): copy what must be kept. */
  frame(at: number, value: number, raw: Buffer): void;
  tick(): void;
  /** The socket ended without us closing it (server close, error) — code or reason. */
  lost(reason: string): void;
}

export interface Subscriber {
  close(): void;
}

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

/** The hub's application-level keepalive, answered with `PONG`. */
const PING = Buffer.from('PING');

function trpcSubscriber(target: Extract<Target, { kind: 'trpc' }>, events: SubscriberEvents): Subscriber {
  const marker = Buffer.from(`"${target.matchId}:`);
  const request = JSON.stringify({
    id: 1,
    method: 'subscription',
    params: { path: 'timer.watch', input: { json: { timerId: target.timerId, role: 'audience' } } },
  });
  let subscribed = false;
  const socket = new RawWebSocket(hubSocketUrl(target.wsUrl), {
    open: () => socket.send(request),
    message(data, at) {
      if (data.length === PING.length && data.equals(PING)) {
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
    },
    close: (reason) => events.lost(reason),
  });
  return socket;
}

function wsSubscriber(wsUrl: string, events: SubscriberEvents): Subscriber {
  let ready = false;
  let received = 0;
  return new RawWebSocket(wsUrl, {
    open() {},
    message(data, at) {
      if (!ready) {
        ready = true;
        events.ready(0);
        return;
      }
      events.frame(at, ++received, data);
    },
    close: (reason) => events.lost(reason),
  });
}

/** What a socket.io connection reports: its namespace connection and its event packets. */
interface SocketIoHandlers {
  /** Connected to the namespace "/": events can be emitted. */
  connect(): void;
  /** An event packet, whole (`42["name",...]`), with the receipt instant of its chunk. */
  event(packet: Buffer, at: number): void;
  lost(reason: string): void;
}

/** Engine.io packet types (the first character of a frame) and socket.io ones (the second, in messages). */
const EIO_OPEN = 0x30; // '0'
const EIO_CLOSE = 0x31; // '1'
const EIO_PING = 0x32; // '2'
const EIO_MESSAGE = 0x34; // '4'
const SIO_CONNECT = 0x30; // '0'
const SIO_DISCONNECT = 0x31; // '1'
const SIO_EVENT = 0x32; // '2'
const SIO_CONNECT_ERROR = 0x34; // '4'

/**
 * A socket.io client reduced to what the baseline needs — engine.io v4 over a WebSocket only,
 * the namespace "/", text events without acknowledgements: it answers the open packet with a
 * namespace connect (`40`) and engine.io pings (`2`) with pongs (`3`), and hands event packets
 * over undecoded.
 */
function openSocketIo(url: string, handlers: SocketIoHandlers): RawWebSocket {
  const lost = (reason: string) => {
    socket.close();
    handlers.lost(reason);
  };
  const socket = new RawWebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    open() {},
    message(data, at) {
      const type = data[0];
      if (type === EIO_MESSAGE) {
        const packet = data[1];
        if (packet === SIO_EVENT) handlers.event(data, at);
        else if (packet === SIO_CONNECT) handlers.connect();
        else if (packet === SIO_DISCONNECT) lost('io server disconnect');
        else if (packet === SIO_CONNECT_ERROR) lost(`connect_error: ${data.toString('utf8', 2, 202)}`);
      } else if (type === EIO_PING) {
        socket.send(`3${data.toString('utf8', 1)}`);
      } else if (type === EIO_OPEN) {
        socket.send('40');
      } else if (type === EIO_CLOSE) {
        lost('transport close');
      }
    },
    close: (reason) => handlers.lost(reason),
  });
  return socket;
}

/** The start of the baseline's event packets. */
const READY_EVENT = Buffer.from('42["ready"');
const FRAME_EVENT = Buffer.from('42["frame"');

/** Whether `data` starts with `prefix` (a few bytes: a loop beats a native call). */
function startsWith(data: Buffer, prefix: Buffer): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

function socketIoSubscriber(url: string, events: SubscriberEvents): Subscriber {
  let received = 0;
  return openSocketIo(url, {
    connect() {},
    // Counted from the packet's first bytes: the payload is never decoded.
    event(packet, at) {
      if (startsWith(packet, FRAME_EVENT)) events.frame(at, ++received, packet);
      else if (startsWith(packet, READY_EVENT)) events.ready(0);
    },
    lost: (reason) => events.lost(reason),
  });
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
      const socket = await new Promise<RawWebSocket>((resolve, reject) => {
        const socket = new RawWebSocket(target.wsUrl, {
          open: () => resolve(socket),
          message() {},
          close: (reason) => reject(new Error(`ws controller: ${reason}`)),
        });
      });
      return {
        send: () => {
          socket.send('trigger');
          return Promise.resolve(null);
        },
        close: () => socket.close(),
      };
    }
    case 'socketio': {
      const socket = await new Promise<RawWebSocket>((resolve, reject) => {
        const socket = openSocketIo(target.url, {
          connect: () => resolve(socket),
          event() {},
          lost: (reason) => reject(new Error(`socket.io controller: ${reason}`)),
        });
      });
      return {
        send: () => {
          socket.send('42["trigger"]');
          return Promise.resolve(null);
        },
        close: () => socket.close(),
      };
    }
  }
}

type CommandReply = {
  id: number;
  result?: { data?: { json?: { version?: number } } };
  error?: { json?: { message?: string } };
};

async function trpcController(
  target: Extract<Target, { kind: 'trpc' }>,
  command: Record<string, unknown>,
): Promise<Controller> {
  const pending = new Map<number, { resolve: (version: number) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const socket = await new Promise<RawWebSocket>((resolve, reject) => {
    const socket = new RawWebSocket(
      hubSocketUrl(target.wsUrl),
      {
        open: () => resolve(socket),
        message(data) {
          const text = data.toString();
          if (text === 'PING') {
            socket.send('PONG');
            return;
          }
          const message = JSON.parse(text) as CommandReply;
          const waiter = pending.get(message.id);
          if (!waiter) return;
          pending.delete(message.id);
          const version = message.result?.data?.json?.version;
          if (typeof version === 'number') waiter.resolve(version);
          else
            waiter.reject(
              new Error(`command refused: ${message.error?.json?.message ?? text.slice(0, 200)}`),
            );
        },
        close(reason) {
          reject(new Error(`hub controller: ${reason}`));
          for (const waiter of pending.values())
            waiter.reject(new Error(`controller socket closed: ${reason}`));
          pending.clear();
        },
      },
      { authorization: `Bearer ${target.controlKey}` },
    );
  });
  return {
    send() {
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        socket.send(
          JSON.stringify({
            id,
            method: 'mutation',
            params: { path: 'timer.command', input: { json: { timerId: target.timerId, command } } },
          }),
        );
      });
    },
    close: () => socket.close(),
  };
}
