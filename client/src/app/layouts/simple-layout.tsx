import { Link, Outlet } from 'react-router';
import { ColorModeToggle } from '../../features/color-mode';
import { messages } from '../../i18n';
import { IconArrowLeft } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';

/** simple: a slim bar (logo, back home, colour mode) above a focused page (create, AI). */
export function SimpleLayout() {
  return (
    <div className="layout layout--simple">
      <header className="slim-header">
        <div className="container slim-header__inner">
          <Logo />
          <div className="slim-header__actions">
            <Link to="/" className="btn btn--ghost btn--sm">
              <IconArrowLeft />
              {messages.layouts.simple.back}
            </Link>
            <ColorModeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="layout__main container container--narrow">
        <Outlet />
      </main>
    </div>
  );
}
