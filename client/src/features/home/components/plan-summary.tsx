import { formatLimit } from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dateTimeFormat, format } from '../../../i18n';
import { auth as authText } from '../../../i18n/zh-CN/auth';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { IconArrowRight } from '../../../components/ui/icons';
import { useTRPC } from '../../../lib/api/trpc';

const t = commerceText.planCard;
const home = authText.home;

/** /home's plan card: which plan, since and until when, from which order or key, and its main limits. */
export function PlanSummary() {
  const trpc = useTRPC();
  const plan = useQuery(trpc.commerce.myPlan.queryOptions()).data;
  if (!plan) return <div className="home-card__loading" aria-busy="true" />;
  const expired = plan.level.endsWith('Expired');
  const day = (value: Date | null) => (value ? dateTimeFormat.format(new Date(value)) : '');
  return (
    <div className="home-plan-summary" data-testid="home-plan" data-level={plan.level}>
      <p className="home-plan">
        <span className={`badge ${expired ? '' : 'badge--primary'}`}>{plan.name}</span>
      </p>
      {plan.origin === 'installation' ? <p className="home-card__empty">{t.installation}</p> : null}
      {plan.since && !expired ? (
        <p className="home-card__empty">{format(t.since, { date: day(plan.since) })}</p>
      ) : null}
      {plan.until ? (
        <p className="home-card__empty">
          {format(expired ? t.expiredOn : t.until, { date: day(plan.until) })}
        </p>
      ) : null}
      {plan.source ? (
        <p className="home-card__empty">
          {plan.source.kind === 'order' ? (
            <Link to={`/buy/verify?order=${plan.source.ref}`}>
              {format(t.fromOrder, { ref: plan.source.ref })}
            </Link>
          ) : (
            t.fromKey
          )}
        </p>
      ) : null}
      <p className="home-card__empty">
        {format(t.limits, {
          screens: formatLimit('screensPerTimer', plan.limits),
          timers: formatLimit('timers', plan.limits),
          lobbies: formatLimit('lobbies', plan.limits),
        })}
      </p>
      <div className="home-plan-summary__actions">
        <Link to="/pricing" className="btn btn--ghost btn--sm home-card__action">
          {home.planAction}
          <IconArrowRight />
        </Link>
        <Link to="/buy/cdkey" className="btn btn--ghost btn--sm home-card__action">
          {t.redeem}
        </Link>
      </div>
    </div>
  );
}
