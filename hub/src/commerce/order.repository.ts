import { and, desc, eq } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import type { Db } from '../db/database';
import { orders, paymentNotifications } from './commerce.schema';
import { GrantRepository } from './grant.repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type NewPaymentNotification = typeof paymentNotifications.$inferInsert;
export type OrderStatus = 'pending' | 'paid' | 'cancelled';

/**
 * Data access for orders and the payment notifications that pay them. {@link transaction}
 * hands the service a repository bound to one transaction, whose {@link grants} write in it too.
 */
export class OrderRepository {
  /** Plan grants, on the same database or transaction. */
  readonly grants: GrantRepository;

  constructor(private readonly db: Db) {
    this.grants = new GrantRepository(db);
  }

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: OrderRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OrderRepository(tx as unknown as Db)));
  }

  /** Inserts an order unless its number is taken: whether it was inserted. */
  async insertIfNumberFree(order: NewOrderRow): Promise<boolean> {
    const inserted = await this.db.insert(orders).values(order).onConflictDoNothing().returning();
    return inserted[0] !== undefined;
  }

  async findByNumber(number: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.number, number));
    return row ?? null;
  }

  /** An order, its row locked for the rest of the transaction. */
  async lockByNumber(number: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.number, number)).for('update');
    return row ?? null;
  }

  /** An account's orders, newest first. */
  async listOf(userId: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(limit);
  }

  /** Orders (of one status, or all) with the buyer's account email, newest first. */
  async listAll(status: OrderStatus | undefined, limit: number) {
    return this.db
      .select({ order: orders, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(status ? eq(orders.status, status) : undefined)
      .orderBy(desc(orders.createdAt))
      .limit(limit);
  }

  /** Records a provider's notification once: false when that event was recorded already. */
  async recordNotification(notification: NewPaymentNotification): Promise<boolean> {
    const fresh = await this.db
      .insert(paymentNotifications)
      .values(notification)
      .onConflictDoNothing()
      .returning();
    return fresh.length > 0;
  }

  /** Moves a pending order to paid: the order, or null when it was not pending. */
  async markPaid(number: string, paidAt: Date, paymentRef: string): Promise<OrderRow | null> {
    const [order] = await this.db
      .update(orders)
      .set({ status: 'paid', paidAt, paymentRef })
      .where(and(eq(orders.number, number), eq(orders.status, 'pending')))
      .returning();
    return order ?? null;
  }
}
