import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import type { Logger } from '../lib/logger';

/** The Postgres channel the hubs talk on while Redis is down. */
export const NOTIFY_CHANNEL = 'bianshi_hubs';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7_900;
/** While in use, the link proves itself this often by hearing its own echo. */
export const ECHO_INTERVAL_MS = 1_000;
/** The link counts as working while its last echo came back within this long. */
export const ECHO_FRESH_MS = 3_500;

const ECHO_PREFIX = 'echo:';

/**
 * A second way between the hubs of one Postgres database: `LISTEN/NOTIFY` on one channel, used
 * while Redis is unreachable. It needs a session-mode connection (a direct one, or a pooler in
 * session mode: LISTEN does not survive transaction pooling). While asked to (`proving`), it
 * sends itself an echo every second; hearing it back proves the whole path works, which is what
 * `working` reports.
 */
export class PostgresNotifyLink {
  private readonly sql: postgres.Sql;
  private readonly handlers: ((payload: string) => void)[] = [];
  private readonly relistenHandlers: (() => void)[] = [];
  private readonly echoId = randomUUID();
  private listening = false;
  private lastEchoAt = -Infinity;
  private provingSince: number | null = null;
  private echo: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private failing = false;

  constructor(
    url: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5, idle_timeout: 30 });
    void this.listen();
  }

  /** Calls `handle` with every payload another hub (or this one) notified. */
  onPayload(handle: (payload: string) => void): void {
    this.handlers.push(handle);
  }

  /** Called when the listening connection came back after a loss: notices may have been missed. */
  onRelisten(handle: () => void): void {
    this.relistenHandlers.push(handle);
  }

  /** Sends `payload` to every listening hub; a failure is logged, never thrown. */
  publish(payload: string): void {
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
      this.logger.warn('notice too large for postgres notify', { bytes: Buffer.byteLength(payload) });
      return;
    }
    this.sql.notify(NOTIFY_CHANNEL, payload).then(
      () => {
        this.failing = false;
      },
      (error: unknown) => {
        // Once per streak of failures: echoes would otherwise log every second while Postgres is away.
        if (!this.failing) this.logger.warn('postgres notify failed', { error: String(error) });
        this.failing = true;
      },
    );
  }

  /** Starts or stops proving the link with echoes (only while it is needed: Redis is down). */
  prove(on: boolean): void {
    if (on === (this.echo !== null) || this.closed) return;
    if (!on) {
      clearInterval(this.echo!);
      this.echo = null;
      this.provingSince = null;
      return;
    }
    this.provingSince = this.now();
    const send = () => this.publish(ECHO_PREFIX + this.echoId);
    send();
    this.echo = setInterval(send, ECHO_INTERVAL_MS);
    this.echo.unref();
  }

  /**
   * Whether notices get through: an echo came back lately. Right after proving started the link
   * is trusted for one freshness window, so a short Redis blip does not flash a badge.
   */
  get working(): boolean {
    const now = this.now();
    if (!this.listening) return false;
    if (now - this.lastEchoAt <= ECHO_FRESH_MS) return true;
    return this.provingSince !== null && now - this.provingSince <= ECHO_FRESH_MS;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.prove(false);
    await this.sql.end({ timeout: 2 });
  }

  private async listen(): Promise<void> {
    try {
      await this.sql.listen(
        NOTIFY_CHANNEL,
        (payload) => this.hear(payload),
        () => {
          // Called on the first LISTEN and again whenever postgres.js re-listened after a loss.
          const again = this.listening;
          this.listening = true;
          if (again) for (const handler of this.relistenHandlers) handler();
        },
      );
    } catch (error) {
      this.listening = false;
      this.logger.warn('postgres listen failed; retrying', { error: String(error) });
      if (!this.closed) setTimeout(() => void this.listen(), 2_000).unref();
    }
  }

  private hear(payload: string): void {
    if (payload.startsWith(ECHO_PREFIX)) {
      if (payload === ECHO_PREFIX + this.echoId) this.lastEchoAt = this.now();
      return;
    }
    for (const handler of this.handlers) handler(payload);
  }
}
