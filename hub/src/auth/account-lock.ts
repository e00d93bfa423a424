import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from './auth.schema';

/**
 * Locks an account's row until the transaction ends (`FOR UPDATE`). What an account owns against
 * its plan is counted and added under this lock, so creations racing for a plan's last place are
 * counted one after the other, on every hub sharing the database.
 */
export async function lockAccount(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
