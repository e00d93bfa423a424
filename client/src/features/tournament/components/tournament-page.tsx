import type { TournamentView } from '@bianshi/shared';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tournamentBreak } from '../../../i18n/zh-CN/tournament-break';
import { speakerTab as speakerText } from '../../../i18n/zh-CN/tournament-speakers';
import { useTournament } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { useReleasedBreak } from '../api/use-break';
import { useSpeakerTab } from '../api/use-speaker-tab';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import { phaseOf } from '../view-model';
import { BreakTab } from './break-tab';
import { SpeakerTab } from './speaker-tab';
import { ExportsMenu } from './exports-menu';
import { FixturesTab } from './fixtures-tab';
import { BracketTab, JudgesTab, StandingsTab, TeamsTab, TopicsTab } from './tabs';
import '../tournament.css';

const t = tournamentText;

/** The tabs of a tournament page, in order; `?tab=` names one. 晋级 shows once the break is released. */
export const TOURNAMENT_TABS = [
  'fixtures',
  'standings',
  'speakers',
  'break',
  'bracket',
  'topics',
  'teams',
  'judges',
] as const;
type TabId = (typeof TOURNAMENT_TABS)[number];
const TAB_LABELS: Record<TabId, string> = {
  ...t.tabs,
  break: tournamentBreak.tab,
  speakers: speakerText.tab,
};

const PANELS: Record<Exclude<TabId, 'break' | 'speakers'>, (props: { view: TournamentView }) => ReactNode> = {
  fixtures: FixturesTab,
  standings: StandingsTab,
  bracket: BracketTab,
  topics: TopicsTab,
  teams: TeamsTab,
  judges: JudgesTab,
};

/** `/worldcup/:slug`: the tournament with tabs 赛程, 积分榜, 晋级 (once released), 淘汰赛, 辩题, 参赛队伍, 评委; live via `tournament.watch`. */
export function TournamentPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = useTournament(slug);
  const released = useReleasedBreak(slug).data ?? [];
  const speakers = useSpeakerTab(slug).data;
  const tabs = TOURNAMENT_TABS.filter(
    (id) => (id !== 'break' || released.length > 0) && (id !== 'speakers' || speakers?.visible === true),
  );
  const view = query.data;
  useTournamentTitle(view?.name);
  const requested = params.get('tab');
  const phase = view ? phaseOf(view) : 'draft';
  const live = view
    ? view.rounds.reduce(
        (n, round) => n + round.fixtures.filter((fixture) => fixture.status === 'live').length,
        0,
      )
    : 0;
  // Live matches first; once the knockout is drawn and nothing is live, the bracket.
  const fallback: TabId =
    live === 0 && (phase === 'knockout' || phase === 'finished') ? 'bracket' : 'fixtures';
  const tab: TabId = tabs.includes(requested as TabId) ? (requested as TabId) : fallback;

  if (query.isError) {
    return (
      <div className="tm-page">
        <p className="tm-error" role="alert" data-testid="tm-error">
          {tournamentErrorMessage(query.error)}
        </p>
        <Link className="btn btn--primary" to="/worldcup">
          {t.page.backToList}
        </Link>
      </div>
    );
  }
  if (!view) return <p className="tm-loading">{t.page.loading}</p>;

  const select = (next: TabId) =>
    setParams((all) => ({ ...Object.fromEntries(all), tab: next }), { replace: true });
  const onKey = (event: KeyboardEvent) => {
    const index = tabs.indexOf(tab);
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by) return;
    event.preventDefault();
    const next = tabs[(index + by + tabs.length) % tabs.length]!;
    select(next);
    document.getElementById(`tm-tab-${next}`)?.focus();
  };
  const Panel = tab === 'break' || tab === 'speakers' ? null : PANELS[tab];
  const latest = [...view.rounds].reverse().find((round) => round.status === 'published' && round.lobby);

  return (
    <div className="tm-page" data-testid="tm-page">
      <header className="tm-head">
        <div>
          <p className="tm-eyebrow">
            <span className="tm-chip">{t.phase[phase]}</span>
            {live > 0 && (
              <span className="tm-live-pill">
                <span className="tm-live-dot" aria-hidden="true" />
                {format(t.index.liveNow, { n: live })}
              </span>
            )}
          </p>
          <h1 className="tm-title">{view.name}</h1>
          <p className="tm-lead">
            {[
              view.season && format(t.page.season, { season: view.season }),
              view.startDate &&
                format(t.page.dates, { from: view.startDate, to: view.endDate ?? view.startDate }),
              format(t.page.format, { name: view.formatName }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="tm-head__actions">
          {latest && (
            <Link
              className="btn btn--secondary btn--sm"
              to={`/worldcup/${view.slug}/live/${latest.id}`}
              data-testid="tm-open-wall"
            >
              {t.page.liveWall}
            </Link>
          )}
          {view.myRole && (
            <Link
              className="btn btn--primary btn--sm"
              to={`/worldcup/${view.slug}/manage`}
              data-testid="tm-manage"
            >
              {t.page.manage}
            </Link>
          )}
        </div>
      </header>
      <div className="tm-tabs" role="tablist" aria-label={view.name} onKeyDown={onKey}>
        {tabs.map((id) => (
          <button
            key={id}
            id={`tm-tab-${id}`}
            type="button"
            role="tab"
            className="tm-tab"
            aria-selected={tab === id}
            aria-controls="tm-panel"
            tabIndex={tab === id ? 0 : -1}
            onClick={() => select(id)}
          >
            {TAB_LABELS[id]}
          </button>
        ))}
      </div>
      <div
        id="tm-panel"
        className="tm-panel"
        role="tabpanel"
        aria-labelledby={`tm-tab-${tab}`}
        data-tab={tab}
      >
        {Panel ? (
          <Panel view={view} />
        ) : tab === 'speakers' && speakers ? (
          <SpeakerTab tab={speakers} staff={view.myRole !== null} />
        ) : (
          <BreakTab categories={released} />
        )}
      </div>
      <footer className="tm-foot">
        <ExportsMenu slug={view.slug} />
      </footer>
    </div>
  );
}
