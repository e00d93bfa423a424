import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The one Postgres schema, used unchanged on PGlite (embedded default) and on Postgres.
 * Migrations in `hub/drizzle/` are generated from this file with `npm run db:generate`.
 */

/** Small key/value facts about this installation (first start, schema notes). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A timer: the long-lived thing an organizer creates and shares. It owns a format for its
 * next matches, its look, and the hashed keys of its capability links.
 */
export const timers = pgTable(
  'timers',
  {
    id: text('id').primaryKey(),
    shortid: text('shortid').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The format the next match starts from (a validated Format). */
    format: jsonb('format').notNull(),
    /** Display and console settings (skin, teams, audio…), validated by their owners. */
    settings: jsonb('settings').notNull().default({}),
    /** sha256 of the control key; the key itself is shown once and never stored. */
    controlKeyHash: text('control_key_hash').notNull(),
    /** sha256 of the view key when the timer is private, else null (public display). */
    viewKeyHash: text('view_key_hash'),
    ownerId: text('owner_id'),
    currentMatchId: text('current_match_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('timers_shortid_idx').on(table.shortid)],
);

/** A match of a timer: its authoritative state and the version of the last accepted command. */
export const matches = pgTable(
  'matches',
  {
    id: text('id').primaryKey(),
    timerId: text('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    /** The whole MatchState, including the format snapshot it runs on. */
    state: jsonb('state').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    /** Absolute server ms of the next scheduled boundary, so any hub can find due work. */
    nextDeadline: bigint('next_deadline', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('matches_timer_idx').on(table.timerId), index('matches_status_idx').on(table.status)],
);

/** Append-only log of accepted commands; records and replays derive from it. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchId: text('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** The match version this command produced. */
    version: integer('version').notNull(),
    command: jsonb('command').notNull(),
    events: jsonb('events').notNull(),
    /** Server ms at which the command was applied. */
    at: bigint('at', { mode: 'number' }).notNull(),
    /** Who issued it: 'scheduler', 'api', or a session description. */
    actor: text('actor').notNull(),
  },
  (table) => [uniqueIndex('match_events_match_version_idx').on(table.matchId, table.version)],
);
