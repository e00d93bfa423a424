import {
  bpSeatsOf,
  type BpSeat,
  ballotTooEarly,
  type FixtureStatus,
  type TournamentFixture,
  type TournamentRound,
  type TournamentView,
} from '@bianshi/shared';
import { memo, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStore } from 'zustand';
import { format, numberFormat } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tournamentOverview as t } from '../../../i18n/zh-CN/tournament-overview';
import { useTRPCClient } from '../../../lib/api/trpc';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { runtimeFor } from '../../../lib/realtime/timer';
import { useTournament } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { useClockFacts, useRoundClocks, type ClockFacts } from '../hooks/use-round-clocks';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import {
  arrangeRows,
  ballotsExpected,
  OVERVIEW_FILTERS,
  OVERVIEW_SORTS,
  overviewCounts,
  overviewRound,
  overviewRow,
  publishedRounds,
  type OverviewCounts,
  type OverviewFilter,
  type OverviewSort,
} from '../overview-model';
import { liveFixtureStatus } from '../view-model';
import { StatusPill } from './fixture-tile';
import { OverviewClockCells } from './overview-clock';
import '../overview.css';

/**
 * `/worldcup/:slug/manage/overview/:roundId?`: the tab room's overview of a round (the latest
 * published one by default), for the tournament's staff. Every room in one dense table: venue,
 * teams, judges (chair first), stage and time left from the round's ONE lobby watch (as the live
 * wall), 未开始/进行中/已结束, ballots in, 待裁定 and the confirmed result from the tournament view,
 * which `tournament.watch` re-reads on every change.
 */
export function OverviewPage() {
  const { slug = '', roundId } = useParams();
  const query = useTournament(slug);
  const view = query.data;
  const round = view ? overviewRound(view, roundId) : null;
  const staff = !!view?.myRole;
  useTournamentTitle(view ? `${t.title}${round ? ` · ${round.name}` : ''} · ${view.name}` : undefined);
  if (query.isError)
    return (
      <div className="to-page to-page--message" role="alert" data-testid="to-error">
        <p>{tournamentErrorMessage(query.error)}</p>
        <Link className="btn btn--primary" to={`/worldcup/${slug}`}>
          {tournamentText.console.view}
        </Link>
      </div>
    );
  if (!view) return <div className="to-page to-page--message">{t.loading}</div>;
  if (!staff)
    return (
      <div className="to-page to-page--message">
        <p className="tm-error" role="alert" data-testid="tm-forbidden">
          {tournamentText.console.forbidden}
        </p>
        <Link className="btn btn--primary" to={`/worldcup/${view.slug}`}>
          {tournamentText.console.view}
        </Link>
      </div>
    );
  return <Overview view={view} round={round} />;
}

function Overview({ view, round }: { view: TournamentView; round: TournamentRound | null }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<OverviewFilter>('all');
  const [sort, setSort] = useState<OverviewSort>('venue');
  const lobby = round?.status === 'published' ? round.lobby : null;
  const store = useRoundClocks(lobby, lobby !== null);
  const fixtures = round?.fixtures ?? [];
  const facts = useClockFacts(
    store,
    fixtures.flatMap((fixture) => (fixture.timerId ? [fixture.timerId] : [])),
  );
  const rows = fixtures.map((fixture) => {
    const clock = (fixture.timerId && facts[fixture.timerId]?.clock) || null;
    const status = liveFixtureStatus(fixture.status, clock);
    return overviewRow(fixture, status, ballotsOpen(store, fixture.timerId, clock, status));
  });
  const counts = overviewCounts(rows);
  const shown = arrangeRows(rows, filter, sort);
  const teams = useMemo(() => new Map(view.teams.map((team) => [team.id, team.name] as const)), [view.teams]);
  const judges = useMemo(
    () => new Map(view.judges.map((judge) => [judge.id, judge.name] as const)),
    [view.judges],
  );
  const rounds = publishedRounds(view);
  return (
    <div className="to-page" data-testid="to-overview" data-count={shown.length}>
      <header className="to-head">
        <div className="to-head__titles">
          <p className="to-eyebrow">{view.name}</p>
          <h1 className="to-title">
            {t.title}
            {round && <span className="to-title__round"> · {round.name}</span>}
          </h1>
        </div>
        <nav className="to-head__links">
          <ConnectionNote store={store} />
          {lobby && round && (
            <Link className="btn btn--ghost btn--sm" to={`/worldcup/${view.slug}/live/${round.id}`}>
              {t.wall}
            </Link>
          )}
          <Link className="btn btn--ghost btn--sm" to={`/worldcup/${view.slug}/manage#tm-rounds`}>
            {t.back}
          </Link>
        </nav>
      </header>
      {rounds.length === 0 || !round ? (
        <p className="to-empty">{t.noRounds}</p>
      ) : (
        <>
          <Counts counts={counts} />
          <div className="to-controls">
            <label className="to-control">
              <span>{t.round}</span>
              <select
                className="input input--sm"
                value={round.id}
                onChange={(e) => void navigate(`/worldcup/${view.slug}/manage/overview/${e.target.value}`)}
                data-testid="to-round"
              >
                {rounds.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="to-control">
              <span>{t.filter.label}</span>
              <select
                className="input input--sm"
                value={filter}
                onChange={(e) => setFilter(e.target.value as OverviewFilter)}
                data-testid="to-filter"
              >
                {OVERVIEW_FILTERS.map((each) => (
                  <option key={each} value={each}>
                    {t.filter[each]}
                  </option>
                ))}
              </select>
            </label>
            <label className="to-control">
              <span>{t.sort.label}</span>
              <select
                className="input input--sm"
                value={sort}
                onChange={(e) => setSort(e.target.value as OverviewSort)}
                data-testid="to-sort"
              >
                {OVERVIEW_SORTS.map((each) => (
                  <option key={each} value={each}>
                    {t.sort[each]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {!lobby ? (
            <p className="to-empty">{t.notPublished}</p>
          ) : shown.length === 0 ? (
            <p className="to-empty">{t.empty}</p>
          ) : (
            <table className="to-table">
              <thead>
                <tr>
                  <th scope="col" className="to-col--venue">
                    {t.columns.venue}
                  </th>
                  <th scope="col" className="to-col--teams">
                    {t.columns.teams}
                  </th>
                  <th scope="col" className="to-col--judges">
                    {t.columns.judges}
                  </th>
                  <th scope="col" className="to-col--stage">
                    {t.columns.stage}
                  </th>
                  <th scope="col" className="to-col--time">
                    {t.columns.timeLeft}
                  </th>
                  <th scope="col" className="to-col--status">
                    {t.columns.status}
                  </th>
                  <th scope="col" className="to-col--ballots">
                    {t.columns.ballots}
                  </th>
                  <th scope="col" className="to-col--result">
                    {t.columns.result}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <Row
                    key={row.fixture.id}
                    fixture={row.fixture}
                    status={row.status}
                    missing={row.missing}
                    awaiting={row.awaiting}
                    teams={teams}
                    judges={judges}
                    store={store}
                  />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}

/** 进行中 37 · 已结束 60 · 待收评分 12 · 待裁定 3 (未开始 while any is). */
function Counts({ counts }: { counts: OverviewCounts }) {
  const parts = (['live', 'finished', 'scheduled', 'missing', 'awaiting'] as const).filter(
    (key) => key !== 'scheduled' || counts.scheduled > 0,
  );
  return (
    <p className="to-counts" data-testid="to-counts">
      {parts.map((key) => (
        <span key={key} className="to-count" data-kind={key} data-testid={`to-count-${key}`}>
          {format(t.counts[key], { n: numberFormat.format(counts[key]) })}
        </span>
      ))}
    </p>
  );
}

/**
 * One room. Memoized: a clock's second redraws only its own cells; the row redraws when the
 * tournament view (ballots, result) or its status changes.
 */
const Row = memo(function Row({
  fixture,
  status,
  missing,
  awaiting,
  teams,
  judges,
  store,
}: {
  fixture: TournamentFixture;
  status: FixtureStatus;
  missing: boolean;
  awaiting: boolean;
  teams: Map<string, string>;
  judges: Map<string, string>;
  store: LobbyStore;
}) {
  const result = fixture.result;
  const seats = bpSeatsOf(fixture);
  const [chair, ...panel] = fixture.judgeIds.map((id) => judges.get(id) ?? '');
  return (
    <tr
      data-testid="to-row"
      data-fixture-id={fixture.id}
      data-status={status}
      data-missing={missing || undefined}
    >
      <td className="to-venue">{fixture.venue || '—'}</td>
      <td className="to-teams">
        {seats ? (
          <div className="to-teams__pair" data-bp="true">
            {seats.map((seat) => (
              <span
                key={seat.position}
                className="to-team"
                data-side={seat.position === 'og' || seat.position === 'cg' ? 'aff' : 'neg'}
                data-testid="to-bp-seat"
              >
                {`${seat.label} ${teamName(teams, seat.teamId)}`}
                {seat.place !== null && <span className="to-place">{` · ${seat.place}`}</span>}
              </span>
            ))}
          </div>
        ) : (
          <div className="to-teams__pair">
            <span className="to-team" data-side="aff">
              {teamName(teams, fixture.affTeamId)}
            </span>
            <span className="to-team" data-side="neg">
              {teamName(teams, fixture.negTeamId)}
            </span>
          </div>
        )}
      </td>
      <td className="to-judges" title={[chair, ...panel].join('、')}>
        {chair === undefined ? (
          <span className="to-muted">{t.noJudges}</span>
        ) : (
          <>
            <strong className="to-chair" title={t.chair}>
              {chair}
            </strong>
            {panel.length > 0 && `、${panel.join('、')}`}
          </>
        )}
      </td>
      <OverviewClockCells store={store} timerId={fixture.timerId} />
      <td className="to-status-cell">
        <span data-testid="to-status">
          <StatusPill status={status} />
        </span>
      </td>
      <td className="to-ballots" data-testid="to-ballots" data-missing={missing || undefined}>
        {fixture.judgeIds.length > 0
          ? format(t.ballots, { n: fixture.ballotsIn, total: ballotsExpected(fixture) })
          : '—'}
        {awaiting && (
          <span className="to-flag" data-testid="to-awaiting">
            {t.awaiting}
          </span>
        )}
      </td>
      <td className="to-result" data-testid="to-result">
        {result && seats
          ? bpOrderLabels(seats)
          : result
            ? format(t.winner, {
                side: t.sideName[result.winner],
                aff: result.votes.aff,
                neg: result.votes.neg,
              })
            : '—'}
        {result && !result.confirmed && <span className="to-flag">{t.pending}</span>}
      </td>
    </tr>
  );
});

/**
 * Whether a room takes ballots, as the hub decides it (`ballotTooEarly`): its clock at the stage
 * after the last speech or later, or the match over. The stages come from the clock's format in
 * the lobby store; `clock` (its status and stage, from the facts) says when to look again.
 */
function ballotsOpen(
  store: LobbyStore,
  timerId: string | null,
  clock: ClockFacts['clock'],
  status: FixtureStatus,
): boolean {
  const stages = timerId ? store.getState().matches[timerId]?.getState().state?.format.stages : undefined;
  if (!clock || !stages) return status === 'finished';
  return ballotTooEarly({ ...clock, stages }) === null;
}

/** A ranked BP room's order by position: "CG > OG > OO > CO"; '—' until ranked. */
function bpOrderLabels(seats: readonly BpSeat[]): string {
  if (seats.some((seat) => seat.place === null)) return '—';
  return [...seats]
    .sort((x, y) => x.place! - y.place!)
    .map((seat) => seat.label)
    .join(' > ');
}

function teamName(teams: Map<string, string>, id: string | null | undefined): string {
  return (id && teams.get(id)) || tournamentText.fixtures.tbd;
}

/** 连接已断开 while the socket is down (the clocks keep counting from their last state). */
function ConnectionNote({ store }: { store: LobbyStore }) {
  const client = useTRPCClient();
  const status = useStore(runtimeFor(client).connection, (s) => s.status);
  const error = useStore(store, (s) => s.error);
  if (!error && status !== 'offline' && status !== 'reconnecting') return null;
  return (
    <span className="to-offline" role={error ? 'alert' : 'status'}>
      {error ? error.message : t.offline}
    </span>
  );
}
