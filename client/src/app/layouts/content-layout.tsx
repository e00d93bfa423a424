import { Outlet } from 'react-router';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';

/** content: site chrome around a reading-width column (about, changelog, pricing). */
export function ContentLayout() {
  return (
    <div className="layout layout--content">
      <SiteHeader />
      <main id="main" className="layout__main container container--narrow">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
