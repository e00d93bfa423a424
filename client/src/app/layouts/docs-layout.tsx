import { NavLink, Outlet } from 'react-router';
import { messages } from '../../i18n';
import { env } from '../../lib/env';
import { IconExternal } from '../../components/ui/icons';
import { SiteHeader } from './components/site-header';

const t = messages.layouts.docs;

/** docs: site header, the contents panel (目录, 更多信息 → 联系客服) and the page. */
export function DocsLayout() {
  return (
    <div className="layout layout--docs">
      <SiteHeader />
      <div className="container docs-shell">
        <aside className="docs-nav" aria-label={t.contents}>
          <h2 className="docs-nav__title">{t.contents}</h2>
          <ul>
            <li>
              <NavLink to="/docs" end className="side-nav__link">
                {messages.routes.pages.docs.title}
              </NavLink>
            </li>
            {t.sections.map((s) => (
              <li key={s.path}>
                <NavLink to={s.path} className="side-nav__link">
                  {s.title}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="docs-nav__more">
            <h2 className="docs-nav__title">{t.more}</h2>
            <a href={env.supportUrl} target="_blank" rel="noopener noreferrer" className="side-nav__link">
              {t.contact}
              <IconExternal />
            </a>
          </div>
        </aside>
        <main id="main" className="docs-shell__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
