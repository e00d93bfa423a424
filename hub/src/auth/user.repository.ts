import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions, users } from './auth.schema';

/** An account row as the hub uses it. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  supabaseId: string | null;
  displayName: string;
  isAdmin: boolean;
  /** When the owner proved the address (a mailed link, or Supabase's confirmation); null: never. */
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

/** Data access for accounts and their sessions. Nothing here knows about HTTP. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ? toUser(row) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row ? toUser(row) : null;
  }

  async findBySupabaseId(supabaseId: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.supabaseId, supabaseId)).limit(1);
    return row ? toUser(row) : null;
  }

  /** Inserts an account; false when the email (or Supabase id) is already taken. */
  async insert(
    user: Omit<UserRecord, 'createdAt' | 'emailVerifiedAt'> & { emailVerifiedAt?: Date | null },
  ): Promise<boolean> {
    const inserted = await this.db
      .insert(users)
      .values(user)
      .onConflictDoNothing()
      .returning({ id: users.id });
    return inserted.length === 1;
  }

  /** Links an account to a Supabase user id (only when it has none yet). */
  async linkSupabase(userId: string, supabaseId: string): Promise<void> {
    await this.db.update(users).set({ supabaseId }).where(eq(users.id, userId));
  }

  /** Records that the owner proved `email` (only while it is still the account's address). */
  async markVerified(userId: string, email: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: at })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)));
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<boolean> {
    const updated = await this.db
      .update(users)
      .set({ isAdmin })
      .where(eq(users.email, email.toLowerCase()))
      .returning({ id: users.id });
    return updated.length === 1;
  }

  async touchSignIn(userId: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
  }

  /** The newest accounts first. */
  async list(limit: number): Promise<UserRecord[]> {
    const rows = await this.db.select().from(users).orderBy(desc(users.createdAt)).limit(limit);
    return rows.map(toUser);
  }

  async insertSession(session: {
    idHash: string;
    userId: string;
    expiresAt: Date;
    userAgent: string;
  }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** The account of an unexpired session. */
  async findSessionUser(idHash: string, now: Date): Promise<UserRecord | null> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
      .limit(1);
    return row ? toUser(row.user) : null;
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
  }

  /** Deletes every session of an account; returns how many there were. */
  async deleteUserSessions(userId: string): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ idHash: sessions.idHash });
    return deleted.length;
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db.delete(sessions).where(lte(sessions.expiresAt, now));
  }
}

function toUser(row: typeof users.$inferSelect): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    supabaseId: row.supabaseId,
    displayName: row.displayName,
    isAdmin: row.isAdmin,
    emailVerifiedAt: row.emailVerifiedAt,
    createdAt: row.createdAt,
  };
}
