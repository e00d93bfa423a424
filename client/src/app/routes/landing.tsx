import { LandingPage } from '../../features/landing';
import { SiteFooter } from '../layouts/components/site-footer';
import { SiteHeader } from '../layouts/components/site-header';

/** `/`: the landing page inside the site chrome (it lives in the blank layout). */
export function LandingRoute() {
  return <LandingPage header={<SiteHeader transparent />} footer={<SiteFooter />} />;
}
