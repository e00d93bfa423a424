import type { TournamentSummary } from '@bianshi/shared';
import { Link } from 'react-router';
import { format, messages } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useAccount, useTournamentList } from '../api/tournament-queries';
import { isPast, todayOf } from '../view-model';
import '../tournament.css';

const t = tournamentText;

/** `/worldcup`: current and past public tournaments, the caller's own, and a create button. */
export function TournamentsPage() {
  const account = useAccount();
  const signedIn = !!account.data;
  const list = useTournamentList('public');
  const mine = useTournamentList('mine', signedIn);
  const today = todayOf(new Date());
  const all = list.data ?? [];
  // Over: its champion decided, or its last day gone.
  const over = (item: TournamentSummary) => item.finished || isPast(item, today);
  const current = all.filter((item) => !over(item));
  const past = all.filter(over);
  return (
    <div className="tm-page">
      <header className="tm-head">
        <div>
          <h1 className="tm-title">{t.index.title}</h1>
          <p className="tm-lead">{t.index.lead}</p>
        </div>
        <div className="tm-head__actions">
          {signedIn ? (
            <Link className="btn btn--primary" to="/worldcup/new" data-testid="tm-create">
              {t.index.create}
            </Link>
          ) : (
            <Link
              className="btn btn--primary"
              to={`/auth/login?redirect=${encodeURIComponent('/worldcup/new')}`}
              title={t.index.signInToCreate}
            >
              {t.index.create}
            </Link>
          )}
          {/* The import page asks a visitor to sign in itself, and comes back after. */}
          <Link className="btn btn--ghost" to="/worldcup/new/tabbycat" data-testid="tm-import-tabbycat">
            {messages.routes.titles.worldcupTabbycat}
          </Link>
        </div>
      </header>
      {signedIn && (
        <TournamentSection
          title={t.index.mine}
          items={mine.data ?? []}
          empty={t.index.mineEmpty}
          loading={mine.isPending}
          testId="tm-list-mine"
        />
      )}
      {list.isError ? <p className="tm-error">{t.index.loadFailed}</p> : null}
      <TournamentSection
        title={t.index.current}
        items={current}
        empty={t.index.empty}
        loading={list.isPending}
        testId="tm-list-current"
      />
      {past.length > 0 && (
        <TournamentSection title={t.index.past} items={past} empty="" loading={false} testId="tm-list-past" />
      )}
    </div>
  );
}

function TournamentSection({
  title,
  items,
  empty,
  loading,
  testId,
}: {
  title: string;
  items: TournamentSummary[];
  empty: string;
  loading: boolean;
  testId: string;
}) {
  return (
    <section className="tm-section" aria-label={title}>
      <h2 className="tm-subtitle">{title}</h2>
      {!loading && items.length === 0 ? <p className="tm-empty">{empty}</p> : null}
      <ul className="tm-cards" data-testid={testId}>
        {items.map((item) => (
          <li key={item.id}>
            <TournamentCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TournamentCard({ item }: { item: TournamentSummary }) {
  const dates = item.startDate
    ? format(t.page.dates, { from: item.startDate, to: item.endDate ?? item.startDate })
    : null;
  return (
    <Link className="tm-card" to={`/worldcup/${item.slug}`}>
      <span className="tm-card__name">{item.name}</span>
      <span className="tm-muted">
        {[item.season && format(t.page.season, { season: item.season }), dates].filter(Boolean).join(' · ')}
      </span>
      <span className="tm-card__meta">
        <span>{format(t.index.teams, { n: item.teamCount })}</span>
        {item.liveFixtures > 0 && (
          <span className="tm-live-pill">
            <span className="tm-live-dot" aria-hidden="true" />
            {format(t.index.liveNow, { n: item.liveFixtures })}
          </span>
        )}
        {item.finished && (
          <span className="tm-chip" data-testid="tm-card-finished">
            {t.phase.finished}
          </span>
        )}
        {item.visibility !== 'public' && <span className="tm-chip">{t.visibility[item.visibility]}</span>}
      </span>
    </Link>
  );
}
