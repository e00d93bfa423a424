import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_supabase_idx').on(table.supabaseId),
  ],
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

/** What a mailed link does when it is opened. */
export type EmailLinkPurpose = 'verify' | 'sign-in';

/**
 * Links mailed to an account's address: a verification link after sign-up, or a sign-in link.
 * Only the token's sha256 is stored; a link works once (consumed by deleting its row, which
 * one hub wins) and until `expiresAt`.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').$type<EmailLinkPurpose>().notNull(),
    /** The address the link was sent to: it verifies that address only, not one changed since. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_links_user_idx').on(table.userId)],
);
