import type { BallotInput, BallotPage as BallotPageData, SideId } from '@bianshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useTRPC } from '../../../lib/api/trpc';
import { tournamentErrorMessage } from '../api/tournament-errors';
import type { OutboxState, PendingBallot } from '../ballot-outbox';
import { checkScores, speakerScoresOf } from '../ballot-scores';
import { formatShortTime, speakerNumeral } from '../format';
import { useBallotOutbox } from '../hooks/use-ballot-outbox';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import { BallotConfirm } from './ballot-confirm';
import { BpBallotForm, bpRankingLine } from './bp-ballot-form';
import '../ballot.css';

const t = tournamentText.ballot;
type Entry = BallotPageData['fixtures'][number];

/**
 * `/worldcup/ballot/:token`: a judge's ballot on a phone, from the private link. Big touch
 * targets; a ballot is stored on the phone before it is sent and retried with the same
 * submission id until the hub answers (never counted twice); a confirmation screen after; the
 * hub's refusals (confirmed fixture, revoked link) in Chinese.
 */
export function BallotPage() {
  const { token = '' } = useParams();
  // One outbox per link: another link on the same page starts fresh.
  return <BallotScreen key={token} token={token} />;
}

/** How often a judge's page looks again while a match is still in its speeches. */
const EARLY_RECHECK_MS = 5_000;

function BallotScreen({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const page = useQuery({
    ...trpc.tournament.ballot.queryOptions({ token }),
    // A match still in its speeches opens for ballots when its chair moves on: look again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.fixtures.some((entry) => !entry.open && !entry.fixture.result?.confirmed)
        ? EARLY_RECHECK_MS
        : false,
  });
  const { outbox, state } = useBallotOutbox(token);
  const [chosen, setChosen] = useState<string | null>(null);
  useTournamentTitle(page.data ? `${t.title} · ${page.data.tournament.name}` : undefined);

  // Once a ballot is answered, re-read the page (the fixture now shows this judge's ballot).
  const answered = Object.keys(state.outcomes).length;
  useEffect(() => {
    if (answered > 0)
      void queryClient.invalidateQueries({ queryKey: trpc.tournament.ballot.queryKey({ token }) });
  }, [answered, queryClient, trpc, token]);

  if (page.isError && !page.data) {
    return (
      <div className="tb-page">
        <section className="tb-card tb-card--refused" role="alert" data-testid="tb-refused">
          <h1 className="tb-title">{t.refusedTitle}</h1>
          <p>{tournamentErrorMessage(page.error)}</p>
        </section>
      </div>
    );
  }
  if (!page.data) return <p className="tb-loading">{t.loading}</p>;

  const data = page.data;
  const fixtures = data.fixtures;
  const current =
    fixtures.find((entry) => entry.fixture.id === chosen) ??
    fixtures.find((entry) => entry.open && !entry.myBallot) ??
    fixtures[0] ??
    null;
  return (
    <div className="tb-page" data-testid="tb-page">
      <header className="tb-head">
        <p className="tb-tournament">{data.tournament.name}</p>
        <h1 className="tb-title">{t.title}</h1>
        <p className="tb-muted">{format(t.judge, { name: data.judge.name })}</p>
      </header>
      {fixtures.length > 1 && (
        <nav className="tb-fixtures" aria-label={t.choose}>
          {fixtures.map((entry) => (
            <button
              key={entry.fixture.id}
              type="button"
              className="tb-fixture-pick"
              aria-pressed={entry === current}
              onClick={() => setChosen(entry.fixture.id)}
            >
              <span>{entry.roundName}</span>
              <span className="tb-muted">
                {entry.bp
                  ? [entry.aff, entry.neg, entry.bp.cg, entry.bp.co]
                      .map((team) => team?.name ?? t.tbd)
                      .join(' / ')
                  : `${entry.aff?.name ?? t.aff} vs ${entry.neg?.name ?? t.neg}`}
              </span>
              {entry.myBallot && <span className="tb-done">✓</span>}
            </button>
          ))}
        </nav>
      )}
      {!current ? (
        <p className="tb-card tb-muted">{t.noFixture}</p>
      ) : (
        <FixtureBallot
          key={current.fixture.id}
          entry={current}
          state={state}
          onSubmit={(ballot) => outbox.enqueue(current.fixture.id, ballot)}
          onRetry={() => void outbox.flush()}
          onNext={
            fixtures.some((entry) => entry !== current && entry.open && !entry.myBallot)
              ? () =>
                  setChosen(
                    fixtures.find((entry) => entry !== current && entry.open && !entry.myBallot)!.fixture.id,
                  )
              : null
          }
        />
      )}
    </div>
  );
}

function FixtureBallot({
  entry,
  state,
  onSubmit,
  onRetry,
  onNext,
}: {
  entry: Entry;
  state: OutboxState;
  onSubmit: (ballot: BallotInput) => void;
  onRetry: () => void;
  onNext: (() => void) | null;
}) {
  const pending = state.pending.find((p) => p.fixtureId === entry.fixture.id) ?? null;
  const outcome = state.outcomes[entry.fixture.id] ?? null;
  const venue = entry.fixture.venue;
  const heading = (
    <p className="tb-muted tb-fixture-line">{[entry.roundName, venue].filter(Boolean).join(' · ')}</p>
  );

  if (pending) return <QueuedCard pending={pending} state={state} onRetry={onRetry} heading={heading} />;
  if (outcome?.type === 'refused') {
    return (
      <section className="tb-card tb-card--refused" role="alert" data-testid="tb-refused">
        {heading}
        <h2 className="tb-title">{t.refusedTitle}</h2>
        <p>{outcome.message}</p>
      </section>
    );
  }
  if (outcome?.type === 'sent' || entry.myBallot) {
    const at = outcome?.type === 'sent' ? outcome.receipt.submittedAt : entry.myBallot!.submittedAt;
    const winner = outcome?.type === 'sent' ? null : entry.myBallot!.winner;
    return (
      <section className="tb-card tb-card--sent" role="status" data-testid="tb-sent">
        {heading}
        <div className="tb-check" aria-hidden="true">
          ✓
        </div>
        <h2 className="tb-title">{t.sentTitle}</h2>
        <p>{t.sentText}</p>
        {entry.myBallot?.bp && outcome?.type !== 'sent' ? (
          <p className="tb-muted" data-testid="tb-bp-mine">
            {bpRankingLine(entry, entry.myBallot.bp.ranking)}
          </p>
        ) : (
          winner && (
            <p className="tb-muted">
              {format(t.yourWinner, {
                side: t[winner],
                team: (winner === 'aff' ? entry.aff?.name : entry.neg?.name) ?? '',
              })}
            </p>
          )
        )}
        <p className="tb-muted">{format(t.sentAt, { time: formatShortTime(at) })}</p>
        {onNext && (
          <button type="button" className="tb-button tb-button--primary" onClick={onNext}>
            {t.another}
          </button>
        )}
      </section>
    );
  }
  if (!entry.open) {
    // Not confirmed yet: closed only until the speeches are over (the page looks again meanwhile).
    const early = !entry.fixture.result?.confirmed;
    return (
      <section
        className="tb-card tb-card--refused"
        role="alert"
        data-testid="tb-refused"
        data-early={early ? 'true' : 'false'}
      >
        {heading}
        <h2 className="tb-title">{early ? t.notYetTitle : t.refusedTitle}</h2>
        <p>{entry.closedReason ?? t.closed}</p>
      </section>
    );
  }
  if (entry.bp) return <BpBallotForm entry={entry} heading={heading} onSubmit={onSubmit} />;
  return <BallotForm entry={entry} heading={heading} onSubmit={onSubmit} />;
}

function QueuedCard({
  pending,
  state,
  onRetry,
  heading,
}: {
  pending: PendingBallot;
  state: OutboxState;
  onRetry: () => void;
  heading: React.ReactNode;
}) {
  return (
    <section className="tb-card tb-card--queued" role="status" data-testid="tb-queued">
      {heading}
      <div className="tb-spinner" aria-hidden="true" />
      <h2 className="tb-title">{state.sending ? t.submitting : t.queuedTitle}</h2>
      {pending.attempts > 0 && <p>{t.queued}</p>}
      {pending.attempts > 0 && <p className="tb-muted">{format(t.retrying, { n: pending.attempts })}</p>}
      {!state.sending && (
        <button type="button" className="tb-button" onClick={onRetry}>
          {t.retryNow}
        </button>
      )}
    </section>
  );
}

function BallotForm({
  entry,
  heading,
  onSubmit,
}: {
  entry: Entry;
  heading: React.ReactNode;
  onSubmit: (ballot: BallotInput) => void;
}) {
  const [winner, setWinner] = useState<SideId | null>(null);
  const [best, setBest] = useState<{ side: SideId; position: number } | null>(null);
  const [comment, setComment] = useState('');
  const [scores, setScores] = useState<Record<SideId, string[]>>({
    aff: ['', '', '', ''],
    neg: ['', '', '', ''],
  });
  const [scoresError, setScoresError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const team = (side: SideId) => (side === 'aff' ? entry.aff : entry.neg);

  if (confirming && winner) {
    return (
      <BallotConfirm
        heading={heading}
        text={format(t.confirmText, { side: t[winner], team: team(winner)?.name ?? '' })}
        onBack={() => setConfirming(false)}
        onConfirm={() =>
          onSubmit({
            winner,
            speakerScores: speakerScoresOf(scores),
            bestDebater: best,
            comment: comment.trim(),
          })
        }
      />
    );
  }

  return (
    <form
      className="tb-card tb-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!winner) {
          setError(t.pickWinner);
          return;
        }
        const problem = checkScores(scores);
        setScoresError(problem);
        if (problem) return;
        setConfirming(true);
      }}
      noValidate
    >
      {heading}
      <fieldset className="tb-group">
        <legend className="tb-label">{t.winner}</legend>
        <div className="tb-sides">
          {(['aff', 'neg'] as const).map((side) => (
            <button
              key={side}
              type="button"
              className="tb-side"
              data-side={side}
              aria-pressed={winner === side}
              data-testid={`tb-winner-${side}`}
              onClick={() => {
                setWinner(side);
                setError(null);
              }}
            >
              <span className="tb-side__label">{t[side]}</span>
              <span className="tb-side__team">{team(side)?.name ?? t.tbd}</span>
              {team(side)?.school && <span className="tb-side__school">{team(side)!.school}</span>}
            </button>
          ))}
        </div>
        {error && (
          <p className="tb-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <fieldset className="tb-group">
        <legend className="tb-label">{t.bestDebater}</legend>
        <div className="tb-speakers">
          {(['aff', 'neg'] as const).flatMap((side) => {
            const members = team(side)?.members ?? [];
            const count = Math.max(members.length, 4);
            return Array.from({ length: count }, (_, i) => {
              const position = i + 1;
              const pressed = best?.side === side && best.position === position;
              return (
                <button
                  key={`${side}-${position}`}
                  type="button"
                  className="tb-speaker"
                  data-side={side}
                  aria-pressed={pressed}
                  onClick={() => setBest(pressed ? null : { side, position })}
                >
                  <span className="tb-speaker__pos">
                    {format(t.position, { side: t[side], n: speakerNumeral(position) })}
                  </span>
                  {members[i] && <span className="tb-speaker__name">{members[i]}</span>}
                </button>
              );
            });
          })}
        </div>
      </fieldset>
      <details className="tb-group tb-scores">
        <summary className="tb-label">{t.scores}</summary>
        {(['aff', 'neg'] as const).map((side) => (
          <div key={side} className="tb-scores__row" data-side={side}>
            {scores[side].map((value, i) => (
              <label key={i} className="tb-score">
                <span>{format(t.position, { side: t[side], n: speakerNumeral(i + 1) })}</span>
                <input
                  className="tb-score__input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  value={value}
                  onChange={(e) =>
                    setScores((all) => ({
                      ...all,
                      [side]: all[side].map((v, j) => (j === i ? e.target.value : v)),
                    }))
                  }
                />
              </label>
            ))}
          </div>
        ))}
        {scoresError && (
          <p className="tb-error" role="alert">
            {scoresError}
          </p>
        )}
      </details>
      <label className="tb-group">
        <span className="tb-label">{t.comment}</span>
        <textarea
          className="tb-textarea"
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </label>
      <button type="submit" className="tb-button tb-button--primary tb-submit" data-testid="tb-submit">
        {t.submit}
      </button>
    </form>
  );
}
