import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import { WebSocket } from 'ws';
import { HubError } from '../lib/errors';
import type { ConnectionBudget } from '../realtime/connection-budget';
import type { DirectWriter, Session, SessionTransport } from '../realtime/session';
import type { AnyRouter } from '@trpc/server';
import type { Context, ContextServices } from '../trpc/context';
import { toTRPCError } from '../trpc/init';
import { wireEncoder } from '../trpc/transformer';
import { openWatch, resumeVersion, watchInput, type WatchInput } from '../timers/watch';
import { framedMessage, subscriptionHead, type RoomItem } from './ws-frames';

/**
 * `timer.watch` over WebSocket, served beside tRPC's adapter rather than through it.
 *
 * A projector room may hold ten thousand watches, and each one held through the adapter costs
 * its subscription loop (an iterator, an abort race and a promise chain per socket, about
 * 10 KB) and a trip through that loop per frame. Here a watch is a `Session` and a small
 * record, and each frame goes to the socket as a complete WebSocket frame built once per room
 * frame and shared by every socket.
 *
 * The wire is tRPC's own: the same request, `started`, `{id, data}` tracked messages, errors
 * shaped by the router's error formatter, `stopped`. It only takes what it can serve exactly
 * like the procedure would; anything else (an invalid input, superjson meta, a request it
 * cannot place) goes on to tRPC, where `timer.watch` answers as it always did.
 */

type WatchId = string | number;

interface WatchRequest {
  id: WatchId;
  jsonrpc: '2.0' | undefined;
  input: WatchInput;
}

/** A watch being opened, stopped before it opened, or open; each holds a slot of the connection's budget. */
type WatchEntry = ({ state: 'opening' } | { state: 'stopped' } | { state: 'open'; session: Session }) & {
  release: () => void;
};

/** One WebSocket connection's fast-path watches. */
export class WatchConnection implements SessionTransport {
  private readonly watches = new Map<WatchId, WatchEntry>();
  private context: Promise<Context> | null = null;
  /** Connection params (`?connectionParams=1`): the first message carries them. */
  private params: 'awaiting' | Record<string, string | undefined> | null;
  private closed = false;

  constructor(
    private readonly fastPath: WatchFastPath,
    private readonly socket: WebSocket,
    private readonly raw: Duplex,
    private readonly req: IncomingMessage,
    expectsParams: boolean,
    private readonly budget: ConnectionBudget,
  ) {
    this.params = expectsParams ? 'awaiting' : null;
    socket.once('close', () => this.closeAll());
  }

  bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /**
   * Serves the watch requests (and stops of its own watches) in one inbound text message.
   * Returns what tRPC should still get: the message untouched, the rest of a batch, or null.
   */
  take(text: string): string | null {
    if (this.params === 'awaiting') {
      this.params = connectionParamsOf(text);
      return text;
    }
    if (!text.includes('"timer.watch"') && !(this.watches.size > 0 && text.includes('"subscription.stop"')))
      return text;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    const batch = Array.isArray(parsed);
    const messages: unknown[] = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    const rest: unknown[] = [];
    for (const message of messages) {
      const stop = stopOf(message);
      if (stop !== null && this.watches.has(stop)) {
        this.stop(stop);
        continue;
      }
      const request = watchRequestOf(message);
      if (request && !this.watches.has(request.id)) {
        this.start(request);
        continue;
      }
      rest.push(message);
    }
    if (rest.length === messages.length) return text;
    if (rest.length === 0) return null;
    return JSON.stringify(batch ? rest : rest[0]);
  }

  private start(request: WatchRequest): void {
    this.respond({ id: request.id, jsonrpc: request.jsonrpc, result: { type: 'started' } });
    let release: () => void;
    try {
      // Synchronously, before the next request of the same frame: a flood opens at most the cap.
      release = this.budget.acquire('watch');
    } catch (cause) {
      this.fail(request, cause, undefined);
      this.respond({ id: request.id, jsonrpc: request.jsonrpc, result: { type: 'stopped' } });
      return;
    }
    this.watches.set(request.id, { state: 'opening', release });
    void this.open(request, release);
  }

  private async open(request: WatchRequest, release: () => void): Promise<void> {
    const { id, input } = request;
    let ctx: Context | undefined;
    try {
      ctx = await this.contextOf();
      const { room, session } = await openWatch(ctx, input, this);
      if (this.watches.get(id)?.state !== 'opening' || this.closed) {
        this.finish(id, request.jsonrpc);
        return;
      }
      this.watches.set(id, { state: 'open', session, release });
      session.deliverDirectly(new SubscriptionWriter(this, subscriptionHead(request)));
      room.attach(session, resumeVersion(room, input.lastEventId));
      await session.whenEnded();
      session.host?.detach(session);
      // Revoked: the screen is told why (此计时器已设为私有…) before its socket closes.
      if (session.revokedBy) this.fail(request, session.revokedBy, ctx);
      this.finish(id, request.jsonrpc);
    } catch (cause) {
      this.fail(request, cause, ctx);
      this.finish(id, request.jsonrpc);
    }
  }

  /** Sends a watch's error, shaped as tRPC shapes it. */
  private fail(request: WatchRequest, cause: unknown, ctx: Context | undefined): void {
    if (!(cause instanceof HubError))
      this.fastPath.services.logger.error('watch failed', { error: String(cause) });
    const error = getTRPCErrorFromUnknown(cause instanceof HubError ? toTRPCError(cause) : cause);
    const shape = getErrorShape({
      config: this.fastPath.config,
      error,
      type: 'subscription',
      path: 'timer.watch',
      input: request.input,
      ctx,
    });
    this.respond({ id: request.id, jsonrpc: request.jsonrpc, error: shape });
  }

  /** The client stopped a watch (`subscription.stop`). */
  private stop(id: WatchId): void {
    const entry = this.watches.get(id);
    if (entry?.state === 'open') entry.session.end();
    else if (entry?.state === 'opening') this.watches.set(id, { state: 'stopped', release: entry.release });
  }

  /** A watch ended, however: its slot is freed, and tRPC's adapter then says `stopped`. */
  private finish(id: WatchId, jsonrpc: '2.0' | undefined): void {
    this.watches.get(id)?.release();
    this.watches.delete(id);
    this.respond({ id, jsonrpc, result: { type: 'stopped' } });
  }

  private closeAll(): void {
    this.closed = true;
    for (const entry of this.watches.values()) {
      if (entry.state === 'open') entry.session.end();
      else entry.release();
    }
  }

  private contextOf(): Promise<Context> {
    const connectionParams = this.params === 'awaiting' ? null : this.params;
    this.context ??= this.fastPath.createContext({
      req: this.req,
      res: this.socket,
      info: { connectionParams },
    });
    return this.context;
  }

  private respond(message: Parameters<typeof transformTRPCResponse>[1]): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(wireEncoder.encode(transformTRPCResponse(this.fastPath.config, message)));
  }

  /** Puts a complete frame on the socket, behind whatever `ws` already queued there. */
  writeFrame(bytes: Buffer): void {
    if (this.socket.readyState === WebSocket.OPEN) this.raw.write(bytes);
  }
}

/** Writes one watch's room frames, pre-framed, to its connection. */
class SubscriptionWriter implements DirectWriter {
  constructor(
    private readonly connection: WatchConnection,
    private readonly head: string,
  ) {}

  write(item: RoomItem): void {
    this.connection.writeFrame(framedMessage(this.head, item));
  }
}

/** The hub's fast path: one per WebSocket server. */
export class WatchFastPath {
  readonly config: AnyRouter['_def']['_config'];

  constructor(
    readonly services: ContextServices,
    router: AnyRouter,
    readonly createContext: (source: {
      req: IncomingMessage;
      res: WebSocket;
      info: { connectionParams: Record<string, string | undefined> | null };
    }) => Promise<Context>,
  ) {
    this.config = router._def._config;
  }

  /**
   * Serves watches on a new connection. `raw` is the TCP socket under `socket`: complete
   * frames go there directly, which is only sound because the server never compresses
   * (`perMessageDeflate: false`), so `ws` holds nothing back that such a frame could overtake.
   */
  connect(
    socket: WebSocket,
    raw: Duplex,
    req: IncomingMessage,
    expectsParams: boolean,
    budget: ConnectionBudget,
  ): WatchConnection {
    return new WatchConnection(this, socket, raw, req, expectsParams, budget);
  }
}

/** A `timer.watch` subscription request the fast path can serve exactly like the procedure. */
function watchRequestOf(message: unknown): WatchRequest | null {
  if (!isRecord(message) || message.method !== 'subscription') return null;
  const { id, jsonrpc, params } = message;
  if ((typeof id !== 'number' && typeof id !== 'string') || (jsonrpc !== undefined && jsonrpc !== '2.0'))
    return null;
  if (!isRecord(params) || params.path !== 'timer.watch' || !isRecord(params.input)) return null;
  // superjson meta means values JSON cannot carry: the procedure's own transformer decodes those.
  if (params.input.meta !== undefined) return null;
  let raw = params.input.json;
  // As tRPC does: a `lastEventId` beside the input is merged into it.
  if (params.lastEventId !== undefined)
    raw = isRecord(raw)
      ? { ...raw, lastEventId: params.lastEventId }
      : (raw ?? { lastEventId: params.lastEventId });
  const input = watchInput.safeParse(raw);
  return input.success ? { id, jsonrpc, input: input.data } : null;
}

/** The id of a `subscription.stop` message, or null. */
function stopOf(message: unknown): WatchId | null {
  if (!isRecord(message) || message.method !== 'subscription.stop') return null;
  return typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
}

/** The string values of a `connectionParams` message (tRPC validates it on its side). */
function connectionParamsOf(text: string): Record<string, string | undefined> | null {
  try {
    const message: unknown = JSON.parse(text);
    if (!isRecord(message) || !isRecord(message.data)) return null;
    return Object.fromEntries(
      Object.entries(message.data).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
