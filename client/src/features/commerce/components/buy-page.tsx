import { planById, type PlanId } from '@bianshi/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import pricing from 'virtual:bianshi-pricing';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPCClient } from '../../../lib/api/trpc';
import { SupportAlternatives, SupportLinks, useSupport } from '../../../components/support';
import { formErrorOf, useAccount, useProviders, type FormError } from '../api/commerce-queries';
import { yuan } from '../format';
import { SignInGate } from './sign-in-gate';
import '../commerce.css';

const t = commerceText.buy;
const PURCHASABLE = pricing.plans.filter((plan) => plan.purchasable);

/** /buy: plan, duration and seats, payment method, buyer details → an order. */
export function BuyPage() {
  return (
    <SignInGate>
      <Checkout />
    </SignInGate>
  );
}

/** The order form, once the hub has said how this install takes payment; a way on when it takes none. */
function Checkout() {
  const providers = useProviders();
  if (providers.isPending) return <div className="commerce-loading" aria-busy="true" />;
  if (providers.data && providers.data.length === 0) return <NoPayment />;
  return <BuyForm providers={providers.data ?? []} />;
}

/** An install that sells nothing online: keys still work, and the contact (if any) sells by hand. */
function NoPayment() {
  const { contact } = useSupport();
  return (
    <section className="commerce-card" data-testid="no-payment">
      <h1 className="commerce-title">{t.title}</h1>
      <p className="commerce-lead">{t.noPayment}</p>
      <p>
        <Link className="btn btn--primary" to="/buy/cdkey">
          {commerceText.pricing.redeem}
        </Link>
      </p>
      <p className="commerce-note">
        {contact ? (
          <>
            {t.noPaymentContact} <SupportLinks contact={contact} />
          </>
        ) : (
          <SupportAlternatives />
        )}
      </p>
    </section>
  );
}

type Provider = NonNullable<ReturnType<typeof useProviders>['data']>[number];

function BuyForm({ providers }: { providers: Provider[] }) {
  const [params] = useSearchParams();
  const initial =
    PURCHASABLE.find((plan) => plan.id === params.get('plan')) ??
    PURCHASABLE.find((plan) => plan.highlight) ??
    PURCHASABLE[0]!;
  const [planId, setPlanId] = useState<PlanId>(initial.id);
  const plan = planById(pricing, planId);
  const [months, setMonths] = useState(plan.prices[0]!.months);
  const [seats, setSeats] = useState(1);
  const [provider, setProvider] = useState<string>(providers[0]!.id);
  // The order's contact address starts as the signed-in account's (the buyer may change it).
  const account = useAccount();
  const [buyer, setBuyer] = useState(() => ({
    name: '',
    organization: '',
    phone: '',
    email: account.data?.email ?? '',
  }));
  const [error, setError] = useState<FormError | null>(null);
  const client = useTRPCClient();
  const navigate = useNavigate();
  const price = plan.prices.find((candidate) => candidate.months === months) ?? plan.prices[0]!;
  const create = useMutation({
    mutationFn: () =>
      client.commerce.createOrder.mutate({ plan: planId, months: price.months, seats, provider, buyer }),
    onSuccess: ({ order, checkout }) => {
      toast.success(format(t.created, { number: order.number }));
      if (checkout?.kind === 'redirect') window.location.assign(checkout.url);
      else void navigate(`/buy/verify?order=${order.number}`);
    },
    onError: (caught) => setError(formErrorOf(caught)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate();
  };
  const field = (name: keyof typeof buyer) => error?.fields[`buyer.${name}`];

  return (
    <form className="commerce-form" onSubmit={submit} noValidate>
      <header>
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-lead">{t.lead}</p>
      </header>

      <fieldset className="commerce-field">
        <legend>{t.plan}</legend>
        <div className="choice-grid">
          {PURCHASABLE.map((candidate) => (
            <label key={candidate.id} className="choice" data-checked={candidate.id === planId || undefined}>
              <input
                type="radio"
                name="plan"
                value={candidate.id}
                checked={candidate.id === planId}
                onChange={() => {
                  setPlanId(candidate.id);
                  setMonths(candidate.prices[0]!.months);
                  setSeats((value) => Math.min(value, candidate.maxSeats));
                }}
              />
              <span className="choice__name">{candidate.name}</span>
              <span className="choice__hint">{candidate.tagline}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="commerce-field">
        <legend>{t.duration}</legend>
        <div className="choice-grid">
          {plan.prices.map((option) => (
            <label
              key={option.months}
              className="choice"
              data-checked={option.months === price.months || undefined}
            >
              <input
                type="radio"
                name="months"
                value={option.months}
                checked={option.months === price.months}
                onChange={() => setMonths(option.months)}
              />
              <span className="choice__name">
                {format(commerceText.pricing.months, { n: option.months })}
              </span>
              <span className="choice__hint">
                {yuan(option.amountFen)} {commerceText.pricing.perSeat}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <label className="commerce-field">
        <span className="commerce-field__label">{t.seats}</span>
        <input
          className="input commerce-seats"
          type="number"
          min={1}
          max={plan.maxSeats}
          value={seats}
          onChange={(event) =>
            setSeats(Math.max(1, Math.min(plan.maxSeats, Math.floor(Number(event.target.value) || 1))))
          }
        />
        <span className="commerce-field__hint">{format(t.seatsHint, { max: plan.maxSeats })}</span>
      </label>

      <fieldset className="commerce-field">
        <legend>{t.provider}</legend>
        <div className="choice-grid">
          {providers.map(({ id, accountPublished }) => (
            <label key={id} className="choice" data-checked={id === provider || undefined}>
              <input
                type="radio"
                name="provider"
                value={id}
                checked={id === provider}
                onChange={() => setProvider(id)}
              />
              <span className="choice__name">{t.providers[id]}</span>
              <span className="choice__hint">
                {id === 'manual' && accountPublished === false ? t.manualOnRequest : t.providerHints[id]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="commerce-field">
        <legend>{t.buyer}</legend>
        <div className="commerce-grid2">
          {(['name', 'organization', 'phone', 'email'] as const).map((name) => (
            <label key={name} className="commerce-field">
              <span className="commerce-field__label">{t[name]}</span>
              <input
                className="input"
                name={name}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                value={buyer[name]}
                aria-invalid={Boolean(field(name))}
                onChange={(event) => setBuyer({ ...buyer, [name]: event.target.value })}
              />
              {field(name) ? <span className="commerce-field__error">{field(name)}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>

      {error && Object.keys(error.fields).length === 0 ? (
        <p className="commerce-error" role="alert">
          {error.message}
        </p>
      ) : null}

      <footer className="commerce-total">
        <span>
          {t.total} <strong data-testid="order-total">{yuan(price.amountFen * seats)}</strong>
        </span>
        <button type="submit" className="btn btn--primary btn--lg" disabled={create.isPending}>
          {create.isPending ? t.submitting : t.submit}
        </button>
      </footer>
    </form>
  );
}
