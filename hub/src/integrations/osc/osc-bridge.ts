import { once } from 'node:events';
import type { Command, TimerReading } from '@bianshi/shared';
import { Server } from 'node-osc';
import type { Clock } from '../../lib/clock';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { TimerService } from '../../timers/timer.service';
import type { FeedItem, TimerFeeds } from '../push/timer-feeds';

/** Every OSC address of the hub starts with this. */
export const OSC_NAMESPACE = '/bianshi';
/** While a clock runs, its time goes out this often (besides every change). */
export const OSC_TIME_EVERY_MS = 1_000;

/** An OSC argument as node-osc decodes it. */
type OscArg = string | number | boolean | null | Uint8Array | { type: string; value: unknown };

/**
 * What an incoming action becomes: `/bianshi/<timer>/<action> [argument]`. Commands from a desk
 * are intents like any other input's and go through the same TimerService (and reducer).
 */
const ACTIONS: Record<string, (arg: number | null) => Command | null> = {
  start: () => ({ type: 'start' }),
  pause: () => ({ type: 'pause' }),
  toggle: () => ({ type: 'toggle' }),
  next: () => ({ type: 'next' }),
  prev: () => ({ type: 'prev' }),
  switchside: () => ({ type: 'switchSide' }),
  reset: () => ({ type: 'resetStage' }),
  bell: (count) => ({
    type: 'ringBell',
    count: count !== null && Number.isInteger(count) && count >= 1 && count <= 10 ? count : 1,
    sound: 'bell',
  }),
  adjust: (ms) =>
    ms !== null && Number.isInteger(ms) && Math.abs(ms) <= 24 * 3_600_000
      ? { type: 'adjust', deltaMs: ms }
      : null,
  goto: (index) =>
    index !== null && Number.isInteger(index) && index >= 0 && index <= 1000
      ? { type: 'goto', stageIndex: index }
      : null,
};

/** `mm:ss` of what a clock shows: time left, or `+mm:ss` past zero. */
export function oscClockText(remainingMs: number, overtimeMs: number): string {
  const over = overtimeMs > 0;
  const totalS = over ? Math.floor(overtimeMs / 1000) : Math.ceil(remainingMs / 1000);
  const text = `${String(Math.floor(totalS / 60)).padStart(2, '0')}:${String(totalS % 60).padStart(2, '0')}`;
  return over ? `+${text}` : text;
}

/** What the bridge needs. */
export interface OscBridgeDependencies {
  config: Pick<Config, 'OSC_PORT' | 'OSC_HOST' | 'OSC_TIMERS' | 'OSC_SEND_TO'>;
  timers: TimerService;
  feeds: TimerFeeds;
  clock: Clock;
  logger: Logger;
}

/**
 * OSC in and out over UDP for sound and lighting desks (QLab, consoles), off unless `OSC_PORT`
 * is set. In: `/bianshi/<timer>/start`, `pause`, `toggle`, `next`, `prev`, `switchside`,
 * `reset`, `bell [n]`, `adjust <ms>`, `goto <stage>` for the timers in `OSC_TIMERS`. Out, to
 * every `OSC_SEND_TO` address: `/bianshi/<timer>/time <remainingMs> <text> <overtimeMs>` on
 * every change and every second while running, `/stage <index> <name>`, `/running <0|1>`,
 * `/speaker <side> <speaker>`, `/bell <count>` and `/timeup <stage>`.
 */
export class OscBridge {
  private server: Server | null = null;
  private readonly follows: (() => void)[] = [];
  private readonly targets: { host: string; port: number }[];
  private readonly allowed: Set<string>;
  private readonly any: boolean;

  constructor(private readonly deps: OscBridgeDependencies) {
    this.targets = deps.config.OSC_SEND_TO.map((entry) => {
      const at = entry.lastIndexOf(':');
      return { host: entry.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(entry.slice(at + 1)) };
    });
    this.any = deps.config.OSC_TIMERS.includes('*');
    this.allowed = new Set(
      deps.config.OSC_TIMERS.filter((ref) => ref !== '*').map((ref) => ref.toLowerCase()),
    );
  }

  /** The UDP port listened on (after start). */
  get port(): number | null {
    const address = this.server?._sock.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async start(): Promise<void> {
    const server = new Server(this.deps.config.OSC_PORT ?? 0, this.deps.config.OSC_HOST);
    this.server = server;
    server.on('error', (error: Error) => this.deps.logger.warn('osc error', { error: error.message }));
    server.on('message', (message: OscArg[]) => void this.handle(message));
    await once(server, 'listening');
    this.deps.logger.info('osc listening', {
      host: this.deps.config.OSC_HOST,
      port: this.port,
      timers: this.deps.config.OSC_TIMERS.length,
    });
    for (const ref of this.allowed) await this.follow(ref);
  }

  async close(): Promise<void> {
    for (const stop of this.follows.splice(0)) stop();
    const server = this.server;
    this.server = null;
    if (server) await server.close();
  }

  /** Handles one incoming message; anything malformed or not allowed is dropped with a log line. */
  private async handle(message: OscArg[]): Promise<void> {
    const [address, ...args] = message;
    if (typeof address !== 'string') return;
    const parts = address.split('/').filter(Boolean);
    if (parts.length !== 3 || `/${parts[0]}` !== OSC_NAMESPACE) return;
    const [, ref, action] = parts as [string, string, string];
    const make = ACTIONS[action.toLowerCase()];
    if (!make) return this.deps.logger.info('osc unknown action', { address });
    if (!this.any && !this.allowed.has(ref.toLowerCase()))
      return this.deps.logger.warn('osc timer not allowed', { address });
    const first = args[0];
    const numeric =
      typeof first === 'number'
        ? Math.round(first)
        : typeof first === 'string' && /^-?\d+$/.test(first)
          ? Number(first)
          : null;
    const command = make(numeric);
    if (!command) return this.deps.logger.info('osc bad argument', { address });
    try {
      const timer = await this.deps.timers.get(ref);
      const outcome = await this.deps.timers.command(timer, undefined, command, { actor: 'osc' });
      if (!outcome.ok) this.deps.logger.info('osc command refused', { address, message: outcome.message });
    } catch (error) {
      this.deps.logger.info('osc command failed', { address, error: String(error) });
    }
  }

  /** Sends a timer's feed to the desks: every change, and its time every second while it runs. */
  private async follow(ref: string): Promise<void> {
    if (this.targets.length === 0) return;
    let room;
    try {
      room = await this.deps.timers.room(await this.deps.timers.get(ref));
    } catch {
      this.deps.logger.warn('osc timer not found', { timer: ref });
      return;
    }
    let latest: TimerReading | null = null;
    let lastStage = -1;
    const ticker = setInterval(() => {
      const active = latest?.active;
      if (!active?.running || active.deadline === null) return;
      const remainingMs = Math.max(0, active.deadline - this.deps.clock.now());
      const overtimeMs = Math.max(0, this.deps.clock.now() - active.deadline);
      this.send(ref, 'time', [remainingMs, oscClockText(remainingMs, overtimeMs), overtimeMs]);
    }, OSC_TIME_EVERY_MS);
    ticker.unref();
    const stop = this.deps.feeds.listen(room, (item: FeedItem) => {
      latest = item.reading;
      const { reading } = item;
      const active = reading.active;
      this.send(ref, 'time', [
        active?.remainingMs ?? 0,
        oscClockText(active?.remainingMs ?? 0, active?.overtimeMs ?? 0),
        active?.overtimeMs ?? 0,
      ]);
      this.send(ref, 'running', [active?.running ? 1 : 0]);
      if (item.kind !== 'change' || reading.stage.index !== lastStage) {
        lastStage = reading.stage.index;
        this.send(ref, 'stage', [reading.stage.index, reading.stage.name]);
        this.send(ref, 'speaker', [
          reading.stage.sideLabel ?? '',
          [reading.stage.speaker?.label, reading.stage.speaker?.name].filter(Boolean).join(' '),
        ]);
      }
      for (const event of item.events) {
        if (event.type === 'bell') this.send(ref, 'bell', [event.count]);
        if (event.type === 'clockExpired' || event.type === 'overtimeStarted')
          this.send(ref, 'timeup', [event.stageIndex]);
      }
    });
    this.follows.push(() => {
      clearInterval(ticker);
      stop();
    });
  }

  private send(ref: string, what: string, args: (string | number)[]): void {
    const server = this.server;
    if (!server) return;
    for (const target of this.targets) {
      const sent = server.send([`${OSC_NAMESPACE}/${ref}/${what}`, ...args], target.port, target.host);
      void sent?.catch((error: unknown) =>
        this.deps.logger.info('osc send failed', { error: String(error) }),
      );
    }
  }
}
