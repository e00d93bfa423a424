import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema';
import { cdkeyBatches, cdkeyEvents, cdkeyLockouts, cdkeys } from './commerce.schema';
import { GrantRepository } from './grant.repository';

export type CdkeyRow = typeof cdkeys.$inferSelect;
export type NewCdkey = typeof cdkeys.$inferInsert;
export type BatchRow = typeof cdkeyBatches.$inferSelect;
export type NewBatchRow = typeof cdkeyBatches.$inferInsert;
export type NewCdkeyEvent = typeof cdkeyEvents.$inferInsert;

/**
 * Data access for cdkeys: batches, keys, the audit log, look-up lockouts and the kept secret.
 * Nothing here knows the rules; {@link transaction} hands the service a repository bound to
 * one transaction, whose {@link grants} write in that transaction too.
 */
export class CdkeyRepository {
  /** Plan grants, on the same database or transaction. */
  readonly grants: GrantRepository;

  constructor(private readonly db: Db) {
    this.grants = new GrantRepository(db);
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: CdkeyRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CdkeyRepository(tx as unknown as Db)));
  }

  /** Stores `candidate` under `key` unless a value is kept already; returns the kept value. */
  async keptMeta(key: string, candidate: string): Promise<unknown> {
    await this.db.insert(appMeta).values({ key, value: candidate }).onConflictDoNothing();
    const [row] = await this.db.select().from(appMeta).where(eq(appMeta.key, key));
    return row?.value;
  }

  async insertBatch(batch: NewBatchRow): Promise<void> {
    await this.db.insert(cdkeyBatches).values(batch);
  }

  /** Marks a batch's keys shown at `at`, unless they were already: the batch, or null. */
  async markKeysShown(batchId: string, at: Date): Promise<BatchRow | null> {
    const [batch] = await this.db
      .update(cdkeyBatches)
      .set({ keysShownAt: at })
      .where(and(eq(cdkeyBatches.id, batchId), isNull(cdkeyBatches.keysShownAt)))
      .returning();
    return batch ?? null;
  }

  async batchExists(batchId: string): Promise<boolean> {
    const [exists] = await this.db
      .select({ id: cdkeyBatches.id })
      .from(cdkeyBatches)
      .where(eq(cdkeyBatches.id, batchId));
    return exists !== undefined;
  }

  async findBatch(batchId: string): Promise<BatchRow | null> {
    const [batch] = await this.db.select().from(cdkeyBatches).where(eq(cdkeyBatches.id, batchId));
    return batch ?? null;
  }

  /** Inserts keys, 500 to a statement. */
  async insertKeys(rows: NewCdkey[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await this.db.insert(cdkeys).values(rows.slice(i, i + 500));
  }

  /** Appends to the audit log. */
  async log(events: NewCdkeyEvent | NewCdkeyEvent[]): Promise<void> {
    await this.db.insert(cdkeyEvents).values(Array.isArray(events) ? events : [events]);
  }

  /** The one `issued → redeemed` transition of an unexpired key: the key, or null. */
  async markRedeemed(keyHash: string, userId: string, now: Date): Promise<CdkeyRow | null> {
    const [key] = await this.db
      .update(cdkeys)
      .set({ state: 'redeemed', redeemedBy: userId, redeemedAt: now })
      .where(and(eq(cdkeys.keyHash, keyHash), eq(cdkeys.state, 'issued'), gt(cdkeys.expiresAt, now)))
      .returning();
    return key ?? null;
  }

  /** The state of the key with this hash, if there is one. */
  async stateByHash(keyHash: string): Promise<string | undefined> {
    const [existing] = await this.db
      .select({ state: cdkeys.state })
      .from(cdkeys)
      .where(eq(cdkeys.keyHash, keyHash));
    return existing?.state;
  }

  /** The key with this hash and its batch. */
  async findKeyByHash(keyHash: string): Promise<{ key: CdkeyRow; batch: BatchRow } | null> {
    const [row] = await this.db
      .select({ key: cdkeys, batch: cdkeyBatches })
      .from(cdkeys)
      .innerJoin(cdkeyBatches, eq(cdkeys.batchId, cdkeyBatches.id))
      .where(eq(cdkeys.keyHash, keyHash));
    return row ?? null;
  }

  /** A key, its row locked for the rest of the transaction. */
  async lockKey(cdkeyId: string): Promise<CdkeyRow | null> {
    const [key] = await this.db.select().from(cdkeys).where(eq(cdkeys.id, cdkeyId)).for('update');
    return key ?? null;
  }

  async updateKey(cdkeyId: string, set: Partial<Pick<NewCdkey, 'state' | 'expiresAt'>>): Promise<void> {
    await this.db.update(cdkeys).set(set).where(eq(cdkeys.id, cdkeyId));
  }

  /** Marks issued keys whose redeem-by date is before `now` expired: their ids. */
  async markExpired(now: Date): Promise<string[]> {
    const expired = await this.db
      .update(cdkeys)
      .set({ state: 'expired' })
      .where(and(eq(cdkeys.state, 'issued'), lt(cdkeys.expiresAt, now)))
      .returning({ id: cdkeys.id });
    return expired.map(({ id }) => id);
  }

  /** Keys matching any of: last 4, order number, batch id, redeeming account's email; newest first. */
  async search(query: { text: string; last4: string; email: string | null }, limit: number) {
    const { text, last4, email } = query;
    const accounts = email
      ? await this.db.select({ id: users.id }).from(users).where(eq(users.email, email))
      : [];
    const conditions = [
      eq(cdkeys.last4, last4),
      eq(cdkeyBatches.orderNumber, text.toUpperCase()),
      eq(cdkeys.batchId, text),
      ...(accounts.length
        ? [
            inArray(
              cdkeys.redeemedBy,
              accounts.map((account) => account.id),
            ),
          ]
        : []),
    ];
    return this.db
      .select({ key: cdkeys, batch: cdkeyBatches, email: users.email })
      .from(cdkeys)
      .innerJoin(cdkeyBatches, eq(cdkeys.batchId, cdkeyBatches.id))
      .leftJoin(users, eq(users.id, cdkeys.redeemedBy))
      .where(text ? or(...conditions) : undefined)
      .orderBy(desc(cdkeys.createdAt))
      .limit(limit);
  }

  /** Batches, newest first. */
  async batches(limit: number): Promise<BatchRow[]> {
    return this.db.select().from(cdkeyBatches).orderBy(desc(cdkeyBatches.createdAt)).limit(limit);
  }

  /** The audit log, newest first (of one key, or of all). */
  async audit(cdkeyId: string | undefined, limit: number) {
    return this.db
      .select({ event: cdkeyEvents, last4: cdkeys.last4, actor: users.email })
      .from(cdkeyEvents)
      .leftJoin(cdkeys, eq(cdkeys.id, cdkeyEvents.cdkeyId))
      .leftJoin(users, eq(users.id, cdkeyEvents.actorId))
      .where(cdkeyId ? eq(cdkeyEvents.cdkeyId, cdkeyId) : undefined)
      .orderBy(desc(cdkeyEvents.id))
      .limit(limit);
  }

  /**
   * Counts one failed look-up for `subject` in one statement (row-locked, so concurrent callers
   * on any hub queue up). Failures older than `forgetMs` start over at 1; the one that goes past
   * `limit` starts a lockout of `lockMs`. Returns when the subject's lockout ends (null if none).
   */
  async countFailure(
    subject: string,
    now: number,
    rule: { limit: number; lockMs: number; forgetMs: number },
  ): Promise<Date | null> {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const t = cdkeyLockouts;
    const locked = sql`(${t.lockedUntil} is not null and ${t.lockedUntil} > ${at})`;
    const next = sql`(case when ${t.updatedAt} < ${new Date(now - rule.forgetMs).toISOString()}::timestamptz then 1 else ${t.failures} + 1 end)`;
    const [row] = await this.db
      .insert(t)
      .values({ subject, failures: 1, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: t.subject,
        set: {
          failures: sql`case when ${locked} then ${t.failures} when ${next} > ${rule.limit} then 0 else ${next} end`,
          lockedUntil: sql`case when ${locked} then ${t.lockedUntil} when ${next} > ${rule.limit} then ${new Date(now + rule.lockMs).toISOString()}::timestamptz else ${t.lockedUntil} end`,
          updatedAt: sql`case when ${locked} then ${t.updatedAt} else ${at} end`,
        },
      })
      .returning({ lockedUntil: t.lockedUntil });
    return row?.lockedUntil ?? null;
  }

  /** Gives back one counted failure of `subject`. */
  async releaseFailure(subject: string): Promise<void> {
    await this.db
      .update(cdkeyLockouts)
      .set({ failures: sql`greatest(${cdkeyLockouts.failures} - 1, 0)` })
      .where(sql`${cdkeyLockouts.subject} = ${subject}`);
  }
}
