import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPC } from '../../../lib/api/trpc';
import { useAccount } from '../api/commerce-queries';
import { AuditTab, BatchesTab, GenerateTab, KeysTab } from './admin-keys';
import { InvoicesTab, OrdersTab } from './admin-orders';
import '../commerce.css';

const t = commerceText.admin;
const TABS = ['generate', 'keys', 'batches', 'audit', 'orders', 'invoices'] as const;
type Tab = (typeof TABS)[number];

/** /admin/cdkey (dash layout, admins only): batches and keys, the audit log, orders and invoices. */
export function AdminCdkeyPage() {
  const account = useAccount();
  const [tab, setTab] = useState<Tab>('generate');
  const trpc = useTRPC();
  const pending = useQuery({
    ...trpc.commerce.admin.orders.queryOptions({ status: 'pending' }),
    enabled: Boolean(account.data?.isAdmin),
  });
  const requested = useQuery({
    ...trpc.commerce.admin.invoices.queryOptions({ status: 'requested' }),
    enabled: Boolean(account.data?.isAdmin),
  });
  if (account.isPending) return <div className="commerce-loading" aria-busy="true" />;
  if (!account.data?.isAdmin) {
    return (
      <section className="commerce-card">
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-error" role="alert">
          {t.forbidden}
        </p>
      </section>
    );
  }
  const counts: Partial<Record<Tab, number>> = {
    orders: pending.data?.length ?? 0,
    invoices: requested.data?.length ?? 0,
  };
  return (
    <div className="admin-cdkey">
      <h1 className="commerce-title">{t.title}</h1>
      <div className="admin-tabs" role="tablist">
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="admin-tabs__tab"
            onClick={() => setTab(id)}
          >
            {t.tabs[id]}
            {counts[id] ? <span className="admin-tabs__count">{counts[id]}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'generate' ? <GenerateTab /> : null}
        {tab === 'keys' ? <KeysTab /> : null}
        {tab === 'batches' ? <BatchesTab /> : null}
        {tab === 'audit' ? <AuditTab /> : null}
        {tab === 'orders' ? <OrdersTab /> : null}
        {tab === 'invoices' ? <InvoicesTab /> : null}
      </div>
    </div>
  );
}
