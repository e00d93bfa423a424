import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../db/columns';

/**
 * Provider requests counted per subject and UTC day, against the plan's `aiRequestsPerDay`.
 * The subject is `user:<id>` for accounts and `ip:<address>` for visitors, so every hub reads
 * the same count.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    subject: text('subject').notNull(),
    /** UTC date, YYYY-MM-DD. */
    day: text('day').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.subject, table.day] })],
);

/**
 * A thumbs up or down on an assistant answer, kept for the admins with the question, the answer
 * shown and the sections it cited. Stored only when a visitor clicks, so it is not a log.
 */
export const aiFeedback = pgTable(
  'ai_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `up` or `down`. */
    rating: text('rating').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    /** `provider` or `deterministic`. */
    mode: text('mode').notNull(),
    /** Hrefs of the sections shown, `/docs/…#anchor`. */
    sources: jsonb('sources').$type<string[]>().notNull().default([]),
    userId: text('user_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('ai_feedback_time_idx').on(table.createdAt)],
);
