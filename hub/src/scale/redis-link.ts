import { Redis } from 'ioredis';
import type { Logger } from '../lib/logger';

/**
 * One hub's link to Redis: a publisher and a subscriber connection shared by every bus that
 * rides on it (match fan-out, lobby notices, presence). It tracks reachability for health,
 * dispatches messages by channel prefix, and tells buses when Redis came back after a loss.
 */
export class RedisLink {
  readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers: { prefix: string; handle: (channel: string, raw: string) => void }[] = [];
  private readonly reconnectHandlers: (() => void)[] = [];
  private readonly channels = new Set<string>();
  private reachableNow = false;
  private lostSinceReady = false;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    const options = {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times: number) => Math.min(times * 200, 2_000),
    };
    this.publisher = new Redis(url, options);
    // The subscriber queues subscriptions made while offline; ioredis resubscribes on reconnect.
    this.subscriber = new Redis(url, { ...options, autoResubscribe: true, enableOfflineQueue: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('ready', () => this.markReady());
      client.on('close', () => this.markLost());
      client.on('error', () => this.markLost());
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      for (const handler of this.handlers)
        if (channel.startsWith(handler.prefix)) handler.handle(channel, raw);
    });
  }

  /** Both connections are up. */
  get reachable(): boolean {
    return this.reachableNow;
  }

  /** Calls `handle` for every message on a channel starting with `prefix`. */
  onMessage(prefix: string, handle: (channel: string, raw: string) => void): void {
    this.handlers.push({ prefix, handle });
  }

  /** Called when Redis came back after a loss, so buses can catch up on what they missed. */
  onReconnect(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }

  subscribe(channel: string): void {
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    this.subscriber.subscribe(channel).catch(() => {});
  }

  unsubscribe(channel: string): void {
    if (!this.channels.delete(channel)) return;
    this.subscriber.unsubscribe(channel).catch(() => {});
  }

  /** Publishes when reachable; a failure is logged, never thrown (the hub degrades, not fails). */
  publish(channel: string, payload: string): void {
    if (!this.reachableNow) return;
    this.publisher.publish(channel, payload).catch((error: unknown) => {
      this.logger.warn('redis publish failed', { error: String(error) });
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private markReady(): void {
    const wasLost = this.lostSinceReady;
    this.reachableNow = this.publisher.status === 'ready' && this.subscriber.status === 'ready';
    if (this.reachableNow && wasLost) {
      this.lostSinceReady = false;
      this.logger.info('redis back; rooms catch up');
      for (const handler of this.reconnectHandlers) handler();
    }
  }

  private markLost(): void {
    if (this.reachableNow) this.logger.warn('redis unreachable; serving local sockets only');
    this.reachableNow = false;
    this.lostSinceReady = true;
  }
}
