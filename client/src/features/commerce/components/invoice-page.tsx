import {
  INVOICE_KIND_NAMES,
  INVOICE_KINDS,
  INVOICE_STATUS_NAMES,
  INVOICE_TITLE_TYPE_NAMES,
  INVOICE_TITLE_TYPES,
  invoiceRequestSchema,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceTitleType,
} from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { formErrorOf, type FormError } from '../api/commerce-queries';
import { when, yuan } from '../format';
import { SignInGate } from './sign-in-gate';
import '../commerce.css';

const t = commerceText.invoice;

/** /buy/invoice: request an invoice for a paid order; follow its status. */
export function InvoicePage() {
  return (
    <SignInGate>
      <Invoices />
    </SignInGate>
  );
}

const EMPTY = { title: '', uscc: '', email: '', address: '', phone: '', bankName: '', bankAccount: '' };
type TextField = keyof typeof EMPTY;

function Invoices() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orders = useQuery(trpc.commerce.myOrders.queryOptions());
  const invoices = useQuery(trpc.commerce.myInvoices.queryOptions());
  const paid = (orders.data ?? []).filter((order) => order.status === 'paid');
  const [orderNumber, setOrderNumber] = useState(params.get('order') ?? '');
  const [kind, setKind] = useState<InvoiceKind>('normal');
  const [titleType, setTitleType] = useState<InvoiceTitleType>('enterprise');
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<FormError | null>(null);
  const chosen = orderNumber || paid[0]?.number || '';
  const request = useMutation({
    mutationFn: (input: object) => client.commerce.requestInvoice.mutate(input),
    onSuccess: () => {
      toast.success(t.submitted);
      setValues(EMPTY);
      void queryClient.invalidateQueries(trpc.commerce.myInvoices.queryFilter());
    },
    onError: (caught) => setError(formErrorOf(caught)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { orderNumber: chosen, kind, titleType, ...values };
    // The same schema as the hub: errors show under their fields before anything is sent.
    const parsed = invoiceRequestSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setError({ message: parsed.error.issues[0]?.message ?? '', fields });
      return;
    }
    setError(null);
    request.mutate(input);
  };
  const input = (name: TextField, label: string, hint?: string) => (
    <label className="commerce-field">
      <span className="commerce-field__label">{label}</span>
      <input
        className="input"
        name={name}
        value={values[name]}
        aria-invalid={Boolean(error?.fields[name])}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      {hint ? <span className="commerce-field__hint">{hint}</span> : null}
      {error?.fields[name] ? (
        <span className="commerce-field__error" data-field={name}>
          {error.fields[name]}
        </span>
      ) : null}
    </label>
  );

  return (
    <div className="commerce-stack">
      <header>
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-lead">{t.lead}</p>
      </header>
      {paid.length === 0 && !orders.isPending ? <p className="commerce-note">{t.noPaidOrders}</p> : null}
      {paid.length > 0 ? (
        <form className="commerce-form commerce-card" onSubmit={submit} noValidate>
          <label className="commerce-field">
            <span className="commerce-field__label">{t.order}</span>
            <select
              className="input"
              name="orderNumber"
              value={chosen}
              onChange={(event) => setOrderNumber(event.target.value)}
            >
              {paid.map((order) => (
                <option key={order.number} value={order.number}>
                  {order.number} · {yuan(order.amountFen)}
                </option>
              ))}
            </select>
            {error?.fields.orderNumber ? (
              <span className="commerce-field__error">{error.fields.orderNumber}</span>
            ) : null}
          </label>
          <fieldset className="commerce-field">
            <legend>{t.kind}</legend>
            <div className="choice-grid">
              {INVOICE_KINDS.map((value) => (
                <label key={value} className="choice" data-checked={value === kind || undefined}>
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={value === kind}
                    onChange={() => setKind(value)}
                  />
                  <span className="choice__name">{INVOICE_KIND_NAMES[value]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="commerce-field">
            <legend>{t.titleType}</legend>
            <div className="choice-grid">
              {INVOICE_TITLE_TYPES.map((value) => (
                <label key={value} className="choice" data-checked={value === titleType || undefined}>
                  <input
                    type="radio"
                    name="titleType"
                    value={value}
                    checked={value === titleType}
                    onChange={() => setTitleType(value)}
                  />
                  <span className="choice__name">{INVOICE_TITLE_TYPE_NAMES[value]}</span>
                </label>
              ))}
            </div>
            {error?.fields.titleType ? (
              <span className="commerce-field__error">{error.fields.titleType}</span>
            ) : null}
          </fieldset>
          <div className="commerce-grid2">
            {input('title', t.invoiceTitle)}
            {titleType === 'enterprise' ? input('uscc', t.uscc, t.usccHint) : null}
            {input('email', t.email)}
          </div>
          {kind === 'special' ? (
            <>
              <p className="commerce-note">{t.specialNote}</p>
              <div className="commerce-grid2">
                {input('address', t.address)}
                {input('phone', t.phone)}
                {input('bankName', t.bankName)}
                {input('bankAccount', t.bankAccount)}
              </div>
            </>
          ) : null}
          {error && Object.keys(error.fields).length === 0 ? (
            <p className="commerce-error" role="alert">
              {error.message}
            </p>
          ) : null}
          <button className="btn btn--primary" type="submit" disabled={request.isPending}>
            {t.submit}
          </button>
        </form>
      ) : null}
      <section className="commerce-card">
        <h2 className="commerce-subtitle">{t.mine}</h2>
        {invoices.data?.length ? (
          <ul className="commerce-list">
            {invoices.data.map((invoice) => {
              const details = invoice.details as { title: string; kind: InvoiceKind };
              return (
                <li key={invoice.id} className="commerce-list__row" data-testid="invoice-row">
                  <code>{invoice.orderNumber}</code>
                  <span>
                    {details.title} · {INVOICE_KIND_NAMES[details.kind]}
                  </span>
                  <span>{when(invoice.createdAt)}</span>
                  <span className="status-pill" data-status={invoice.status}>
                    {INVOICE_STATUS_NAMES[invoice.status as InvoiceStatus]}
                  </span>
                  {invoice.status === 'issued' ? (
                    <a className="btn btn--ghost btn--sm" href={`/api/commerce/invoices/${invoice.id}/pdf`}>
                      {t.download}
                    </a>
                  ) : null}
                  {invoice.rejectReason ? (
                    <span className="commerce-field__error">
                      {format(t.rejected, { reason: invoice.rejectReason })}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="commerce-note">{t.none}</p>
        )}
      </section>
    </div>
  );
}
