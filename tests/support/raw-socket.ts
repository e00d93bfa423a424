/** A raw tRPC WebSocket for tests that speak the wire itself (fast-path and abuse tests). */
import type { Socket } from 'node:net';
import WebSocket from 'ws';

/** One parsed message from the hub, as tRPC's wire has it. */
export interface Reply {
  id?: string | number | null;
  result?: {
    type: string;
    id?: string;
    data?: { json: { id?: string; data?: { type: string; version?: number } } & Record<string, unknown> };
  };
  error?: { json: { message: string; data: { code: string; reason: string | null } } };
}

/** A raw socket that records every text message, raw and parsed. */
export class RawSocket {
  readonly texts: string[] = [];
  private readonly socket: WebSocket;
  private readonly waiters = new Set<() => void>();
  readonly opened: Promise<void>;
  /** Resolves with the close code and reason once the socket closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  /** The hub's answer when it refused the upgrade itself (an HTTP status instead of a socket). */
  upgradeRefusal: { status: number; retryAfter: string | null } | null = null;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
    let closedWith: (close: { code: number; reason: string }) => void = () => {};
    this.closed = new Promise((resolve) => (closedWith = resolve));
    this.socket.once('close', (code: number, reason: Buffer) =>
      closedWith({ code, reason: reason.toString() }),
    );
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
      this.socket.once('unexpected-response', (request, response) => {
        this.upgradeRefusal = {
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'] ?? null,
        };
        request.destroy();
        closedWith({ code: 1006, reason: '' });
        reject(new Error(`upgrade refused with ${response.statusCode}`));
      });
    });
    this.socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === 'PING') return;
      this.texts.push(text);
      for (const waiter of [...this.waiters]) waiter();
    });
  }

  get replies(): Reply[] {
    return this.texts.map((text) => JSON.parse(text) as Reply);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `predicate` holds for the replies so far. */
  until(predicate: (replies: Reply[]) => boolean, timeoutMs = 10_000): Promise<void> {
    if (predicate(this.replies)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this.replies)) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out; got ${JSON.stringify(this.texts).slice(0, 2_000)}`));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  /**
   * Sends several messages in one write, so that they reach the hub in one TCP read and it
   * handles them in one turn of its event loop (as an attacker's burst would).
   */
  sendTogether(messages: unknown[]): void {
    const tcp = (this.socket as unknown as { _socket: Socket })._socket;
    tcp.cork();
    for (const message of messages) this.send(message);
    tcp.uncork();
  }

  close(): void {
    this.socket.close();
  }
}
