import { EventSource } from 'eventsource';
import type { ModuleConfig } from './config';
import type { FeedEvent, TimerReading } from './reading';

/** What the controller needs from Companion (the module instance provides it). */
export interface ControllerHost {
  /** The reading changed (or the clock moved on): variables and feedbacks should be refreshed. */
  onReading(controller: BianshiController): void;
  /** Connection status, for Companion's status light. */
  onStatus(status: 'connecting' | 'ok' | 'error', message?: string): void;
  log(level: 'info' | 'warn' | 'error' | 'debug', message: string): void;
}

/** While a clock runs, variables are refreshed this often. */
export const TICK_MS = 200;

/** A command as `/api/v1/timers/:id/commands` takes it. */
export type Command = { type: string } & Record<string, unknown>;

/**
 * One Companion connection to one timer: follows it over the hub's push channel (Server-Sent
 * Events, `/api/v1/timers/:id/events`, resuming with `Last-Event-ID`), keeps the latest reading
 * and the hub's clock offset, and sends commands with the API token. Between events, time is
 * computed from the reading's absolute `deadline`, so the variables count like the display does.
 */
export class BianshiController {
  reading: TimerReading | null = null;
  /** Hub time minus local time, from the last reading. */
  offsetMs = 0;
  private source: EventSource | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly config: ModuleConfig,
    private readonly host: ControllerHost,
    private readonly now: () => number = Date.now,
  ) {}

  private get base(): string {
    return `${this.config.hubUrl.replace(/\/+$/, '')}/api/v1/timers/${encodeURIComponent(this.config.timerId)}`;
  }

  private get headers(): Record<string, string> {
    return this.config.token ? { authorization: `Bearer ${this.config.token}` } : {};
  }

  /** Opens the push channel; the reading arrives with its first event. */
  start(): void {
    this.stop();
    this.host.onStatus('connecting');
    const headers = this.headers;
    const source = new EventSource(`${this.base}/events`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
    });
    this.source = source;
    const take = (message: { data: string }) => {
      try {
        this.accept(JSON.parse(message.data) as FeedEvent);
      } catch (error) {
        this.host.log('warn', `无法读取推送：${String(error)}`);
      }
    };
    for (const kind of ['snapshot', 'change', 'timer'] as const) source.addEventListener(kind, take);
    source.addEventListener('error', (event) => {
      const code = (event as { code?: number }).code;
      // 401/403/404 will not heal by reconnecting: say so and stop.
      if (code === 401 || code === 403 || code === 404) {
        this.host.onStatus('error', code === 404 ? '找不到这个计时器' : '令牌或密钥无效');
        this.stop();
      } else {
        this.host.onStatus('connecting', '正在重新连接');
      }
    });
    this.ticker = setInterval(() => {
      if (this.reading?.active?.running) this.host.onReading(this);
    }, TICK_MS);
  }

  stop(): void {
    this.source?.close();
    this.source = null;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Takes one pushed event. */
  accept(event: FeedEvent): void {
    this.reading = event.reading;
    this.offsetMs = event.reading.serverNow - this.now();
    this.host.onStatus('ok');
    this.host.onReading(this);
  }

  /** The active clock's time left now (ms, never below zero), from the last reading. */
  remainingMs(): number {
    const active = this.reading?.active;
    if (!active) return 0;
    if (!active.running || active.deadline === null) return active.remainingMs;
    return Math.max(0, active.deadline - (this.now() + this.offsetMs));
  }

  /** The active clock's time past zero now (ms). */
  overtimeMs(): number {
    const active = this.reading?.active;
    if (!active) return 0;
    if (!active.running || active.deadline === null) return active.overtimeMs;
    return Math.max(0, this.now() + this.offsetMs - active.deadline);
  }

  /** Sends a command; resolves when the hub accepted it, rejects with the hub's Chinese message. */
  async send(command: Command): Promise<void> {
    const response = await fetch(`${this.base}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers },
      body: JSON.stringify(command),
    });
    if (response.ok) {
      await response.arrayBuffer();
      return;
    }
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  }
}

/** `mm:ss` of a duration; `+mm:ss` for time past zero. */
export function clockText(remainingMs: number, overtimeMs: number): string {
  const over = overtimeMs > 0;
  const totalS = over ? Math.floor(overtimeMs / 1000) : Math.ceil(remainingMs / 1000);
  const text = `${String(Math.floor(totalS / 60)).padStart(2, '0')}:${String(totalS % 60).padStart(2, '0')}`;
  return over ? `+${text}` : text;
}
