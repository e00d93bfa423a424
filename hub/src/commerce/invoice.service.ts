import type { InvoiceRequest, InvoiceStatus } from '@bianshi/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../auth/auth.schema';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { FileStorage } from '../uploads/file-storage';
import { invoices } from './commerce.schema';
import { CM } from './messages';
import type { OrderService } from './order.service';

/** Largest invoice PDF an admin may upload. */
export const INVOICE_PDF_MAX_BYTES = 5 * 1024 * 1024;

export type InvoiceRow = typeof invoices.$inferSelect;

/** How long a signed link to an invoice PDF works: long enough to start the download. */
export const INVOICE_LINK_SECONDS = 60;

/**
 * Invoice requests for paid orders: requested → issued (with a PDF) or rejected (with a reason).
 * PDFs are kept in the hub's file storage as `<buyer id>/<invoice id>.pdf` (private: local disk,
 * or a private Supabase bucket reached through short-lived signed links).
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly clock: Clock,
    private readonly files: FileStorage,
  ) {}

  /** Requests an invoice for one of the account's paid orders (one open or issued request per order). */
  async request(userId: string, input: InvoiceRequest): Promise<InvoiceRow> {
    const order = await this.orders.mine(input.orderNumber, { id: userId, isAdmin: false });
    if (order.status !== 'paid')
      throw new HubError('BAD_REQUEST', CM.orderNotPaid, 'order-not-paid', { field: 'orderNumber' });
    return this.db.transaction(async (tx) => {
      const open = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderNumber, order.number), inArray(invoices.status, ['requested', 'issued'])))
        .for('update');
      if (open.length)
        throw new HubError('CONFLICT', CM.invoiceExists, 'invoice-exists', { field: 'orderNumber' });
      const [row] = await tx
        .insert(invoices)
        .values({
          id: newId(),
          orderNumber: order.number,
          userId,
          details: { ...input, orderNumber: order.number },
          status: 'requested',
        })
        .returning();
      return row!;
    });
  }

  async listOf(userId: string): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.createdAt));
  }

  /** Admin: requests, open ones first. */
  async listAll(status?: InvoiceStatus) {
    const rows = await this.db
      .select({ invoice: invoices, email: users.email })
      .from(invoices)
      .leftJoin(users, eq(users.id, invoices.userId))
      .where(status ? eq(invoices.status, status) : undefined)
      .orderBy(desc(invoices.createdAt))
      .limit(200);
    return rows.map(({ invoice, email }) => ({ ...invoice, accountEmail: email ?? '' }));
  }

  /** Admin: issues a requested invoice with its PDF. */
  async issue(id: string, pdf: Uint8Array, adminId: string): Promise<void> {
    if (
      pdf.length === 0 ||
      pdf.length > INVOICE_PDF_MAX_BYTES ||
      Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-'
    ) {
      throw new HubError('BAD_REQUEST', CM.invoicePdfInvalid, 'invoice-pdf-invalid');
    }
    await this.answer(id, async (row) => {
      const file = `${row.userId}/${id}.pdf`;
      await this.files.put('invoice', file, pdf, 'application/pdf');
      return { status: 'issued', pdfFile: file, answeredBy: adminId };
    });
  }

  /** Admin: rejects a requested invoice with a reason the buyer sees. */
  async reject(id: string, reason: string, adminId: string): Promise<void> {
    await this.answer(id, async () => ({ status: 'rejected', rejectReason: reason, answeredBy: adminId }));
  }

  /**
   * The PDF of an issued invoice, for its buyer or an admin: a signed link to it where the
   * storage gives one (Supabase), its bytes otherwise (local disk).
   */
  async pdf(
    id: string,
    user: { id: string; isAdmin: boolean },
  ): Promise<{ url: string } | { bytes: Buffer }> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id));
    if (!row || (row.userId !== user.id && !user.isAdmin) || !row.pdfFile)
      throw new HubError('NOT_FOUND', CM.invoiceNotFound, 'invoice-not-found');
    const url = await this.files.signedUrl('invoice', row.pdfFile, INVOICE_LINK_SECONDS, invoiceFileName(id));
    if (url) return { url };
    const bytes = await this.files.get('invoice', row.pdfFile);
    if (!bytes) throw new HubError('NOT_FOUND', CM.invoiceNotFound, 'invoice-not-found');
    return { bytes };
  }

  private async answer(
    id: string,
    change: (row: InvoiceRow) => Promise<Partial<typeof invoices.$inferInsert>>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      if (!row) throw new HubError('NOT_FOUND', CM.invoiceNotFound, 'invoice-not-found');
      if (row.status !== 'requested') throw new HubError('CONFLICT', CM.invoiceAnswered, 'invoice-answered');
      await tx
        .update(invoices)
        .set({ ...(await change(row)), answeredAt: new Date(this.clock.now()) })
        .where(eq(invoices.id, id));
    });
  }
}

/** The name an invoice PDF downloads as. */
export function invoiceFileName(id: string): string {
  return `invoice-${id}.pdf`;
}
