import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

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
    /**
     * The view key of a private timer, else null (public display). Kept readable (unlike the
     * control key) so controllers can show the private display link again; it grants watching only.
     */
    viewKey: text('view_key'),
    /**
     * The judge key: a judge link (`…?role=judge#judge=…`) carries it, and its holder watches as a
     * judge (presence role judge). Readable like the view key, so controllers can show the link.
     */
    judgeKey: text('judge_key').notNull(),
    ownerId: text('owner_id'),
    currentMatchId: text('current_match_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('timers_shortid_idx').on(table.shortid),
    index('timers_owner_idx').on(table.ownerId),
  ],
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

/** An account's role on a timer other than its owner's (controller, editor, judge, viewer). */
export const timerMembers = pgTable(
  'timer_members',
  {
    timerId: text('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.timerId, table.userId] }),
    index('timer_members_user_idx').on(table.userId),
  ],
);

/** An invite link to a timer with a role and an expiry; only the token's sha256 is stored. */
export const timerInvites = pgTable(
  'timer_invites',
  {
    id: text('id').primaryKey(),
    timerId: text('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    role: text('role').notNull(),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uses: integer('uses').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('timer_invites_token_idx').on(table.tokenHash),
    index('timer_invites_timer_idx').on(table.timerId),
  ],
);
