import { NavLink, Outlet } from 'react-router';
import { ColorModeToggle } from '../../features/color-mode';
import { messages } from '../../i18n';
import { IconBook, IconChart, IconKey, IconSparkle } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';

const t = messages.layouts.dash;

/** dash: the admin console (sidebar of management screens). */
export function DashLayout() {
  return (
    <div className="layout layout--app">
      <header className="app-bar">
        <Logo />
        <span className="app-bar__title">{t.label}</span>
        <div className="app-bar__actions">
          <ColorModeToggle />
        </div>
      </header>
      <div className="app-shell">
        <nav className="side-nav" aria-label={t.label}>
          <ul>
            <li>
              <NavLink to="/admin/cdkey" className="side-nav__link">
                <IconKey />
                {t.cdkey}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/ai" className="side-nav__link">
                <IconSparkle />
                {t.aiFeedback}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/topics" className="side-nav__link">
                <IconBook />
                {t.topicReview}
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/analytics" className="side-nav__link">
                <IconChart />
                {t.analytics}
              </NavLink>
            </li>
          </ul>
        </nav>
        <main id="main" className="app-shell__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
