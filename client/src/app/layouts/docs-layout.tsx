import { DocsLayout } from '../../features/content';
import { SiteHeader } from './components/site-header';

/** docs: the content feature's docs layout (tree, search, 目录) inside the site header. Loaded lazily. */
export function DocsLayoutRoute() {
  return <DocsLayout header={<SiteHeader />} />;
}
