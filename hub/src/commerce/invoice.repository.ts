import type { InvoiceStatus } from '@bianshi/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import type { Db } from '../db/database';
import { invoices } from './commerce.schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

/** Data access for invoice requests. {@link transaction} hands a repository bound to one transaction. */
export class InvoiceRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: InvoiceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new InvoiceRepository(tx as unknown as Db)));
  }

  /** Whether an order has a requested or issued invoice, those rows locked for the transaction. */
  async lockOpenOf(orderNumber: string): Promise<boolean> {
    const open = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderNumber, orderNumber), inArray(invoices.status, ['requested', 'issued'])))
      .for('update');
    return open.length > 0;
  }

  async insert(invoice: NewInvoiceRow): Promise<InvoiceRow> {
    const [row] = await this.db.insert(invoices).values(invoice).returning();
    return row!;
  }

  async find(id: string): Promise<InvoiceRow | null> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id));
    return row ?? null;
  }

  /** An invoice, its row locked for the rest of the transaction. */
  async lock(id: string): Promise<InvoiceRow | null> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id)).for('update');
    return row ?? null;
  }

  async update(id: string, set: Partial<NewInvoiceRow>): Promise<void> {
    await this.db.update(invoices).set(set).where(eq(invoices.id, id));
  }

  /** An account's invoices, newest first. */
  async listOf(userId: string): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.createdAt));
  }

  /** Invoices (of one status, or all) with the buyer's account email, newest first. */
  async listAll(status: InvoiceStatus | undefined, limit: number) {
    return this.db
      .select({ invoice: invoices, email: users.email })
      .from(invoices)
      .leftJoin(users, eq(users.id, invoices.userId))
      .where(status ? eq(invoices.status, status) : undefined)
      .orderBy(desc(invoices.createdAt))
      .limit(limit);
  }
}
