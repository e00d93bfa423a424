import { isBpRoom, type TournamentFixture, type TournamentRound, type TournamentView } from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format, messages } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { allocation as allocationText } from '../../../i18n/zh-CN/tournament-allocation';
import { swiss } from '../../../i18n/zh-CN/tournament-swiss';
import { useTRPC } from '../../../lib/api/trpc';
import type { TournamentActions } from '../api/use-tournament-actions';
import { formatClockTime } from '../format';
import { bpOrderText, teamNameOf, teamsById } from '../view-model';
import { BpResultEditor } from './bp-result-editor';
import { BpSeats } from './bp-seats';
import { FixtureBallotsDialog } from './fixture-ballots';
import { AllocationPanel } from './allocation-lazy';
import { StatusPill } from './fixture-tile';
import { RoundCheckIn } from './manage-round-checkin';
import { RoundMotions } from './manage-round-motions';
import { drawnOnItsOwn, RoundDrawControl } from './manage-round-draw';
import { ResultEditor } from './result-editor';
import type { SectionProps } from './manage-page';

const t = tournamentText.rounds;
const tf = tournamentText.fixtures;

/** Rounds: assign judges, publish (timers and a lobby), topics, and each fixture's ballots and result. */
export function RoundsSection({ view, actions, canPublish }: SectionProps & { canPublish: boolean }) {
  const stages = new Map(view.stages.map((stage) => [stage.id, stage] as const));
  const rounds = [...view.rounds].sort(
    (a, b) =>
      (stages.get(a.stageId)?.position ?? 0) - (stages.get(b.stageId)?.position ?? 0) || a.number - b.number,
  );
  if (rounds.length === 0) return <p className="tm-empty">{t.noRounds}</p>;
  return (
    <div className="tm-stack">
      {rounds.map((round) => (
        <RoundCard
          key={round.id}
          view={view}
          round={round}
          stageName={stages.get(round.stageId)?.name ?? ''}
          actions={actions}
          canPublish={canPublish}
        />
      ))}
    </div>
  );
}

function RoundCard({
  view,
  round,
  stageName,
  actions,
  canPublish,
}: {
  view: TournamentView;
  round: TournamentRound;
  stageName: string;
  actions: TournamentActions;
  canPublish: boolean;
}) {
  const [ballotsOf, setBallotsOf] = useState<string | null>(null);
  const [allocating, setAllocating] = useState(false);
  const published = round.status === 'published';
  const done =
    published && round.fixtures.length > 0 && round.fixtures.every((fixture) => fixture.result?.confirmed);
  const shortfalls = (list: { reason: string }[]) => {
    if (list.length > 0)
      toast.warning(format(t.conflicts, { list: list.map((item) => item.reason).join('；') }));
  };
  const confirm = useConfirm();
  const publish = async () => {
    if (
      !(await confirm.ask({ title: t.publishConfirm, body: t.publishConfirmBody, confirmLabel: t.publish }))
    )
      return;
    actions.publishRound.mutate(
      { tournamentId: view.id, roundId: round.id },
      {
        onSuccess: (result) => {
          toast.success(format(t.published, { n: result.timerIds.length }));
          if (result.mailed > 0) toast.success(format(t.mailed, { n: result.mailed }));
          else toast.info(t.notMailed);
          shortfalls(result.shortfalls);
        },
      },
    );
  };
  return (
    <article
      className="tm-round-card"
      data-testid="tm-round-card"
      data-round-id={round.id}
      data-status={round.status}
    >
      {confirm.dialog}
      <header className="tm-round__head">
        <h3 className="tm-round__title">
          {stageName && !round.name.includes(stageName) && <span className="tm-muted">{stageName} · </span>}
          {round.name}
          <span className="tm-chip">{done ? t.done : published ? t.live : t.draft}</span>
        </h3>
        <div className="tm-row">
          {!published && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={actions.assignJudges.isPending}
              onClick={() =>
                actions.assignJudges.mutate(
                  { tournamentId: view.id, roundId: round.id },
                  { onSuccess: (result) => (toast.success(t.judgesAssigned), shortfalls(result.shortfalls)) },
                )
              }
            >
              {t.assignJudges}
            </button>
          )}
          {!published && round.fixtures.length > 0 && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-expanded={allocating}
              onClick={() => setAllocating(!allocating)}
              data-testid="tm-alloc-open"
            >
              {allocating ? allocationText.close : allocationText.open}
            </button>
          )}
          {!published && canPublish && (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={actions.publishRound.isPending}
              onClick={() => void publish()}
              data-testid="tm-publish-round"
            >
              {actions.publishRound.isPending ? t.publishing : t.publish}
            </button>
          )}
          {published && round.lobby && (
            <>
              <Link
                className="btn btn--secondary btn--sm"
                to={`/worldcup/${view.slug}/live/${round.id}`}
                data-testid="tm-round-wall"
              >
                {t.wall}
              </Link>
              <Link className="btn btn--ghost btn--sm" to={`/lobby/${round.lobby.id}`}>
                {t.lobby}
              </Link>
              <Link
                className="btn btn--ghost btn--sm"
                to={`/worldcup/${view.slug}/manage/overview/${round.id}`}
                data-testid="tm-round-overview"
              >
                {messages.routes.titles.worldcupOverview}
              </Link>
            </>
          )}
        </div>
      </header>
      {canPublish && !published && <RoundCheckIn view={view} round={round} actions={actions} />}
      {allocating && !published && <AllocationPanel view={view} round={round} />}
      {canPublish && drawnOnItsOwn(round) && <RoundDrawControl view={view} round={round} actions={actions} />}
      {canPublish && <RoundMotions view={view} round={round} actions={actions} />}
      {canPublish && round.motions.length === 0 && (
        <TopicControl view={view} round={round} actions={actions} />
      )}
      <div className="tm-table-scroll">
        <table className="tm-table tm-table--fixtures">
          <thead>
            <tr>
              <th scope="col">{t.matchup}</th>
              <th scope="col">{t.venue}</th>
              <th scope="col">{t.judges}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.result}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {round.fixtures.map((fixture) => (
              <FixtureRow
                key={fixture.id}
                view={view}
                fixture={fixture}
                published={published}
                actions={actions}
                canPublish={canPublish}
                onBallots={() => setBallotsOf(fixture.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <FixtureBallotsDialog
        view={view}
        fixture={round.fixtures.find((fixture) => fixture.id === ballotsOf) ?? null}
        onClose={() => setBallotsOf(null)}
      />
    </article>
  );
}

/** 上调 beside a team pulled up into a power-paired room. */
function PulledUp({ fixture, teamId }: { fixture: TournamentFixture; teamId: string | null }) {
  if (!teamId || !fixture.pullups.includes(teamId)) return null;
  return (
    <span className="tm-chip" data-testid="tm-pulled-up">
      {swiss.roundDraw.pulledUp}
    </span>
  );
}

function FixtureRow({
  view,
  fixture,
  published,
  actions,
  canPublish,
  onBallots,
}: {
  view: TournamentView;
  fixture: TournamentFixture;
  published: boolean;
  actions: TournamentActions;
  canPublish: boolean;
  onBallots: () => void;
}) {
  const teams = teamsById(view);
  const judges = new Map(view.judges.map((judge) => [judge.id, judge.name] as const));
  const [editing, setEditing] = useState(false);
  const result = fixture.result;
  const tally = fixture.ballotTally;
  // A BP room: four seats, the chair's one ranking ballot (no 票型); corrected by places, not a winner.
  const bp = isBpRoom(fixture);
  const swap = () =>
    fixture.affTeamId &&
    fixture.negTeamId &&
    actions.updateFixture.mutate({
      tournamentId: view.id,
      fixtureId: fixture.id,
      patch: { sides: { aff: fixture.negTeamId, neg: fixture.affTeamId } },
    });
  return (
    <tr data-testid="tm-fixture-row" data-fixture-id={fixture.id} data-status={fixture.status}>
      <td className="tm-table__name">
        {bp ? (
          <BpSeats fixture={fixture} teams={teams} places={false} className="tm-bp-seats--compact" />
        ) : (
          <>
            <span className="tm-side" data-side="aff">
              {tf.aff}
            </span>{' '}
            {teamNameOf(teams, fixture.affTeamId)}
            <PulledUp fixture={fixture} teamId={fixture.affTeamId} />
            <br />
            <span className="tm-side" data-side="neg">
              {tf.neg}
            </span>{' '}
            {teamNameOf(teams, fixture.negTeamId)}
            <PulledUp fixture={fixture} teamId={fixture.negTeamId} />
          </>
        )}
        {fixture.bracket !== null && (
          <div className="tm-muted tm-small" data-testid="tm-fixture-bracket">
            {format(swiss.roundDraw.bracket, { n: fixture.bracket })}
          </div>
        )}
      </td>
      <td>
        {!published && canPublish && view.venues.length > 0 ? (
          <select
            className="input tm-input--sm"
            value={fixture.venue}
            aria-label={t.venue}
            onChange={(e) =>
              actions.updateFixture.mutate({
                tournamentId: view.id,
                fixtureId: fixture.id,
                patch: { venue: e.target.value },
              })
            }
          >
            <option value="">—</option>
            {view.venues.map((venue) => (
              <option key={venue} value={venue}>
                {venue}
              </option>
            ))}
          </select>
        ) : (
          fixture.venue || '—'
        )}
      </td>
      <td className="tm-table__wrap">
        {fixture.judgeIds.length > 0 ? (
          fixture.judgeIds.map((id) => judges.get(id) ?? '').join('、')
        ) : (
          <span className="tm-muted">{tf.noJudges}</span>
        )}
        {fixture.traineeIds.length > 0 && (
          <div className="tm-muted tm-small" data-testid="tm-fixture-trainees">
            {format(allocationText.traineesLine, {
              list: fixture.traineeIds.map((id) => judges.get(id) ?? '').join('、'),
            })}
          </div>
        )}
      </td>
      <td>
        <StatusPill status={fixture.status} />
        {published && (
          <div className="tm-muted tm-small" data-testid="tm-fixture-ballots-in">
            {format(t.ballots, {
              n: fixture.ballotsIn,
              total: bp ? Math.min(1, fixture.judgeIds.length) : fixture.judgeIds.length,
            })}
            {tally && !bp && ` · ${format(t.ballotVotes, { aff: tally.votes.aff, neg: tally.votes.neg })}`}
          </div>
        )}
        {tally?.castingVote && (
          <span className="tm-chip" data-testid="tm-casting-vote" title={allocationText.castingVoteHint}>
            {allocationText.castingVote}
          </span>
        )}
        {tally?.awaitingDecision && (
          <span
            className="tm-chip tm-chip--warn"
            data-testid="tm-awaiting-decision"
            title={tally.winner ? t.awaitingMajority : t.awaitingSplit}
          >
            {t.awaiting}
          </span>
        )}
      </td>
      <td>
        {result && bp ? (
          <span data-testid="tm-fixture-result">{bpOrderText(fixture, teams)}</span>
        ) : result ? (
          <span data-testid="tm-fixture-result">
            {`${result.winner === 'aff' ? tf.aff : tf.neg}${tf.winner} ${result.votes.aff}:${result.votes.neg}`}
            {!result.confirmed && <span className="tm-chip tm-chip--warn">{tf.pending}</span>}
          </span>
        ) : (
          '—'
        )}
        {editing &&
          (bp ? (
            <BpResultEditor
              view={view}
              fixture={fixture}
              actions={actions}
              onDone={() => setEditing(false)}
            />
          ) : (
            <ResultEditor view={view} fixture={fixture} actions={actions} onDone={() => setEditing(false)} />
          ))}
      </td>
      <td>
        <div className="tm-row">
          {!published && canPublish && !bp && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={swap}>
              {t.swapSides}
            </button>
          )}
          {fixture.timerShortid && (
            <Link
              className="btn btn--ghost btn--sm"
              to={`/timer/manage/${fixture.timerShortid}`}
              data-testid="tm-fixture-console"
            >
              {t.console}
            </Link>
          )}
          {published && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={onBallots}
              data-testid="tm-open-ballots"
            >
              {tournamentText.history.open}
            </button>
          )}
          {canPublish &&
            !bp &&
            !editing &&
            !result?.confirmed &&
            (tally?.awaitingDecision || (result && !result.confirmed)) && (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                // A majority confirms as the ballots say; a split (no majority) opens the editor to decide.
                onClick={() =>
                  tally && !tally.winner
                    ? setEditing(true)
                    : actions.confirmResult.mutate(
                        { tournamentId: view.id, fixtureId: fixture.id },
                        { onSuccess: () => void toast.success(t.confirmed) },
                      )
                }
                data-testid="tm-confirm-result"
              >
                {t.confirm}
              </button>
            )}
          {canPublish && published && !editing && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => setEditing(true)}
              data-testid="tm-edit-result"
            >
              {result ? t.editResult : t.enterResult}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** The round's topic from the topic library, and releasing it (now) to the page and every timer. */
function TopicControl({
  view,
  round,
  actions,
}: {
  view: TournamentView;
  round: TournamentRound;
  actions: TournamentActions;
}) {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [releaseAt, setReleaseAt] = useState('');
  const deferred = useDeferredValue(q.trim());
  const topics = useQuery({
    ...trpc.library.topics.search.queryOptions({ q: deferred, limit: 8 }),
    enabled: deferred.length > 0,
  });
  // The round's own topic from the library (a round with motions shows them in 本轮辩题 instead).
  const first = round.fixtures[0]?.topic;
  const current = first?.topicId ? first : null;
  const released = round.fixtures.length > 0 && round.fixtures.every((fixture) => fixture.topic.released);
  return (
    <div className="tm-topic-control">
      <p className="tm-small">
        <span className="tm-muted">{t.topic}：</span>
        {current?.text ?? <span className="tm-muted">{t.noTopic}</span>}
        {current?.text && (
          <span className="tm-chip">
            {released
              ? t.topicReleased
              : current.releaseAt
                ? format(t.releasesAt, { time: formatClockTime(current.releaseAt) })
                : t.topicHidden}
          </span>
        )}
      </p>
      <div className="tm-row">
        <input
          className="input tm-input--sm"
          type="search"
          value={q}
          placeholder={t.topicFromLibrary}
          aria-label={t.topicFromLibrary}
          onChange={(e) => setQ(e.target.value)}
        />
        <label className="tm-row tm-small">
          <span className="tm-muted">{t.releaseAt}</span>
          <input
            className="input tm-input--sm"
            type="datetime-local"
            value={releaseAt}
            onChange={(e) => setReleaseAt(e.target.value)}
          />
        </label>
        {current?.text && !released && round.status === 'published' && (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() =>
              actions.releaseTopic.mutate(
                { tournamentId: view.id, roundId: round.id },
                { onSuccess: () => void toast.success(t.released) },
              )
            }
          >
            {t.releaseTopic}
          </button>
        )}
      </div>
      {deferred && (
        <ul className="tm-pick-list">
          {(topics.data ?? []).map((topic) => (
            <li key={topic.id}>
              <span>{topic.text}</span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() =>
                  actions.setTopic.mutate(
                    // A set time releases the topic then (shown with its time until); empty: on 公布辩题.
                    {
                      tournamentId: view.id,
                      roundId: round.id,
                      topicId: topic.id,
                      releaseAt: releaseAt ? new Date(releaseAt).getTime() : null,
                    },
                    { onSuccess: () => setQ('') },
                  )
                }
              >
                {t.useTopic}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
