import { PLAN_IDS, planById, type PlanId } from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { usePrompt } from '../../../components/ui/prompt-dialog';
import pricing from 'virtual:bianshi-pricing';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { formErrorOf } from '../api/commerce-queries';
import { when } from '../format';
import { KeysOnce } from './keys-once';

const t = commerceText.admin;
const states = commerceText.verify.keyStates;
const planName = (id: string) => planById(pricing, id as PlanId).name;

/** Creates a batch; its plain keys are shown once with a CSV download. */
export function GenerateTab() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    plan: 'education' as PlanId,
    quantity: 10,
    months: 12,
    seats: 1,
    expiresInDays: 180,
    note: '',
  });
  const generate = useMutation({
    mutationFn: () => client.commerce.admin.generate.mutate(form),
    onSuccess: (result) => {
      toast.success(format(t.generated, { n: result.keys.length, id: result.batch.id }));
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(formErrorOf(error).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate.mutate();
  };
  const number = (name: 'quantity' | 'months' | 'seats' | 'expiresInDays', label: string) => (
    <label className="commerce-field">
      <span className="commerce-field__label">{label}</span>
      <input
        className="input"
        type="number"
        name={name}
        min={1}
        value={form[name]}
        onChange={(event) => setForm({ ...form, [name]: Math.floor(Number(event.target.value) || 1) })}
      />
    </label>
  );
  if (generate.data) {
    const { batch, keys } = generate.data;
    return (
      <section className="commerce-card">
        <h2 className="commerce-subtitle">{format(t.generated, { n: keys.length, id: batch.id })}</h2>
        <KeysOnce
          keys={keys}
          filename={`cdkeys-${batch.id}.csv`}
          columns={[
            ['plan', planName(batch.plan)],
            ['months', String(batch.months)],
            ['redeem_by', new Date(batch.expiresAt).toISOString().slice(0, 10)],
            ['batch', batch.id],
            ['note', batch.note],
          ]}
        />
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => generate.reset()}>
          {t.generate}
        </button>
      </section>
    );
  }
  return (
    <form className="commerce-card commerce-form" onSubmit={submit}>
      <label className="commerce-field">
        <span className="commerce-field__label">{t.plan}</span>
        <select
          className="input"
          name="plan"
          value={form.plan}
          onChange={(event) => setForm({ ...form, plan: event.target.value as PlanId })}
        >
          {PLAN_IDS.map((id) => (
            <option key={id} value={id}>
              {planName(id)}
            </option>
          ))}
        </select>
      </label>
      <div className="commerce-grid2">
        {number('quantity', t.quantity)}
        {number('months', t.months)}
        {number('seats', t.seats)}
        {number('expiresInDays', t.expiresInDays)}
      </div>
      <label className="commerce-field">
        <span className="commerce-field__label">{t.note}</span>
        <input
          className="input"
          name="note"
          value={form.note}
          maxLength={200}
          onChange={(event) => setForm({ ...form, note: event.target.value })}
        />
      </label>
      <button className="btn btn--primary" type="submit" disabled={generate.isPending}>
        {t.generate}
      </button>
    </form>
  );
}

/** Search by last 4 / order / batch / account, and suspend, resume, revoke, extend. */
export function KeysTab() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const keys = useQuery(trpc.commerce.admin.search.queryOptions({ query }));
  const prompt = usePrompt();
  const act = useMutation({
    mutationFn: async ({
      id,
      action,
      last4,
    }: {
      id: string;
      action: 'suspend' | 'resume' | 'revoke' | 'extend';
      last4: string;
    }) => {
      const title = format(t.actionTitle, { action: t[action], last4 });
      const wholeDays = (value: string) => (/^\d+$/.test(value) && Number(value) >= 1 ? null : t.daysInvalid);
      const daysText =
        action === 'extend'
          ? await prompt.ask({
              title,
              label: t.daysPrompt,
              initial: '30',
              confirmLabel: t.extend,
              inputMode: 'numeric',
              validate: wholeDays,
            })
          : '0';
      if (daysText === null) return null;
      const days = Number(daysText);
      const reason = await prompt.ask({
        title,
        label: t.reasonPrompt,
        confirmLabel: t[action],
        validate: (value) => (value ? null : t.reasonRequired),
      });
      if (!reason) return null;
      return action === 'extend'
        ? client.commerce.admin.extendKey.mutate({ id, days, reason })
        : client.commerce.admin.keyAction.mutate({ id, action, reason });
    },
    onSuccess: (result) => {
      if (result) toast.success(t.done);
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(formErrorOf(error).message),
  });
  return (
    <section className="commerce-card">
      {prompt.dialog}
      <form
        className="commerce-inline"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <input
          className="input"
          value={text}
          placeholder={t.search}
          aria-label={t.search}
          onChange={(event) => setText(event.target.value)}
        />
        <button className="btn btn--primary" type="submit">
          {t.searchAction}
        </button>
      </form>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              {Object.values(t.columns).map((label) => (
                <th key={label}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((key) => (
              <tr key={key.id}>
                <td>
                  <code>…{key.last4}</code>
                </td>
                <td>
                  <span className="status-pill" data-status={key.state}>
                    {states[key.state]}
                  </span>
                </td>
                <td>{planName(key.plan)}</td>
                <td>
                  <code>{key.batchId}</code>
                  {key.batchNote ? <span className="admin-table__note">{key.batchNote}</span> : null}
                </td>
                <td>{key.orderNumber ?? '—'}</td>
                <td>{when(key.expiresAt)}</td>
                <td>{key.redeemedBy ?? '—'}</td>
                <td className="admin-table__actions">
                  {key.state === 'issued' ? (
                    <Action
                      label={t.suspend}
                      onClick={() => act.mutate({ id: key.id, action: 'suspend', last4: key.last4 })}
                    />
                  ) : null}
                  {key.state === 'suspended' ? (
                    <Action
                      label={t.resume}
                      onClick={() => act.mutate({ id: key.id, action: 'resume', last4: key.last4 })}
                    />
                  ) : null}
                  {key.state !== 'revoked' && key.state !== 'expired' ? (
                    <Action
                      label={t.revoke}
                      onClick={() => act.mutate({ id: key.id, action: 'revoke', last4: key.last4 })}
                    />
                  ) : null}
                  {key.state !== 'revoked' ? (
                    <Action
                      label={t.extend}
                      onClick={() => act.mutate({ id: key.id, action: 'extend', last4: key.last4 })}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {keys.data?.length === 0 ? <p className="commerce-note">{t.empty}</p> : null}
      </div>
    </section>
  );
}

function Action({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={onClick}>
      {label}
    </button>
  );
}

export function BatchesTab() {
  const trpc = useTRPC();
  const batches = useQuery(trpc.commerce.admin.batches.queryOptions());
  const c = t.batchColumns;
  return (
    <section className="commerce-card admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {[c.created, c.plan, c.quantity, c.months, c.note, c.shown].map((label) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(batches.data ?? []).map((batch) => (
            <tr key={batch.id}>
              <td>{when(batch.createdAt)}</td>
              <td>{planName(batch.plan)}</td>
              <td>{batch.quantity}</td>
              <td>{format(commerceText.pricing.months, { n: batch.months })}</td>
              <td>
                {batch.note}
                <code className="admin-table__note">{batch.id}</code>
              </td>
              <td>{batch.keysShownAt ? t.shown : t.notShown}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function AuditTab() {
  const trpc = useTRPC();
  const audit = useQuery(trpc.commerce.admin.audit.queryOptions({}));
  const c = t.auditColumns;
  return (
    <section className="commerce-card admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {[c.at, c.key, c.change, c.actor, c.ip, c.reason].map((label) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(audit.data ?? []).map((entry) => (
            <tr key={entry.id}>
              <td>{when(entry.at)}</td>
              <td>
                <code>…{entry.last4}</code>
              </td>
              <td>
                {entry.fromState ? states[entry.fromState] : '—'} → {states[entry.toState]}
              </td>
              <td>{entry.actor}</td>
              <td>{entry.ip || '—'}</td>
              <td>{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
