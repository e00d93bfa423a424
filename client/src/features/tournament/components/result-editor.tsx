import type { BestDebaterVote, SideId, TournamentFixture, TournamentView } from '@bianshi/shared';
import { useState } from 'react';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { toast } from '../../../lib/toast';
import type { TournamentActions } from '../api/use-tournament-actions';

const t = tournamentText.rounds;
const tf = tournamentText.fixtures;

/** What the editor opens with: the result if there is one, else what the ballots say. */
export function resultDraft(fixture: Pick<TournamentFixture, 'result' | 'ballotTally'>): {
  winner: SideId | '';
  aff: number;
  neg: number;
  bestDebater: BestDebaterVote | null;
} {
  const { result, ballotTally: tally } = fixture;
  if (result)
    return {
      winner: result.winner,
      aff: result.votes.aff,
      neg: result.votes.neg,
      bestDebater: result.bestDebater
        ? { side: result.bestDebater.side, position: result.bestDebater.position }
        : null,
    };
  if (tally)
    return {
      winner: tally.winner ?? '',
      aff: tally.votes.aff,
      neg: tally.votes.neg,
      bestDebater: tally.bestDebater,
    };
  return { winner: '', aff: 0, neg: 0, bestDebater: null };
}

/**
 * 录入结果 / 修改结果 / 裁定 a split: opens with the result, or with the ballots received (票型,
 * majority, best debater); on a split the organizer picks the winner — nothing is assumed.
 */
export function ResultEditor({
  view,
  fixture,
  actions,
  onDone,
}: {
  view: TournamentView;
  fixture: TournamentFixture;
  actions: TournamentActions;
  onDone: () => void;
}) {
  const draft = resultDraft(fixture);
  const [winner, setWinner] = useState<SideId | ''>(draft.winner);
  const [aff, setAff] = useState(String(draft.aff));
  const [neg, setNeg] = useState(String(draft.neg));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tally = fixture.ballotTally;
  const save = () => {
    if (!winner) return setError(t.pickWinner);
    const votes = { aff: Number(aff), neg: Number(neg) };
    if (![votes.aff, votes.neg].every((n) => Number.isInteger(n) && n >= 0 && n <= 99))
      return setError(t.votesRange);
    if (votes.aff !== votes.neg && (votes.aff > votes.neg ? 'aff' : 'neg') !== winner)
      return setError(t.votesMismatch);
    setError(null);
    actions.editResult.mutate(
      {
        tournamentId: view.id,
        fixtureId: fixture.id,
        result: { winner, votes, bestDebater: draft.bestDebater },
        note,
      },
      { onSuccess: () => (toast.success(t.confirmed), onDone()) },
    );
  };
  return (
    <div className="tm-result-editor" data-testid="tm-result-editor">
      {tally && !fixture.result && (
        <p className="tm-small tm-muted tm-result-editor__from">
          {format(t.fromBallots, { aff: tally.votes.aff, neg: tally.votes.neg })}
          {tally.speakerPoints &&
            ` · ${format(t.ballotPoints, { aff: tally.speakerPoints.aff, neg: tally.speakerPoints.neg })}`}
        </p>
      )}
      <select
        className="input tm-input--sm"
        value={winner}
        aria-label={tf.winner}
        onChange={(e) => setWinner(e.target.value as SideId | '')}
        data-testid="tm-result-winner"
      >
        {!winner && <option value="">{t.pickWinner}</option>}
        <option value="aff">{`${tf.aff}${tf.winner}`}</option>
        <option value="neg">{`${tf.neg}${tf.winner}`}</option>
      </select>
      <input
        className="input tm-input--sm"
        type="number"
        min={0}
        max={99}
        value={aff}
        aria-label={tf.aff}
        onChange={(e) => setAff(e.target.value)}
        data-testid="tm-result-aff"
      />
      <span>:</span>
      <input
        className="input tm-input--sm"
        type="number"
        min={0}
        max={99}
        value={neg}
        aria-label={tf.neg}
        onChange={(e) => setNeg(e.target.value)}
        data-testid="tm-result-neg"
      />
      <ResultEditorFooter
        note={note}
        onNote={setNote}
        onSave={save}
        pending={actions.editResult.isPending}
        onCancel={onDone}
        errors={error ? [error] : []}
      />
    </div>
  );
}

/** The end of a result editor: the change's note, 保存 and 取消, and what is wrong (in Chinese). */
export function ResultEditorFooter({
  note,
  onNote,
  onSave,
  pending,
  onCancel,
  errors,
}: {
  note: string;
  onNote: (note: string) => void;
  onSave: () => void;
  pending: boolean;
  onCancel: () => void;
  errors: string[];
}) {
  return (
    <>
      <input
        className="input tm-input--sm"
        value={note}
        placeholder={t.note}
        aria-label={t.note}
        onChange={(e) => onNote(e.target.value)}
      />
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={onSave}
        disabled={pending}
        data-testid="tm-result-save"
      >
        {tournamentText.form.save}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
        {tournamentText.draw.cancel}
      </button>
      {errors.length > 0 && (
        <div className="tm-error tm-small" role="alert" data-testid="tm-result-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </>
  );
}
