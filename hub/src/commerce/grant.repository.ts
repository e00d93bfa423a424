import type { PlanId } from '@bianshi/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newId } from '../lib/ids';
import { timers } from '../timers/timer.schema';
import { planGrants } from './commerce.schema';
import { addMonths } from './grants';

export type GrantRow = typeof planGrants.$inferSelect;

/** Where a grant came from: an order (by its number) or a cdkey (by its id). */
export type GrantSource = 'order' | 'cdkey';

/** A plan to grant an account. */
export interface NewGrant {
  userId: string;
  plan: PlanId;
  months: number;
  seats: number;
  source: GrantSource;
  sourceRef: string;
  now: Date;
}

/**
 * Plan grants: what an account holds, written by orders and cdkeys. Built on the database or
 * on a transaction (the order or key that grants a plan writes it in its own transaction).
 */
export class GrantRepository {
  constructor(private readonly db: Db) {}

  /** Every grant an account holds, past and present. */
  async grantsOf(userId: string): Promise<GrantRow[]> {
    return this.db.select().from(planGrants).where(eq(planGrants.userId, userId));
  }

  /** The grant an order or a key made, if any. */
  async grantFrom(source: GrantSource, sourceRef: string): Promise<GrantRow | null> {
    const [grant] = await this.db
      .select()
      .from(planGrants)
      .where(and(eq(planGrants.source, source), eq(planGrants.sourceRef, sourceRef)));
    return grant ?? null;
  }

  /** Grants a plan; a grant follows an active one of the same plan. Returns when it ends. */
  async grant(input: NewGrant): Promise<Date> {
    const [latest] = await this.db
      .select({ endsAt: planGrants.endsAt })
      .from(planGrants)
      .where(
        and(
          eq(planGrants.userId, input.userId),
          eq(planGrants.plan, input.plan),
          gt(planGrants.endsAt, input.now),
        ),
      )
      .orderBy(desc(planGrants.endsAt))
      .limit(1);
    const startsAt = latest && latest.endsAt > input.now ? latest.endsAt : input.now;
    const endsAt = addMonths(startsAt, input.months);
    await this.db.insert(planGrants).values({
      id: newId(),
      userId: input.userId,
      plan: input.plan,
      seats: input.seats,
      startsAt,
      endsAt,
      source: input.source,
      sourceRef: input.sourceRef,
    });
    return endsAt;
  }

  /** Ends the grants an order or a key made, at `at`. */
  async endGrantsFrom(source: GrantSource, sourceRef: string, at: Date): Promise<void> {
    await this.db
      .update(planGrants)
      .set({ endsAt: at })
      .where(and(eq(planGrants.source, source), eq(planGrants.sourceRef, sourceRef)));
  }

  /** Moves the end of the grants an order or a key made `days` later. */
  async extendGrantsFrom(source: GrantSource, sourceRef: string, days: number): Promise<void> {
    await this.db
      .update(planGrants)
      .set({ endsAt: sql`${planGrants.endsAt} + ${`${days} days`}::interval` })
      .where(and(eq(planGrants.source, source), eq(planGrants.sourceRef, sourceRef)));
  }

  /** The account that owns a timer (null for an anonymous or unknown timer). */
  async timerOwner(timerId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ ownerId: timers.ownerId })
      .from(timers)
      .where(eq(timers.id, timerId));
    return row?.ownerId ?? null;
  }
}

/** Grants a plan inside a transaction (`tx`): as {@link GrantRepository.grant}. */
export function grantPlan(tx: Db, input: NewGrant): Promise<Date> {
  return new GrantRepository(tx).grant(input);
}
