import { parseCdkey, planById, type PlanId } from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import pricing from 'virtual:bianshi-pricing';
import { QrCode } from '../../../components/ui/qr-code';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { SupportLinks, useSupport } from '../../../components/support';
import { formErrorOf } from '../api/commerce-queries';
import { when, yuan } from '../format';
import { KeysOnce } from './keys-once';
import { SignInGate } from './sign-in-gate';
import '../commerce.css';

const t = commerceText.verify;
const planName = (id: string) => planById(pricing, id as PlanId).name;

/** /buy/verify: an order's or a key's status by number, with what it grants until when. */
export function VerifyPage() {
  return (
    <SignInGate>
      <Verify />
    </SignInGate>
  );
}

function Verify() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('order') ?? params.get('key') ?? '');
  const trpc = useTRPC();
  const orders = useQuery(trpc.commerce.myOrders.queryOptions());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    setParams(/^BS\d{8}/i.test(value.replace(/\s/g, '')) ? { order: value.toUpperCase() } : { key: value });
  };
  const order = params.get('order');
  const key = params.get('key');
  return (
    <div className="commerce-stack">
      <header>
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-lead">{t.lead}</p>
      </header>
      <form className="commerce-inline" onSubmit={submit}>
        <input
          className="input"
          value={text}
          placeholder={t.placeholder}
          aria-label={t.placeholder}
          onChange={(event) => setText(event.target.value)}
        />
        <button className="btn btn--primary" type="submit">
          {t.lookup}
        </button>
      </form>
      {order ? <OrderStatus number={order} /> : null}
      {key ? <KeyStatus text={key} /> : null}
      <section className="commerce-card">
        <h2 className="commerce-subtitle">{t.myOrders}</h2>
        {orders.data?.length ? (
          <ul className="commerce-list">
            {orders.data.map((row) => (
              <li key={row.number}>
                <Link to={`/buy/verify?order=${row.number}`} className="commerce-list__row">
                  <code>{row.number}</code>
                  <span>
                    {format(t.planLine, { plan: planName(row.plan), months: row.months, seats: row.seats })}
                  </span>
                  <span>{yuan(row.amountFen)}</span>
                  <span className="status-pill" data-status={row.status}>
                    {t.statuses[row.status]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="commerce-note">{t.noOrders}</p>
        )}
      </section>
    </div>
  );
}

function OrderStatus({ number }: { number: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.commerce.order.queryOptions({ number }),
    refetchInterval: (q) => (q.state.data?.order.status === 'pending' ? 10_000 : false),
  });
  if (query.isPending) return <div className="commerce-loading" aria-busy="true" />;
  if (query.error)
    return (
      <p className="commerce-error" role="alert">
        {formErrorOf(query.error).message}
      </p>
    );
  const { order, checkout, grant, seatKeys } = query.data;
  return (
    <section className="commerce-card" data-testid="order-status">
      <h2 className="commerce-subtitle">{format(t.order, { number: order.number })}</h2>
      <dl className="commerce-facts">
        <dt>{t.status}</dt>
        <dd>
          <span className="status-pill" data-status={order.status}>
            {t.statuses[order.status]}
          </span>
        </dd>
        <dt>{commerceText.buy.plan}</dt>
        <dd>
          {format(t.planLine, { plan: planName(order.plan), months: order.months, seats: order.seats })}
        </dd>
        <dt>{t.amount}</dt>
        <dd>{yuan(order.amountFen)}</dd>
      </dl>
      {checkout?.kind === 'transfer' ? (
        <div className="commerce-transfer">
          <h3>{t.transferTitle}</h3>
          {checkout.accountNo ? (
            <dl className="commerce-facts">
              <dt>{t.accountName}</dt>
              <dd>{checkout.accountName}</dd>
              <dt>{t.bankName}</dt>
              <dd>{checkout.bankName}</dd>
              <dt>{t.accountNo}</dt>
              <dd>
                <code>{checkout.accountNo}</code>
              </dd>
              <dt>{t.reference}</dt>
              <dd>
                <code data-testid="transfer-reference">{checkout.reference}</code>
              </dd>
            </dl>
          ) : (
            <AccountOnRequest number={order.number} />
          )}
          <p className="commerce-note">{t.transferNote}</p>
        </div>
      ) : null}
      {order.status === 'pending' && !checkout ? (
        <p className="commerce-warning" data-testid="method-gone">
          {t.methodGone} <Link to={`/buy?plan=${order.plan}`}>{t.reorder}</Link> ·{' '}
          <Link to="/buy/cdkey">{commerceText.pricing.redeem}</Link>
        </p>
      ) : null}
      {checkout?.kind === 'redirect' ? (
        <a className="btn btn--primary" href={checkout.url}>
          {t.payAlipay}
        </a>
      ) : null}
      {checkout?.kind === 'qr' ? (
        <div className="commerce-qr">
          <QrCode value={checkout.codeUrl} label={t.payWechat} size={200} />
          <p>{t.payWechat}</p>
        </div>
      ) : null}
      {grant ? (
        <p className="commerce-success">
          {format(t.grants, {
            plan: planName(grant.plan),
            since: when(grant.since),
            until: when(grant.until),
          })}
        </p>
      ) : null}
      {seatKeys ? (
        <SeatKeys number={order.number} quantity={seatKeys.quantity} shown={seatKeys.shown} />
      ) : null}
      {order.status === 'paid' ? (
        <Link className="btn btn--ghost btn--sm" to={`/buy/invoice?order=${order.number}`}>
          {t.invoice}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * Bank transfer without a published account: the buyer asks support (bank transfer is offered
 * only with a contact); an order left from before the contact was removed says not to pay.
 */
function AccountOnRequest({ number }: { number: string }) {
  const { contact, known } = useSupport();
  if (!known) return null;
  if (!contact) {
    return (
      <p className="commerce-warning" data-testid="transfer-no-account">
        {t.noAccount} <Link to="/buy/cdkey">{commerceText.pricing.redeem}</Link>
      </p>
    );
  }
  return (
    <p className="commerce-note" data-testid="transfer-on-request">
      {format(t.accountOnRequest, { number })} <SupportLinks contact={contact} />
    </p>
  );
}

function SeatKeys({ number, quantity, shown }: { number: string; quantity: number; shown: boolean }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const reveal = useMutation({
    mutationFn: () => client.commerce.revealSeatKeys.mutate({ number }),
    onSettled: () => queryClient.invalidateQueries(),
  });
  return (
    <div className="commerce-seatkeys">
      <h3>{format(t.seatKeys, { n: quantity })}</h3>
      {reveal.data ? (
        <KeysOnce keys={reveal.data.keys} filename={`cdkeys-${number}.csv`} columns={[['order', number]]} />
      ) : shown ? (
        <p className="commerce-note">{t.seatKeysShown}</p>
      ) : (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={reveal.isPending}
          onClick={() => reveal.mutate()}
        >
          {t.seatKeysReveal}
        </button>
      )}
      {reveal.error ? <p className="commerce-error">{formErrorOf(reveal.error).message}</p> : null}
    </div>
  );
}

function KeyStatus({ text }: { text: string }) {
  const trpc = useTRPC();
  const parsed = parseCdkey(text);
  const query = useQuery({
    ...trpc.commerce.keyStatus.queryOptions({ key: text }),
    enabled: parsed.ok,
    retry: false,
  });
  if (!parsed.ok)
    return (
      <p className="commerce-error" role="alert">
        {commerceText.cdkey.hint}
      </p>
    );
  if (query.isPending) return <div className="commerce-loading" aria-busy="true" />;
  if (query.error)
    return (
      <p className="commerce-error" role="alert">
        {formErrorOf(query.error).message}
      </p>
    );
  const key = query.data;
  return (
    <section className="commerce-card" data-testid="key-status">
      <h2 className="commerce-subtitle">{format(t.keyTitle, { last4: key.last4 })}</h2>
      <dl className="commerce-facts">
        <dt>{t.status}</dt>
        <dd>
          <span className="status-pill" data-status={key.state}>
            {t.keyStates[key.state]}
          </span>
        </dd>
        <dt>{commerceText.buy.plan}</dt>
        <dd>{format(t.keyGrants, { plan: planName(key.plan), months: key.months })}</dd>
        <dt />
        <dd>
          {key.grantUntil
            ? format(t.keyUntil, { date: when(key.grantUntil) })
            : format(t.keyRedeemBy, { date: when(key.redeemableUntil) })}
        </dd>
      </dl>
    </section>
  );
}
