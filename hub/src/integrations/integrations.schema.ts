/**
 * Tables of the integrations domain: outgoing webhooks and their delivery queue (the outbox),
 * and API tokens. Times the hub decides with its own clock are epoch ms (`bigint`), like the
 * match log's `at`, so every hub and the tests' clocks agree on them. Like the other domains'
 * tables they hold no foreign keys into the core tables (timers, lobbies, users): the outbox's
 * sweep removes webhooks whose timer or lobby is gone, and a token whose account is gone fails.
 */
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An outgoing webhook of one timer or one lobby (exactly one of the two is set). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    timerId: text('timer_id'),
    lobbyId: text('lobby_id'),
    url: text('url').notNull(),
    /** `whsec_…`: the Standard Webhooks signing secret, shown to whoever manages the webhook. */
    secret: text('secret').notNull(),
    /** The event types it receives (`WEBHOOK_EVENT_TYPES`), a JSON array of strings. */
    events: jsonb('events').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('webhooks_timer_idx').on(table.timerId), index('webhooks_lobby_idx').on(table.lobbyId)],
);

/**
 * The outbox: one row per event per webhook, written in the same transaction as the match
 * change that caused it, so a delivery is never lost to a crash and never invented twice.
 * Any hub claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: jsonb('payload').notNull(),
    /** `pending` (due at `next_attempt_at`), `sending` (leased), `delivered`, `failed` (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    /** A hub sending it holds it until then; past it (the hub died) another hub may take it. */
    lockedUntil: bigint('locked_until', { mode: 'number' }),
    lastStatus: integer('last_status'),
    /** The start of the receiver's last answer, or the network error. */
    lastResponse: text('last_response'),
    lastAttemptAt: bigint('last_attempt_at', { mode: 'number' }),
    lastDurationMs: integer('last_duration_ms'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.id),
  ],
);

/**
 * An API token of an account, for scripts and stream decks instead of a timer's control key.
 * Only the token's sha256 is stored; `prefix` (its first characters) names it in lists.
 * `scope` null = every timer and lobby the account may run; else `{timers, lobbies}` ids.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scope: jsonb('scope'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_idx').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
  ],
);
