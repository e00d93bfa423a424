import { Link, Outlet, useLocation } from 'react-router';
import { trimTrailingSlashes } from '@bianshi/shared';
import { ColorModeToggle } from '../../features/color-mode';
import { messages } from '../../i18n';
import { IconLock } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';

const t = messages.layouts.purchase;
const STEP_OF: Record<string, number> = { '/buy': 0, '/buy/verify': 1, '/buy/cdkey': 2, '/buy/invoice': 2 };

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
              <li key={step} data-state={i < current ? 'done' : i === current ? 'current' : 'todo'} aria-current={i === current ? 'step' : undefined}>
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
        <Link to="/ai/contact">{t.help}</Link>
      </footer>
    </div>
  );
}
