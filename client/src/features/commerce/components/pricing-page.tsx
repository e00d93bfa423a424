import { COUNT_LIMIT_KEYS, formatLimit, LIMIT_LABELS, type LimitKey } from '@bianshi/shared';
import { Link } from 'react-router';
import pricing from 'virtual:bianshi-pricing';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useProviders } from '../api/commerce-queries';
import { yuan } from '../format';
import '../commerce.css';

const t = commerceText.pricing;
const LIMIT_ROWS: LimitKey[] = [...COUNT_LIMIT_KEYS, 'apiAccess'];

/**
 * /pricing: the plans, their prices and limits, what an expired plan keeps, and the FAQ — all from
 * content/pricing.md — and the ways to pay that this hub offers (`commerce.providers`): a badge or
 * question tied to a method shows only where the method is on; until the hub answers, none does.
 */
export function PricingPage() {
  const providers = useProviders();
  const offered = new Set<string>((providers.data ?? []).map((provider) => provider.id));
  const sells = !providers.data || offered.size > 0;
  const shown = <T extends { method?: string | undefined }>(item: T) =>
    !item.method || offered.has(item.method);
  const logos = pricing.logos.filter(shown);
  return (
    <div className="pricing">
      <header className="pricing__head">
        <p className="pricing__eyebrow">{t.eyebrow}</p>
        <h1 className="pricing__title">{pricing.title}</h1>
        <p className="pricing__lead">{pricing.description}</p>
      </header>

      <ul className="pricing__plans">
        {pricing.plans.map((plan) => (
          <li
            key={plan.id}
            className="plan-card"
            data-highlight={plan.highlight || undefined}
            data-plan={plan.id}
          >
            {plan.highlight ? <span className="plan-card__badge">{t.popular}</span> : null}
            <h2 className="plan-card__name">{plan.name}</h2>
            <p className="plan-card__tagline">{plan.tagline}</p>
            <div className="plan-card__prices">
              {plan.prices.length === 0 ? (
                <p className="plan-card__price">
                  <strong>{t.free}</strong>
                  <span>{t.freeNote}</span>
                </p>
              ) : (
                plan.prices.map((price) => (
                  <p key={price.months} className="plan-card__price">
                    <strong>{yuan(price.amountFen)}</strong>
                    <span>
                      {t.perSeat} · {format(t.months, { n: price.months })}
                    </span>
                    {price.badge ? <span className="badge badge--primary">{price.badge}</span> : null}
                  </p>
                ))
              )}
            </div>
            <p className="plan-card__desc">{plan.description}</p>
            <ul className="plan-card__features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
              <li>
                {LIMIT_LABELS.screensPerTimer.name} {formatLimit('screensPerTimer', plan.limits)}
              </li>
            </ul>
            {plan.purchasable && sells ? (
              <Link
                className={`btn ${plan.highlight ? 'btn--primary' : 'btn--secondary'} plan-card__cta`}
                to={`/buy?plan=${plan.id}`}
              >
                {format(t.buy, { name: plan.name })}
              </Link>
            ) : (
              <Link className="btn btn--ghost plan-card__cta" to="/buy/cdkey">
                {t.redeem}
              </Link>
            )}
          </li>
        ))}
      </ul>

      <section className="pricing__section" aria-labelledby="pricing-compare">
        <h2 id="pricing-compare">{t.compare}</h2>
        <div className="pricing__table-wrap">
          <table className="pricing__table">
            <thead>
              <tr>
                <th scope="col">{t.limit}</th>
                {pricing.plans.map((plan) => (
                  <th key={plan.id} scope="col">
                    {plan.name}
                  </th>
                ))}
                <th scope="col">{t.expired}</th>
              </tr>
            </thead>
            <tbody>
              {LIMIT_ROWS.map((key) => (
                <tr key={key}>
                  <th scope="row">{LIMIT_LABELS[key].name}</th>
                  {pricing.plans.map((plan) => (
                    <td key={plan.id}>{formatLimit(key, plan.limits)}</td>
                  ))}
                  <td className="pricing__expired">{formatLimit(key, pricing.expired.limits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="commerce-note">{pricing.expired.note}</p>
      </section>

      <section className="pricing__section" aria-labelledby="pricing-pay" data-testid="pricing-pay">
        <h2 id="pricing-pay">{t.payWith}</h2>
        {providers.data && offered.size === 0 ? (
          <p className="commerce-note" data-testid="pricing-no-payment">
            {t.noPayment} <Link to="/buy/cdkey">{t.redeem}</Link>
          </p>
        ) : providers.data ? (
          <ul className="pricing__logos">
            {logos.map((logo) => (
              <li key={logo.name} data-method={logo.method}>
                <strong>{logo.name}</strong>
                {logo.note ? <span>{logo.note}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <div className="commerce-loading" aria-busy="true" />
        )}
      </section>

      <section className="pricing__section" aria-labelledby="pricing-faq">
        <h2 id="pricing-faq">{t.faq}</h2>
        <dl className="pricing__faq">
          {pricing.faq.filter(shown).map((item) => (
            <div key={item.question}>
              <dt>{item.question}</dt>
              <dd>{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
