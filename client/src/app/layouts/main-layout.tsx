import { Outlet } from 'react-router';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';

/** main: site header, a page container, the footer. */
export function MainLayout() {
  return (
    <div className="layout layout--main">
      <SiteHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
