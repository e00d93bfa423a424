import { CLOSE, trackedId, type DeviceKind, type PresenceRole, type PreSerialized } from '@bianshi/shared';
import type { HubError } from '../lib/errors';

/** The three things a room may do with a socket, whatever carries it. */
export interface SessionTransport {
  /** Bytes queued on the socket and not yet sent. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
}

/** Who is behind a session, as the roster shows it. */
export interface SessionInfo {
  id: string;
  role: PresenceRole;
  name: string;
  device: DeviceKind;
  connectedSince: number;
  /** Follows the timer's current match when the timer moves to another match. */
  followsTimer: boolean;
}

/** The room a session is attached to, as the session sees it. */
export interface SessionHost {
  readonly matchId: string;
  detach(session: Session): void;
  snapshotFrame(): { version: number; frame: PreSerialized };
}

/** An outgoing item: a tracked frame (resumable), a plain frame (ticks), or a resync request. */
export type Outgoing =
  | { kind: 'tracked'; id: string; frame: PreSerialized }
  | { kind: 'plain'; frame: PreSerialized }
  | { kind: 'resync' };

/** Writes frames straight to the socket, for sessions that know their subscription's wire id. */
export interface DirectWriter {
  write(item: Exclude<Outgoing, { kind: 'resync' }>): void;
}

/** Above this many queued bytes on the socket, a session stops getting changes and resyncs. */
export const SLOW_SOCKET_BYTES = 256 * 1024;
/** Above this many, the socket is hopeless and is closed with a reason. */
export const HOPELESS_SOCKET_BYTES = 4 * 1024 * 1024;
/** Items a session may hold before it is treated as slow, whatever the socket says. */
export const MAX_QUEUED_ITEMS = 64;

/**
 * One subscriber of a room. The room pushes frames; the subscription drains them. A slow
 * consumer never accumulates a backlog: its queue collapses into one `resync`, which the
 * subscription turns into the latest snapshot when it is read.
 */
export class Session {
  private queue: Outgoing[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  /** The room currently feeding this session; rooms set it on attach. */
  host: SessionHost | null = null;
  private direct: DirectWriter | null = null;
  /** Direct delivery skipped frames while the socket lagged: send a snapshot when it drains. */
  private needsResync = false;
  /** Why the hub revoked this session (the watch tells its screen before the socket closes), or null. */
  revokedBy: HubError | null = null;

  constructor(
    readonly info: SessionInfo,
    private readonly transport: SessionTransport,
  ) {}

  /**
   * Delivers items straight to the socket from now on, instead of through `drain`: no queue,
   * no per-message async step. Backpressure stays: a lagging socket skips frames and gets the
   * latest snapshot once it has drained.
   */
  deliverDirectly(writer: DirectWriter): void {
    this.direct = writer;
  }

  /** True when frames go straight to the socket (the WebSocket fast path serves this session). */
  get deliversDirectly(): boolean {
    return this.direct !== null;
  }

  /** Queues (or directly writes) an item, applying backpressure. Returns false once closed. */
  push(item: Outgoing): boolean {
    if (this.ended) return false;
    const buffered = this.transport.bufferedAmount();
    if (buffered > HOPELESS_SOCKET_BYTES) {
      this.end();
      this.transport.close(CLOSE.tooSlow.code, CLOSE.tooSlow.reason);
      return false;
    }
    if (this.direct) {
      this.pushDirect(this.direct, item, buffered);
      return true;
    }
    const lagging = buffered > SLOW_SOCKET_BYTES || this.queue.length >= MAX_QUEUED_ITEMS;
    if (lagging || this.queue[0]?.kind === 'resync') {
      // Only the latest state matters to a lagging screen; ticks are dropped meanwhile.
      this.queue = [{ kind: 'resync' }];
    } else {
      this.queue.push(item);
    }
    this.wake?.();
    return true;
  }

  private pushDirect(writer: DirectWriter, item: Outgoing, buffered: number): void {
    if (buffered > SLOW_SOCKET_BYTES) {
      this.needsResync = true;
      return;
    }
    if (item.kind === 'resync' || this.needsResync) {
      this.needsResync = false;
      if (this.host) {
        const snapshot = this.host.snapshotFrame();
        writer.write({
          kind: 'tracked',
          id: trackedId(this.host.matchId, snapshot.version),
          frame: snapshot.frame,
        });
      }
      // The snapshot already holds any change being pushed; a tick still goes out.
      if (item.kind !== 'plain') return;
    }
    writer.write(item);
  }

  /**
   * Ends the session and closes its socket: the caller's access was revoked. The watch that
   * serves the session answers it with `cause` (in Chinese, with a reason: 此计时器已设为私有…);
   * the socket closes on the next turn of the event loop, after that answer went out, since the
   * connection's own credentials may be what was revoked. Reconnecting checks again.
   */
  revoke(cause: HubError): void {
    if (this.ended) return;
    this.revokedBy = cause;
    this.end();
    setImmediate(() => this.transport.close(CLOSE.revoked.code, CLOSE.revoked.reason));
  }

  private endedSignal: { promise: Promise<void>; resolve: () => void } | null = null;

  /** Stops the session; a pending read returns. */
  end(): void {
    this.ended = true;
    this.queue = [];
    this.wake?.();
    this.endedSignal?.resolve();
  }

  /** Resolves once the session has ended (the hub closed it, or the subscription stopped). */
  whenEnded(): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (!this.endedSignal) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.endedSignal = { promise, resolve };
    }
    return this.endedSignal.promise;
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Items as they come, until the session ends or the signal aborts. */
  async *drain(signal: AbortSignal): AsyncGenerator<Outgoing> {
    const onAbort = () => this.end();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      while (!this.ended) {
        const item = this.queue.shift();
        if (item) {
          yield item;
          continue;
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
