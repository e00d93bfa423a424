import {
  BP_POSITION_IDS,
  BP_POSITION_LABELS,
  bpTeamTotal,
  type BpRanking,
  type BpScores,
  type TournamentFixture,
  type TournamentTeam,
  type TournamentView,
} from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/dialog';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tournamentBp } from '../../../i18n/zh-CN/tournament-bp';
import { useTRPC } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { formatDateTime } from '../format';
import {
  bestDebaterText,
  historyAuthor,
  historyChange,
  resultText,
  scoresText,
  votedForText,
  type FixtureTeams,
} from '../result-history';
import { bpOrderText, teamNameOf, teamsById } from '../view-model';
import '../history.css';

const t = tournamentText.history;

/**
 * A fixture's ballots (each judge's winner, best debater, speaker scores, comment, time) and its
 * result history (who, when, what), for staff. Read when opened; re-read on every change.
 */
export function FixtureBallotsDialog({
  view,
  fixture,
  onClose,
}: {
  view: TournamentView;
  fixture: TournamentFixture | null;
  onClose: () => void;
}) {
  const teams = teamsById(view);
  const aff = teamNameOf(teams, fixture?.affTeamId ?? null);
  const neg = teamNameOf(teams, fixture?.negTeamId ?? null);
  return (
    <Dialog
      open={fixture !== null}
      title={fixture ? format(t.title, { aff, neg }) : ''}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--primary btn--sm" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      {fixture && (
        <FixtureBallots
          view={view}
          fixture={fixture}
          teams={{ aff: teams.get(fixture.affTeamId ?? ''), neg: teams.get(fixture.negTeamId ?? '') }}
          byId={teams}
        />
      )}
    </Dialog>
  );
}

/** A BP ranking with the teams' names, first to fourth: "CG 丙队 > OG 甲队 > …". */
function rankingText(
  fixture: TournamentFixture,
  ranking: BpRanking,
  byId: Map<string, TournamentTeam>,
): string {
  return bpOrderText({ ...fixture, result: { ranking } }, byId);
}

function FixtureBallots({
  view,
  fixture,
  teams,
  byId,
}: {
  view: TournamentView;
  fixture: TournamentFixture;
  teams: FixtureTeams;
  byId: Map<string, TournamentTeam>;
}) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.tournament.ballots.queryOptions({ tournamentId: view.id, fixtureId: fixture.id }),
    retry: false,
  });
  if (query.isError)
    return (
      <p className="tm-error" role="alert">
        {format(t.loadFailed, { message: tournamentErrorMessage(query.error) })}
      </p>
    );
  if (!query.data) return <p className="tm-muted">{t.loading}</p>;
  const { ballots, history } = query.data;
  return (
    <div className="tm-history" data-testid="tm-fixture-ballots">
      <p className="tm-small tm-muted">
        {format(t.received, { n: ballots.length, total: fixture.judgeIds.length })}
        {fixture.result && (
          <>
            {' · '}
            {format(t.current, {
              result: fixture.result.ranking
                ? rankingText(fixture, fixture.result.ranking, byId)
                : resultText(fixture.result),
            })}
            {!fixture.result.confirmed && (
              <span className="tm-chip tm-chip--warn">{tournamentText.fixtures.pending}</span>
            )}
          </>
        )}
      </p>
      <h3 className="tm-history__title">{t.ballots}</h3>
      {ballots.length === 0 ? (
        <p className="tm-muted tm-small">{t.noBallots}</p>
      ) : (
        <ul className="tm-history__list">
          {ballots.map((ballot) => (
            <li key={ballot.judgeId} className="tm-history__item" data-testid="tm-ballot">
              <div className="tm-history__line">
                <strong>{ballot.judgeName}</strong>
                {ballot.bp ? (
                  <span className="tm-history__vote" data-testid="tm-ballot-ranking">
                    {format(tournamentBp.ranking, { order: rankingText(fixture, ballot.bp.ranking, byId) })}
                  </span>
                ) : (
                  <span className="tm-history__vote" data-side={ballot.winner}>
                    {votedForText(ballot, teams)}
                  </span>
                )}
              </div>
              {ballot.bp && <BpScoresLine scores={ballot.bp.scores} />}
              {ballot.bestDebater && (
                <div className="tm-small">
                  {format(t.bestDebater, { name: bestDebaterText(ballot.bestDebater, teams) })}
                </div>
              )}
              {ballot.bp ? null : ballot.speakerScores ? (
                <div className="tm-small tm-history__scores">
                  <span>{scoresText('aff', ballot.speakerScores.aff)}</span>
                  <span>{scoresText('neg', ballot.speakerScores.neg)}</span>
                </div>
              ) : (
                <div className="tm-small tm-muted">{t.noScores}</div>
              )}
              {ballot.comment && (
                <div className="tm-small tm-history__comment">
                  {format(t.comment, { text: ballot.comment })}
                </div>
              )}
              <time className="tm-small tm-muted" dateTime={new Date(ballot.submittedAt).toISOString()}>
                {format(t.submittedAt, { time: formatDateTime(ballot.submittedAt) })}
              </time>
            </li>
          ))}
        </ul>
      )}
      <h3 className="tm-history__title">{t.log}</h3>
      {history.length === 0 ? (
        <p className="tm-muted tm-small">{t.noHistory}</p>
      ) : (
        <ol className="tm-history__list tm-history__log">
          {history.map((entry, index) => (
            <li
              key={`${entry.at}-${index}`}
              className="tm-history__item"
              data-testid="tm-history-entry"
              data-action={entry.action}
            >
              <div className="tm-history__line">
                <strong>{t.action[entry.action]}</strong>
                <span className="tm-muted tm-small">
                  {historyAuthor(entry)} ·{' '}
                  <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
                </span>
              </div>
              <div className="tm-small">
                {entry.after.ranking
                  ? format(tournamentBp.ranking, { order: rankingText(fixture, entry.after.ranking, byId) })
                  : historyChange(entry, teams)}
              </div>
              {entry.note && <div className="tm-small tm-muted">{format(t.note, { text: entry.note })}</div>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A BP ballot's speaker scores: "OG 76 + 75 = 151 · OO …". */
function BpScoresLine({ scores }: { scores: BpScores }) {
  return (
    <div className="tm-small tm-history__scores">
      {BP_POSITION_IDS.map((position) => (
        <span key={position}>
          {`${BP_POSITION_LABELS[position]} ${scores[position].join(' + ')} = ${bpTeamTotal(scores, position)}`}
        </span>
      ))}
    </div>
  );
}
