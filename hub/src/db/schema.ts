import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
