import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, updatedAtColumn } from '../db/columns';

/**
 * Commerce tables: orders and their payment notifications, plan grants, cdkeys with their
 * batches and append-only audit log, redemption lockouts and invoice requests.
 */

/** An order: a plan for some months and seats, paid once through one provider. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /** Shown to buyers and used as the bank transfer reference, e.g. BS20261123A7K3Q9. */
    number: text('number').notNull(),
    userId: text('user_id').notNull(),
    plan: text('plan').notNull(),
    months: integer('months').notNull(),
    seats: integer('seats').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** `manual` (对公转账), `alipay` or `wechat`. */
    provider: text('provider').notNull(),
    /** `pending`, `paid` or `cancelled`. */
    status: text('status').notNull(),
    /** Buyer details: name, organisation, phone, email. */
    buyer: jsonb('buyer').notNull(),
    /** The provider's transaction id, or the admin who confirmed a transfer. */
    paymentRef: text('payment_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('orders_number_idx').on(table.number),
    index('orders_user_idx').on(table.userId),
    index('orders_status_idx').on(table.status),
  ],
);

/** Every verified payment notification, once per provider event (a duplicate is ignored). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderNumber: text('order_number').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_notifications_event_idx').on(table.provider, table.eventId)],
);

/** A plan an account holds for a while, from an order or a cdkey. */
export const planGrants = pgTable(
  'plan_grants',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    plan: text('plan').notNull(),
    seats: integer('seats').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** `order` or `cdkey`. */
    source: text('source').notNull(),
    /** The order number or the key's batch id and last 4. */
    sourceRef: text('source_ref').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('plan_grants_user_idx').on(table.userId),
    uniqueIndex('plan_grants_source_idx').on(table.source, table.sourceRef),
  ],
);

/** A batch of cdkeys made together by an admin (or for an order's extra seats). */
export const cdkeyBatches = pgTable('cdkey_batches', {
  id: idColumn(),
  plan: text('plan').notNull(),
  quantity: integer('quantity').notNull(),
  /** Months of plan a key grants. */
  months: integer('months').notNull(),
  seats: integer('seats').notNull(),
  /** Keys not redeemed by then expire. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  note: text('note').notNull().default(''),
  orderNumber: text('order_number'),
  createdBy: text('created_by').notNull(),
  /** Set when the plain keys were generated and shown, once. */
  keysShownAt: timestamp('keys_shown_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});

/** A cdkey: only an HMAC of the key (server secret) and its last 4 symbols are stored. */
export const cdkeys = pgTable(
  'cdkeys',
  {
    id: idColumn(),
    batchId: text('batch_id')
      .notNull()
      .references(() => cdkeyBatches.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    /** `issued`, `redeemed`, `suspended`, `revoked` or `expired`. */
    state: text('state').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedBy: text('redeemed_by'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('cdkeys_hash_idx').on(table.keyHash),
    index('cdkeys_last4_idx').on(table.last4),
    index('cdkeys_batch_idx').on(table.batchId),
    index('cdkeys_redeemed_by_idx').on(table.redeemedBy),
  ],
);

/** Append-only: every state change of a key, who made it, from where and why. */
export const cdkeyEvents = pgTable(
  'cdkey_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cdkeyId: text('cdkey_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actorId: text('actor_id'),
    ip: text('ip').notNull().default(''),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cdkey_events_key_idx').on(table.cdkeyId)],
);

/** Failed redemptions per account and per address, for the lockout (shared by every hub). */
export const cdkeyLockouts = pgTable('cdkey_lockouts', {
  subject: text('subject').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAtColumn(),
});

/** An invoice request for a paid order, answered by an admin (issued with a PDF, or rejected). */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    orderNumber: text('order_number').notNull(),
    userId: text('user_id').notNull(),
    /** The validated request (kind, title, uscc, email, 专票 fields). */
    details: jsonb('details').notNull(),
    /** `requested`, `issued` or `rejected`. */
    status: text('status').notNull(),
    pdfFile: text('pdf_file'),
    rejectReason: text('reject_reason'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('invoices_user_idx').on(table.userId),
    index('invoices_order_idx').on(table.orderNumber),
    index('invoices_status_idx').on(table.status),
  ],
);
