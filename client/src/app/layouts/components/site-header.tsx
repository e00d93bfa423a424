import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AccountMenu } from '../../../features/auth';
import { ColorModeToggle } from '../../../features/color-mode';
import { messages } from '../../../i18n';
import { IconClose, IconMenu } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { PrefetchLink, PrefetchNavLink } from '../../../components/ui/prefetch-link';

const t = messages.site.nav;

export const NAV_ITEMS = [
  { to: '/lobby', label: t.lobby },
  { to: '/topic', label: t.topic },
  { to: '/record', label: t.record },
  { to: '/schools', label: t.schools },
  { to: '/worldcup', label: t.worldcup },
  { to: '/docs', label: t.docs },
  { to: '/pricing', label: t.pricing },
] as const;

/** The site header: logo, main navigation, colour mode, sign-in and the call to action. */
export function SiteHeader({ transparent = false }: { transparent?: boolean }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className="site-header" data-transparent={transparent} data-open={open}>
      <div className="container site-header__inner">
        <Logo />
        <nav className="site-nav" aria-label={t.label} id="site-nav">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <PrefetchNavLink to={item.to} className="site-nav__link">
                  {item.label}
                </PrefetchNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <ColorModeToggle />
          <AccountMenu loginClassName="btn btn--ghost btn--sm site-header__login" />
          <PrefetchLink to="/create" className="btn btn--primary btn--sm site-header__cta">
            {t.start}
          </PrefetchLink>
          <button
            type="button"
            className="icon-btn site-header__menu"
            aria-expanded={open}
            aria-controls="site-nav"
            aria-label={open ? t.closeMenu : t.openMenu}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconClose /> : <IconMenu />}
          </button>
        </div>
      </div>
    </header>
  );
}
