import { Webhook } from 'standardwebhooks';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ClaimedDelivery, WebhookRepository } from './webhook.repository';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type SendResult } from './webhook-sender';

/** How often an idle hub looks for due deliveries (its own commits wake it at once). */
export const OUTBOX_POLL_MS = 2_000;
/**
 * A hub holds a delivery it is sending this long; past it another hub may send it. Three times
 * the request's timeout: a send always ends (answer or timeout) well inside it, and a delivery
 * held by a hub that died goes out again within half a minute instead of a minute.
 */
export const OUTBOX_LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;
/** Deliveries one pass claims. */
export const OUTBOX_BATCH = 20;
/** Settled deliveries are kept this long for the console's log. */
export const DELIVERY_LOG_DAYS = 7;
/** Housekeeping runs this often. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What the outbox needs. */
export interface OutboxDependencies {
  repository: WebhookRepository;
  clock: Clock;
  logger: Logger;
  /** Seconds before each retry; a delivery gives up after one attempt plus one per entry. */
  retryScheduleS: readonly number[];
  /** Loopback and private addresses may be reached (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

/**
 * Sends queued webhook deliveries, on every hub. Each pass leases due rows (`FOR UPDATE SKIP
 * LOCKED`, see {@link WebhookRepository.claimDue}), so a delivery goes out from one hub; a hub
 * that dies mid-send loses its lease and another sends it. Rows live in the database, so a
 * restart loses nothing. Each attempt is signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`); the id stays the same across retries so receivers
 * can drop duplicates.
 */
export class WebhookOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastSweep = 0;

  constructor(private readonly deps: OutboxDependencies) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks for due deliveries now (a change committed here queued some). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** One pass, for tests and for `wake`: sends everything due now. */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.deps.repository.claimDue(
        this.deps.clock.now(),
        OUTBOX_LEASE_MS,
        OUTBOX_BATCH,
      );
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
      if (this.stopped) return;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().finally(() => {
        this.running = null;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : OUTBOX_POLL_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    try {
      await this.drain();
      const now = this.deps.clock.now();
      if (now - this.lastSweep > SWEEP_EVERY_MS) {
        this.lastSweep = now;
        await this.deps.repository.sweep(now - DELIVERY_LOG_DAYS * 24 * 60 * 60 * 1000);
      }
    } catch (error) {
      // The database is away: the next pass tries again; nothing is lost, it is all in there.
      this.deps.logger.warn('webhook outbox pass failed', { error: String(error) });
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const at = this.deps.clock.now();
    const body = JSON.stringify(delivery.payload);
    let result: SendResult;
    try {
      const messageId = `msg_${delivery.id}`;
      const signature = new Webhook(delivery.secret).sign(messageId, new Date(at), body);
      const headers = {
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(at / 1000)),
        'webhook-signature': signature,
      };
      result = await postWebhook(delivery.url, body, headers, { allowPrivate: this.deps.allowPrivate });
    } catch (error) {
      result = { status: null, response: String(error), durationMs: 0 };
    }
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    const delayS = this.deps.retryScheduleS[delivery.attempts - 1];
    const retryAt = delivered || delayS === undefined ? null : this.deps.clock.now() + delayS * 1000;
    await this.deps.repository.settle(delivery.id, {
      delivered,
      retryAt,
      status: result.status,
      response: result.response,
      at,
      durationMs: result.durationMs,
    });
    if (!delivered)
      this.deps.logger.info('webhook attempt failed', {
        delivery: delivery.id,
        attempt: delivery.attempts,
        status: result.status,
        willRetry: retryAt !== null,
      });
  }
}
