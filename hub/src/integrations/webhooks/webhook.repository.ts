import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { lobbies, lobbyTimers } from '../../lobbies/lobby.schema';
import { matches, timers } from '../../timers/timer.schema';
import { webhookDeliveries, webhooks } from '../integrations.schema';

/** A webhook as the hub uses it. */
export interface WebhookRecord {
  id: string;
  timerId: string | null;
  lobbyId: string | null;
  url: string;
  secret: string;
  events: string[];
  enabled: boolean;
  description: string;
  createdAt: number;
}

/** A delivery as the console's log shows it. */
export interface DeliveryRecord {
  id: number;
  webhookId: string;
  eventType: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastResponse: string | null;
  lastAttemptAt: number | null;
  lastDurationMs: number | null;
  createdAt: number;
}

/** A delivery a hub has leased to send. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  eventType: string;
  payload: unknown;
  url: string;
  secret: string;
}

/** What a webhook may be attached to. */
export type WebhookTarget = { timerId: string } | { lobbyId: string };

/** Data access for webhooks and their outbox. */
export class WebhookRepository {
  constructor(readonly db: Db) {}

  async insert(record: WebhookRecord): Promise<void> {
    await this.db.insert(webhooks).values(record);
  }

  async update(
    id: string,
    patch: Partial<Pick<WebhookRecord, 'url' | 'events' | 'enabled' | 'description' | 'secret'>>,
  ): Promise<void> {
    await this.db.update(webhooks).set(patch).where(eq(webhooks.id, id));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(webhooks).where(eq(webhooks.id, id));
  }

  async find(id: string): Promise<WebhookRecord | null> {
    const [row] = await this.db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
    return row ? toWebhook(row) : null;
  }

  async list(target: WebhookTarget): Promise<WebhookRecord[]> {
    const where =
      'timerId' in target ? eq(webhooks.timerId, target.timerId) : eq(webhooks.lobbyId, target.lobbyId);
    return (await this.db.select().from(webhooks).where(where).orderBy(webhooks.createdAt)).map(toWebhook);
  }

  /**
   * Queues one event for every enabled webhook subscribed to it on `timerId` or on a lobby that
   * shows that timer, in the caller's transaction. One statement, whatever the number of webhooks.
   */
  async enqueueForTimer(
    tx: Db,
    timerId: string,
    eventType: string,
    payload: unknown,
    at: number,
  ): Promise<void> {
    await tx.execute(sql`
      insert into ${webhookDeliveries} (webhook_id, event_type, payload, next_attempt_at, created_at)
      select ${webhooks.id}, ${eventType}, ${JSON.stringify(payload)}::jsonb, ${at}, ${at} from ${webhooks}
      where ${webhooks.enabled}
        and ${webhooks.events} @> ${JSON.stringify([eventType])}::jsonb
        and (${webhooks.timerId} = ${timerId}
          or ${webhooks.lobbyId} in (select ${lobbyTimers.lobbyId} from ${lobbyTimers} where ${lobbyTimers.timerId} = ${timerId}))`);
  }

  /** The timer of a match, read in the commit's transaction (when its room is not at hand). */
  async timerOfMatch(
    tx: Db,
    matchId: string,
  ): Promise<{ id: string; shortid: string; name: string; settings: Record<string, unknown> } | null> {
    const [row] = await tx
      .select({ id: timers.id, shortid: timers.shortid, name: timers.name, settings: timers.settings })
      .from(matches)
      .innerJoin(timers, eq(timers.id, matches.timerId))
      .where(eq(matches.id, matchId))
      .limit(1);
    return row ? { ...row, settings: (row.settings ?? {}) as Record<string, unknown> } : null;
  }

  /** Queues one delivery to one webhook (the console's test, an event of the webhook's own target). */
  async enqueueOne(webhookId: string, eventType: string, payload: unknown, at: number): Promise<void> {
    await this.db
      .insert(webhookDeliveries)
      .values({ webhookId, eventType, payload, nextAttemptAt: at, createdAt: at });
  }

  /**
   * Leases up to `limit` due deliveries to this hub until `now + leaseMs`: pending ones whose
   * time has come, and sending ones whose lease ran out (their hub died). Rows another hub is
   * claiming at this instant are skipped (`FOR UPDATE SKIP LOCKED`), so each goes to one hub.
   */
  async claimDue(now: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const result = await this.db.execute(sql`
      update ${webhookDeliveries} as d
      set status = 'sending', locked_until = ${now + leaseMs}, attempts = d.attempts + 1
      from ${webhooks} as w
      where w.id = d.webhook_id and d.id in (
        select id from ${webhookDeliveries}
        where (status = 'pending' and next_attempt_at <= ${now}) or (status = 'sending' and locked_until < ${now})
        order by id
        limit ${limit}
        for update skip locked)
      returning d.id, d.attempts, d.event_type, d.payload, w.url, w.secret`);
    return rowsOf(result).map((row) => ({
      id: Number(row.id),
      attempts: Number(row.attempts),
      eventType: String(row.event_type),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      url: String(row.url),
      secret: String(row.secret),
    }));
  }

  /** Records an attempt's outcome: delivered, due again at `retryAt`, or given up (`retryAt` null). */
  async settle(
    id: number,
    outcome: {
      delivered: boolean;
      retryAt: number | null;
      status: number | null;
      response: string;
      at: number;
      durationMs: number;
    },
  ): Promise<void> {
    const status = outcome.delivered ? 'delivered' : outcome.retryAt === null ? 'failed' : 'pending';
    await this.db
      .update(webhookDeliveries)
      .set({
        status,
        lockedUntil: null,
        ...(outcome.retryAt === null ? {} : { nextAttemptAt: outcome.retryAt }),
        lastStatus: outcome.status,
        lastResponse: outcome.response,
        lastAttemptAt: outcome.at,
        lastDurationMs: outcome.durationMs,
      })
      .where(eq(webhookDeliveries.id, id));
  }

  /** The latest deliveries of a webhook, newest first. */
  async deliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhookId,
      eventType: row.eventType,
      status: row.status as DeliveryRecord['status'],
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
      lastStatus: row.lastStatus,
      lastResponse: row.lastResponse,
      lastAttemptAt: row.lastAttemptAt,
      lastDurationMs: row.lastDurationMs,
      createdAt: row.createdAt,
    }));
  }

  /** Makes a failed delivery due again now (the console's 重新发送). */
  async retry(id: number, webhookId: string, now: number): Promise<boolean> {
    const rows = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.webhookId, webhookId),
          inArray(webhookDeliveries.status, ['failed', 'delivered']),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  }

  /**
   * Housekeeping, idempotent on every hub: settled deliveries older than `before` go, and so do
   * webhooks whose timer or lobby no longer exists (with their deliveries).
   */
  async sweep(before: number): Promise<void> {
    await this.db
      .delete(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['delivered', 'failed']),
          lt(webhookDeliveries.createdAt, before),
        ),
      );
    await this.db.execute(sql`
      delete from ${webhooks} where
        (${webhooks.timerId} is not null and not exists (select 1 from ${timers} where ${timers.id} = ${webhooks.timerId}))
        or (${webhooks.lobbyId} is not null and not exists (select 1 from ${lobbies} where ${lobbies.id} = ${webhooks.lobbyId}))`);
  }
}

function toWebhook(row: typeof webhooks.$inferSelect): WebhookRecord {
  return {
    id: row.id,
    timerId: row.timerId,
    lobbyId: row.lobbyId,
    url: row.url,
    secret: row.secret,
    events: Array.isArray(row.events)
      ? (row.events as unknown[]).filter((event): event is string => typeof event === 'string')
      : [],
    enabled: row.enabled,
    description: row.description,
    createdAt: row.createdAt,
  };
}

/** The rows of a raw query, whichever driver ran it (postgres.js returns an array, PGlite `{rows}`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}
