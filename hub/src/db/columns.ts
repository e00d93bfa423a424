import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share, written once: a text primary key `id` (ids from `newId`), and
 * `created_at` / `updated_at` stamped by the database.
 */
export const idColumn = () => text('id').primaryKey();

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
