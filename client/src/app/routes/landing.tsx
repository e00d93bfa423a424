import type { ContentPage, IndexFields } from '@bianshi/shared/content/index';
import { LandingPage } from '../../features/landing';
import { landing as landingText } from '../../i18n/zh-CN/landing';
import { usePayload } from '../../lib/content';
import { Splash } from '../root';
import { SiteFooter } from '../layouts/components/site-footer';
import { SiteHeader } from '../layouts/components/site-header';

/** `/`: the landing page (sections from content/index.md) inside the site chrome. */
export function LandingRoute() {
  const payload = usePayload<{ page: ContentPage & IndexFields }>('/');
  if (payload.error) return <p className="status-page">{landingText.loadFailed}</p>;
  if (!payload.data) return <Splash />;
  return <LandingPage header={<SiteHeader transparent />} footer={<SiteFooter />} data={payload.data.page} />;
}
