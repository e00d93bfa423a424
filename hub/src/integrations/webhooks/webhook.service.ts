import { randomBytes } from 'node:crypto';
import {
  timerReading,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookEventsOf,
  type MatchState,
  type TimerPublic,
  type WebhookEventDetail,
} from '@bianshi/shared';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { LoggedCommand } from '../../timers/timer.repository';
import type { Clock } from '../../lib/clock';
import { HubError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { IM } from '../messages';
import type { DeliveryRecord, WebhookRecord, WebhookRepository, WebhookTarget } from './webhook.repository';

/** Webhooks one timer or lobby may have. */
export const MAX_WEBHOOKS_PER_TARGET = 10;
/** Deliveries the console's log shows per webhook. */
export const DELIVERY_LOG_SIZE = 50;

/** A webhook's address: http(s), no credentials in it, at most 2000 characters. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, { error: IM.webhookUrlInvalid })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: IM.webhookUrlInvalid },
  );

/** The events a webhook subscribes to: at least one, each known. */
export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: IM.webhookEventUnknown }))
  .min(1, { error: IM.webhookEventsEmpty })
  .max(WEBHOOK_EVENT_TYPES.length);

/** What the console shows of a webhook (the secret included: whoever manages the webhook verifies with it). */
export type WebhookView = WebhookRecord;

/** Where a timer's match change came from, for the payload. */
interface ChangeSource {
  matchId: string;
  timer: Pick<TimerPublic, 'id' | 'shortid' | 'name' | 'settings'>;
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * Outgoing webhooks of timers and lobbies: managing them, and turning committed changes into
 * queued deliveries. Who may manage them is decided by the procedures (a timer's owner, a
 * lobby's organizer); delivery is the outbox's.
 */
export class WebhookService {
  constructor(
    private readonly repository: WebhookRepository,
    private readonly clock: Clock,
    /** Called after deliveries were queued here, so this hub's outbox sends them at once. */
    private readonly queued: () => void,
  ) {}

  list(target: WebhookTarget): Promise<WebhookView[]> {
    return this.repository.list(target);
  }

  async create(
    target: WebhookTarget,
    input: { url: string; events: string[]; description?: string },
  ): Promise<WebhookView> {
    const existing = await this.repository.list(target);
    if (existing.length >= MAX_WEBHOOKS_PER_TARGET)
      throw new HubError('BAD_REQUEST', IM.webhookTooMany(MAX_WEBHOOKS_PER_TARGET), 'webhook-limit');
    const record: WebhookRecord = {
      id: newId(),
      timerId: 'timerId' in target ? target.timerId : null,
      lobbyId: 'lobbyId' in target ? target.lobbyId : null,
      url: input.url,
      secret: newSecret(),
      events: [...new Set(input.events)],
      enabled: true,
      description: input.description?.trim() ?? '',
      createdAt: this.clock.now(),
    };
    await this.repository.insert(record);
    return record;
  }

  /** A webhook of the target; NOT_FOUND when it belongs elsewhere. */
  async get(target: WebhookTarget, id: string): Promise<WebhookView> {
    const webhook = await this.repository.find(id);
    const mine =
      webhook &&
      ('timerId' in target ? webhook.timerId === target.timerId : webhook.lobbyId === target.lobbyId);
    if (!webhook || !mine) throw new HubError('NOT_FOUND', IM.webhookNotFound, 'webhook-not-found');
    return webhook;
  }

  async update(
    target: WebhookTarget,
    id: string,
    patch: {
      url?: string;
      events?: string[];
      enabled?: boolean;
      description?: string;
      rotateSecret?: boolean;
    },
  ): Promise<WebhookView> {
    await this.get(target, id);
    const { rotateSecret, ...rest } = patch;
    await this.repository.update(id, { ...rest, ...(rotateSecret ? { secret: newSecret() } : {}) });
    return this.get(target, id);
  }

  async remove(target: WebhookTarget, id: string): Promise<void> {
    await this.get(target, id);
    await this.repository.remove(id);
  }

  /** Queues a `webhook.test` delivery to one webhook (the console's 测试 button). */
  async test(target: WebhookTarget, id: string): Promise<void> {
    const webhook = await this.get(target, id);
    const at = this.clock.now();
    const payload = envelope(WEBHOOK_TEST_EVENT, at, {
      webhookId: webhook.id,
      ...target,
      message: IM.webhookTestMessage,
    });
    await this.repository.enqueueOne(webhook.id, WEBHOOK_TEST_EVENT, payload, at);
    this.queued();
  }

  async deliveries(target: WebhookTarget, id: string): Promise<DeliveryRecord[]> {
    await this.get(target, id);
    return this.repository.deliveries(id, DELIVERY_LOG_SIZE);
  }

  /** Sends a settled delivery again (重新发送). */
  async redeliver(target: WebhookTarget, id: string, deliveryId: number): Promise<void> {
    await this.get(target, id);
    if (!(await this.repository.retry(deliveryId, id, this.clock.now())))
      throw new HubError('BAD_REQUEST', IM.deliveryNotSettled, 'delivery-not-settled');
    this.queued();
  }

  /**
   * The outbox's half of a match commit, inside its transaction: every webhook event of the
   * change, queued for every subscribed webhook of the timer and of the lobbies showing it.
   * Changes with no such event (most of them) cost nothing.
   */
  async enqueueChange(
    tx: Db,
    matchId: string,
    timerOf: () => Promise<ChangeSource['timer'] | null>,
    next: MatchState,
    entries: readonly LoggedCommand[],
  ): Promise<boolean> {
    const events = webhookEventsOf(
      entries.flatMap((entry) => entry.events),
      next,
    );
    if (events.length === 0) return false;
    const timer = await timerOf();
    if (!timer) return false;
    const source: ChangeSource = { matchId, timer };
    for (const event of events) {
      const payload = envelope(event.type, event.at, matchData(source, next, event));
      await this.repository.enqueueForTimer(tx, source.timer.id, event.type, payload, event.at);
    }
    return true;
  }

  /** A match's result sheet was saved (`result.recorded`). */
  async resultRecorded(change: {
    matchId: string;
    timerId: string;
    version: number;
    result: unknown;
  }): Promise<void> {
    const at = this.clock.now();
    const payload = envelope('result.recorded', at, {
      timerId: change.timerId,
      matchId: change.matchId,
      resultVersion: change.version,
      result: change.result,
    });
    await this.repository.enqueueForTimer(this.repository.db, change.timerId, 'result.recorded', payload, at);
    this.queued();
  }
}

/** The body every delivery carries, as Standard Webhooks suggests: `{type, timestamp, data}`. */
function envelope(type: string, at: number, data: Record<string, unknown>) {
  return { type, timestamp: new Date(at).toISOString(), data };
}

function matchData(source: ChangeSource, state: MatchState, event: WebhookEventDetail) {
  return {
    timerId: source.timer.id,
    shortid: source.timer.shortid,
    timerName: source.timer.name,
    matchId: source.matchId,
    version: state.version,
    event,
    reading: timerReading(state, source.timer, event.at),
  };
}
