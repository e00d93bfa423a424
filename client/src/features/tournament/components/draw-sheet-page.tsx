import { BP_POSITION_IDS, BP_POSITION_LABELS, tournamentRoleAtLeast } from '@bianshi/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useTournament } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { formatClockTime } from '../format';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import { bpOrderText, teamNameOf, teamsById } from '../view-model';
import { JudgeLinksSheet } from './judge-links-sheet';
import '../print.css';

const t = tournamentText;

/** `/worldcup/:slug/print`: the draw sheet — pools and every round's fixtures — laid out for A4 paper. */
export function DrawSheetPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const judgeSheet = params.get('sheet') === 'judges';
  const query = useTournament(slug);
  const view = query.data;
  useTournamentTitle(view ? `${judgeSheet ? t.judgeLinks.title : t.print.title} · ${view.name}` : undefined);
  if (query.isError)
    return (
      <p className="tp-message" role="alert">
        {tournamentErrorMessage(query.error)}
      </p>
    );
  if (!view) return <p className="tp-message">{t.page.loading}</p>;
  if (judgeSheet)
    return tournamentRoleAtLeast(view.myRole, 'judgeCoordinator') ? (
      <JudgeLinksSheet view={view} />
    ) : (
      <p className="tp-message" role="alert">
        {t.judgeLinks.forbidden}
      </p>
    );
  const teams = teamsById(view);
  const bp = view.teamsPerRoom === 4;
  const judges = new Map(view.judges.map((judge) => [judge.id, judge.name] as const));
  const group = view.stages.find((stage) => stage.kind === 'group');
  const stages = new Map(view.stages.map((stage) => [stage.id, stage.name] as const));
  return (
    <div className="tp-sheet" data-testid="tm-draw-sheet">
      <div className="tp-toolbar">
        <Link className="btn btn--ghost btn--sm" to={`/worldcup/${view.slug}`}>
          ← {t.wall.back}
        </Link>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => window.print()}>
          {t.print.print}
        </button>
      </div>
      <header className="tp-head">
        <h1>{view.name}</h1>
        <p>
          {[view.season && format(t.page.season, { season: view.season }), t.print.title]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {group?.draw && (
          <p className="tp-seed">
            {format(t.print.seed, { seed: group.draw.seed, at: formatClockTime(group.draw.at) })}
          </p>
        )}
      </header>
      {group && group.pools.length > 0 && (
        <section className="tp-pools">
          {group.pools.map((pool) => (
            <div key={pool.id} className="tp-pool">
              <h2>{pool.name}</h2>
              <ol>
                {pool.teamIds.map((id) => (
                  <li key={id}>
                    {teams.get(id)?.name}
                    {teams.get(id)?.school && teams.get(id)?.school !== teams.get(id)?.name && (
                      <span className="tp-muted"> · {teams.get(id)?.school}</span>
                    )}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </section>
      )}
      {view.rounds.map((round) => (
        <section key={round.id} className="tp-round">
          <h2>
            {round.name.includes(stages.get(round.stageId) ?? '')
              ? round.name
              : `${stages.get(round.stageId)} · ${round.name}`}
          </h2>
          <table>
            <thead>
              <tr>
                {bp ? (
                  BP_POSITION_IDS.map((position) => <th key={position}>{BP_POSITION_LABELS[position]}</th>)
                ) : (
                  <>
                    <th>{t.fixtures.aff}</th>
                    <th>{t.fixtures.neg}</th>
                  </>
                )}
                <th>{t.rounds.venue}</th>
                <th>{t.rounds.judges}</th>
                <th>{t.print.time}</th>
                <th>{t.rounds.result}</th>
              </tr>
            </thead>
            <tbody>
              {round.fixtures.map((fixture) => (
                <tr key={fixture.id}>
                  <td>{teamNameOf(teams, fixture.affTeamId)}</td>
                  <td>{teamNameOf(teams, fixture.negTeamId)}</td>
                  {bp && <td>{teamNameOf(teams, fixture.cgTeamId ?? null)}</td>}
                  {bp && <td>{teamNameOf(teams, fixture.coTeamId ?? null)}</td>}
                  <td>{fixture.venue}</td>
                  <td>{fixture.judgeIds.map((id) => judges.get(id) ?? '').join('、')}</td>
                  <td>{fixture.startsAt ? formatClockTime(fixture.startsAt) : ''}</td>
                  <td>
                    {fixture.result?.confirmed && bp
                      ? bpOrderText(fixture, teams)
                      : fixture.result?.confirmed
                        ? `${fixture.result.winner === 'aff' ? t.fixtures.aff : t.fixtures.neg}${t.fixtures.winner} ${fixture.result.votes.aff}:${fixture.result.votes.neg}`
                        : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
