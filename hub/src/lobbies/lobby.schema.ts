import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timers } from '../timers/timer.schema';

/**
 * A lobby: a room screens join by a 6-character code (public lobbies) or a join link (private
 * ones), showing the matches of several timers. The organizer key is stored as its sha256;
 * the join token and judge key are shown to the organizer again, so they are stored as issued.
 */
export const lobbies = pgTable(
  'lobbies',
  {
    id: text('id').primaryKey(),
    /** 6 characters without 0/O, 1/I/L, upper-case. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    organizerName: text('organizer_name').notNull().default(''),
    /** `public` (listed, joinable by code) or `private` (join link only). */
    visibility: text('visibility').notNull(),
    /** Secret of the join link; needed for private lobbies. */
    joinToken: text('join_token').notNull(),
    /** Secret of the judge link. */
    judgeKey: text('judge_key').notNull(),
    organizerKeyHash: text('organizer_key_hash').notNull(),
    ownerId: text('owner_id'),
    /** `featured` or `grid`: what every screen shows. */
    mode: text('mode').notNull().default('featured'),
    featuredTimerId: text('featured_timer_id'),
    /** The message on every screen, `{id, text, at}`, or null. */
    notice: jsonb('notice'),
    /** Bumped on every change of the lobby's facts. */
    version: integer('version').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('lobbies_code_idx').on(table.code),
    index('lobbies_owner_idx').on(table.ownerId),
    index('lobbies_visibility_idx').on(table.visibility),
  ],
);

/** The timers a lobby shows, in order. */
export const lobbyTimers = pgTable(
  'lobby_timers',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id, { onDelete: 'cascade' }),
    timerId: text('timer_id')
      .notNull()
      .references(() => timers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lobbyId, table.timerId] }),
    index('lobby_timers_timer_idx').on(table.timerId),
  ],
);
