import { lazy, Suspense } from 'react';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';

const Page = lazy(() => import('../tabbycat-import').then((m) => ({ default: m.TabbycatImportPage })));

/**
 * `/worldcup/new/tabbycat`, loaded on demand from the tournament chunk: the route table (in the
 * entry every page downloads) names it like the other tournament pages, and the screen's own
 * chunk is listed here rather than there.
 */
export function TabbycatImportPage() {
  return (
    <Suspense fallback={<p className="tm-loading">{tournamentText.page.loading}</p>}>
      <Page />
    </Suspense>
  );
}
