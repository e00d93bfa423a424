import type { TournamentRound, TournamentView } from '@bianshi/shared';
import { lazy, Suspense } from 'react';
import { allocation as t } from '../../../i18n/zh-CN/tournament-allocation';

const Editor = lazy(() => import('./allocation-editor'));

/**
 * 评委分配 of a draft round, loaded on demand (its own chunk and styles), so the console's
 * first download does not grow.
 */
export function AllocationPanel({ view, round }: { view: TournamentView; round: TournamentRound }) {
  return (
    <Suspense fallback={<p className="tm-muted tm-small">{t.loadingContext}</p>}>
      <Editor view={view} round={round} />
    </Suspense>
  );
}
