import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One analytics event from the Umami-compatible collector (`POST /api/send`). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: text('website_id').notNull(),
    /** `pageview` (no name), `event` (named; `unknown` when the name was not a non-empty string) or `identify`. */
    kind: text('kind').notNull(),
    name: text('name'),
    /** Path of the page, without query or fragment. */
    urlPath: text('url_path').notNull(),
    title: text('title').notNull().default(''),
    /** Referrer host (`''` for none or this site). */
    referrerHost: text('referrer_host').notNull().default(''),
    hostname: text('hostname').notNull().default(''),
    language: text('language').notNull().default(''),
    screen: text('screen').notNull().default(''),
    /** A daily-salted hash of address and browser: counts visitors, identifies no one. */
    visitorId: text('visitor_id').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_website_time_idx').on(table.websiteId, table.createdAt)],
);
