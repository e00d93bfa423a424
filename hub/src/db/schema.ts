import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database's own tables. Each domain keeps its tables in its `<domain>.schema.ts`, and
 * `hub/drizzle.config.ts` lists them all: migrations in `hub/drizzle/` are generated from them
 * with `npm run db:generate`, used unchanged on PGlite (embedded default) and on Postgres.
 */

/** Small key/value facts about this installation (first start, schema notes). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
