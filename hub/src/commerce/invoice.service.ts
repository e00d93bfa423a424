import type { InvoiceRequest, InvoiceStatus } from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { FileStorage } from '../uploads/file-storage';
import type { InvoiceRepository, InvoiceRow, NewInvoiceRow } from './invoice.repository';
import { CM } from './messages';
import type { OrderService } from './order.service';

/** Largest invoice PDF an admin may upload. */
export const INVOICE_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** How long a signed link to an invoice PDF works: long enough to start the download. */
export const INVOICE_LINK_SECONDS = 60;

/**
 * Invoice requests for paid orders: requested → issued (with a PDF) or rejected (with a reason).
 * PDFs are kept in the hub's file storage as `<buyer id>/<invoice id>.pdf` (private: local disk,
 * or a private Supabase bucket reached through short-lived signed links).
 */
export class InvoiceService {
  constructor(
    private readonly repository: InvoiceRepository,
    private readonly orders: OrderService,
    private readonly clock: Clock,
    private readonly files: FileStorage,
  ) {}

  /** Requests an invoice for one of the account's paid orders (one open or issued request per order). */
  async request(userId: string, input: InvoiceRequest): Promise<InvoiceRow> {
    const order = await this.orders.mine(input.orderNumber, { id: userId, isAdmin: false });
    if (order.status !== 'paid')
      throw new HubError('BAD_REQUEST', CM.orderNotPaid, 'order-not-paid', { field: 'orderNumber' });
    return this.repository.transaction(async (tx) => {
      if (await tx.lockOpenOf(order.number))
        throw new HubError('CONFLICT', CM.invoiceExists, 'invoice-exists', { field: 'orderNumber' });
      return tx.insert({
        id: newId(),
        orderNumber: order.number,
        userId,
        details: { ...input, orderNumber: order.number },
        status: 'requested',
      });
    });
  }

  async listOf(userId: string): Promise<InvoiceRow[]> {
    return this.repository.listOf(userId);
  }

  /** Admin: requests, open ones first. */
  async listAll(status?: InvoiceStatus) {
    const rows = await this.repository.listAll(status, 200);
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
    const row = await this.repository.find(id);
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
    change: (row: InvoiceRow) => Promise<Partial<NewInvoiceRow>>,
  ): Promise<void> {
    await this.repository.transaction(async (tx) => {
      const row = await tx.lock(id);
      if (!row) throw new HubError('NOT_FOUND', CM.invoiceNotFound, 'invoice-not-found');
      if (row.status !== 'requested') throw new HubError('CONFLICT', CM.invoiceAnswered, 'invoice-answered');
      await tx.update(id, { ...(await change(row)), answeredAt: new Date(this.clock.now()) });
    });
  }
}

/** The name an invoice PDF downloads as. */
export function invoiceFileName(id: string): string {
  return `invoice-${id}.pdf`;
}
