import {
  INVOICE_KIND_NAMES,
  INVOICE_STATUS_NAMES,
  planById,
  type InvoiceKind,
  type InvoiceStatus,
  type PlanId,
} from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { usePrompt } from '../../../components/ui/prompt-dialog';
import pricing from 'virtual:bianshi-pricing';
import { format, messages } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { formErrorOf } from '../api/commerce-queries';
import { when, yuan } from '../format';

const t = commerceText.admin;
const planName = (id: string) => planById(pricing, id as PlanId).name;

/** Orders, pending first; a bank transfer is confirmed here. */
export function OrdersTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const orders = useQuery(trpc.commerce.admin.orders.queryOptions({}));
  const prompt = usePrompt();
  const markPaid = useMutation({
    mutationFn: async (number: string) => {
      const note = await prompt.ask({
        title: format(t.markPaidTitle, { number }),
        label: t.markPaidPrompt,
        confirmLabel: t.markPaid,
      });
      if (note === null) return null;
      return client.commerce.admin.markPaid.mutate({ number, note });
    },
    onSuccess: (result) => {
      if (result) toast.success(format(t.paid, { number: result.order.number }));
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(formErrorOf(error).message),
  });
  const c = t.orderColumns;
  const rows = [...(orders.data ?? [])].sort(
    (a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'),
  );
  return (
    <section className="commerce-card admin-table-wrap">
      {prompt.dialog}
      <table className="admin-table">
        <thead>
          <tr>
            {[c.number, c.account, c.plan, c.amount, c.provider, c.status, c.created, ''].map((label) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => (
            <tr key={order.number} data-testid={`order-${order.number}`}>
              <td>
                <code>{order.number}</code>
              </td>
              <td>
                {order.accountEmail}
                <span className="admin-table__note">
                  {order.buyer.name} {order.buyer.organization}
                </span>
              </td>
              <td>
                {planName(order.plan)} · {order.months} 月 × {order.seats}
              </td>
              <td>{yuan(order.amountFen)}</td>
              <td>{commerceText.buy.providers[order.provider]}</td>
              <td>
                <span className="status-pill" data-status={order.status}>
                  {commerceText.verify.statuses[order.status]}
                </span>
              </td>
              <td>{when(order.createdAt)}</td>
              <td>
                {order.status === 'pending' && order.provider === 'manual' ? (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    onClick={() => markPaid.mutate(order.number)}
                  >
                    {t.markPaid}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="commerce-note">{t.empty}</p> : null}
    </section>
  );
}

/** Invoice requests: issue with a PDF upload, or reject with a reason. */
export function InvoicesTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const invoices = useQuery(trpc.commerce.admin.invoices.queryOptions({}));
  const refresh = () => void queryClient.invalidateQueries();
  const issue = useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const response = await fetch(`/api/commerce/invoices/${id}/pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: file,
        credentials: 'same-origin',
      });
      if (!response.ok)
        throw new Error(
          ((await response.json().catch(() => null)) as { error?: { message?: string } } | null)?.error
            ?.message ?? messages.errors.request.unknown,
        );
    },
    onSuccess: () => {
      toast.success(t.issued);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const prompt = usePrompt();
  const reject = useMutation({
    mutationFn: async (id: string) => {
      const reason = await prompt.ask({
        title: t.rejectTitle,
        label: t.reasonPrompt,
        confirmLabel: t.reject,
        validate: (value) => (value ? null : t.reasonRequired),
      });
      return reason ? client.commerce.admin.rejectInvoice.mutate({ id, reason }) : null;
    },
    onSuccess: refresh,
    onError: (error) => toast.error(formErrorOf(error).message),
  });
  const c = t.invoiceColumns;
  return (
    <section className="commerce-card admin-table-wrap">
      {prompt.dialog}
      <table className="admin-table">
        <thead>
          <tr>
            {[c.order, c.account, c.title, c.kind, c.uscc, c.status, ''].map((label) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(invoices.data ?? []).map((invoice) => {
            const details = invoice.details as {
              title: string;
              kind: InvoiceKind;
              uscc: string;
              email: string;
              address?: string;
              phone?: string;
              bankName?: string;
              bankAccount?: string;
            };
            return (
              <tr key={invoice.id}>
                <td>
                  <code>{invoice.orderNumber}</code>
                  <span className="admin-table__note">{when(invoice.createdAt)}</span>
                </td>
                <td>
                  {invoice.accountEmail}
                  <span className="admin-table__note">{details.email}</span>
                </td>
                <td>
                  {details.title}
                  {details.kind === 'special' ? (
                    <span className="admin-table__note">
                      {details.address} {details.phone} {details.bankName} {details.bankAccount}
                    </span>
                  ) : null}
                </td>
                <td>{INVOICE_KIND_NAMES[details.kind]}</td>
                <td>
                  <code>{details.uscc || '—'}</code>
                </td>
                <td>
                  <span className="status-pill" data-status={invoice.status}>
                    {INVOICE_STATUS_NAMES[invoice.status as InvoiceStatus]}
                  </span>
                  {invoice.rejectReason ? (
                    <span className="admin-table__note">{invoice.rejectReason}</span>
                  ) : null}
                </td>
                <td className="admin-table__actions">
                  {invoice.status === 'requested' ? (
                    <>
                      <label className="btn btn--primary btn--sm">
                        {t.issue}
                        <input
                          type="file"
                          accept="application/pdf"
                          hidden
                          onChange={(event) => {
                            const file = event.target.files?.[0];
                            if (file) issue.mutate({ id: invoice.id, file });
                          }}
                        />
                      </label>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => reject.mutate(invoice.id)}
                      >
                        {t.reject}
                      </button>
                    </>
                  ) : null}
                  {invoice.status === 'issued' ? (
                    <a className="btn btn--ghost btn--sm" href={`/api/commerce/invoices/${invoice.id}/pdf`}>
                      PDF
                    </a>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {invoices.data?.length === 0 ? <p className="commerce-note">{t.empty}</p> : null}
    </section>
  );
}
