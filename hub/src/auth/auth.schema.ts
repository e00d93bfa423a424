import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
