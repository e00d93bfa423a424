import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  (table) => [uniqueIndex('timers_shortid_idx').on(table.shortid), index('timers_owner_idx').on(table.ownerId)],
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

/**
 * An account. Local accounts carry a scrypt password hash; Supabase accounts carry the
 * Supabase user id (`sub`) and no password. Emails are stored lower-cased.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url), or null for accounts that sign in through Supabase. */
    passwordHash: text('password_hash'),
    /** Supabase Auth user id when the account is linked to Supabase. */
    supabaseId: text('supabase_id'),
    displayName: text('display_name').notNull().default(''),
    /** Admin granted by `npm run admin -- grant <email>` (ADMIN_EMAILS adds verified addresses at run time). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** When the owner proved the address: a link mailed to it was opened, or Supabase confirmed it. Null: never. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email), uniqueIndex('users_supabase_idx').on(table.supabaseId)],
);

/** A signed-in browser. The cookie holds a random 256-bit token; only its sha256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
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
  (table) => [primaryKey({ columns: [table.timerId, table.userId] }), index('timer_members_user_idx').on(table.userId)],
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
  (table) => [uniqueIndex('timer_invites_token_idx').on(table.tokenHash), index('timer_invites_timer_idx').on(table.timerId)],
);

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
  (table) => [uniqueIndex('lobbies_code_idx').on(table.code), index('lobbies_owner_idx').on(table.ownerId), index('lobbies_visibility_idx').on(table.visibility)],
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
  (table) => [primaryKey({ columns: [table.lobbyId, table.timerId] }), index('lobby_timers_timer_idx').on(table.timerId)],
);
