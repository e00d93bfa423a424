import { Link, Outlet, useLocation } from 'react-router';
import { trimTrailingSlashes } from '@bianshi/shared';
import { ColorModeToggle } from '../../features/color-mode';
import { messages } from '../../i18n';
import { IconLock } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { supportHref, useSupport } from '../../components/support/use-support';

const t = messages.layouts.purchase;
const STEP_OF: Record<string, number> = { '/buy': 0, '/buy/verify': 1, '/buy/cdkey': 2, '/buy/invoice': 2 };

/**
 * 购买遇到问题？ goes to the configured support contact; an install without one points to the
 * purchase questions answered on /pricing rather than to a page with no contact either.
 */
function PurchaseHelp() {
  const { contact, known } = useSupport();
  if (!known) return null;
  if (!contact) return <Link to="/pricing#pricing-faq">{t.helpNone}</Link>;
  return contact.url ? (
    <a href={supportHref(contact)} target="_blank" rel="noopener noreferrer">
      {t.help}
    </a>
  ) : (
    <a href={supportHref(contact)}>{t.help}</a>
  );
}

/** purchase: logo, the three purchase steps and a reassuring footer around the checkout. */
export function PurchaseLayout() {
  const { pathname } = useLocation();
  const current = STEP_OF[trimTrailingSlashes(pathname)] ?? 0;
  return (
    <div className="layout layout--purchase">
      <header className="slim-header">
        <div className="container slim-header__inner">
          <Logo />
          <ol className="purchase-steps" aria-label="购买步骤">
            {t.steps.map((step, i) => (
              <li
                key={step}
                data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
                aria-current={i === current ? 'step' : undefined}
              >
                <span className="purchase-steps__num">{i + 1}</span>
                <span className="purchase-steps__label">{step}</span>
              </li>
            ))}
          </ol>
          <ColorModeToggle />
        </div>
      </header>
      <main id="main" className="layout__main container container--narrow">
        <Outlet />
      </main>
      <footer className="purchase-foot">
        <span>
          <IconLock />
          {t.secure}
        </span>
        <PurchaseHelp />
      </footer>
    </div>
  );
}
