import {
  BP_POSITION_IDS,
  BP_POSITION_LABELS,
  BP_SPEAKER_SCORE_RANGE,
  BP_SPEAKERS_PER_TEAM,
  checkBpBallot,
  type BpPositionId,
  type BpRanking,
  type BpScores,
  type TournamentFixture,
  type TournamentView,
} from '@bianshi/shared';
import { useState } from 'react';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { bpResult as tb } from '../../../i18n/zh-CN/tournament-allocation';
import { toast } from '../../../lib/toast';
import type { TournamentActions } from '../api/use-tournament-actions';
import { teamNameOf, teamsById } from '../view-model';

const t = tournamentText.rounds;

/** The room's team id at each BP position. */
function teamIdsOf(fixture: TournamentFixture): Record<BpPositionId, string | null> {
  return {
    og: fixture.affTeamId,
    oo: fixture.negTeamId,
    cg: fixture.cgTeamId ?? null,
    co: fixture.coTeamId ?? null,
  };
}

/**
 * 录入结果 / 修改结果 of a BP room: each team's place and its two speakers' scores, opened with
 * the result held (the chair's ballot, or an earlier correction), checked as the chair's ballot
 * is (each place once, the score range, places agreeing with totals) before it is saved.
 */
export function BpResultEditor({
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
  const teams = teamsById(view);
  const ids = teamIdsOf(fixture);
  const held = fixture.result;
  const [places, setPlaces] = useState<Record<BpPositionId, string>>(
    () =>
      Object.fromEntries(
        BP_POSITION_IDS.map((position) => [position, held?.ranking ? String(held.ranking[position]) : '']),
      ) as Record<BpPositionId, string>,
  );
  const [scores, setScores] = useState<Record<BpPositionId, string[]>>(
    () =>
      Object.fromEntries(
        BP_POSITION_IDS.map((position) => [
          position,
          Array.from({ length: BP_SPEAKERS_PER_TEAM }, (_, i) =>
            held?.positionScores?.[position]?.[i] === undefined
              ? ''
              : String(held.positionScores[position][i]),
          ),
        ]),
      ) as Record<BpPositionId, string[]>,
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const { min, max } = BP_SPEAKER_SCORE_RANGE;

  const save = () => {
    if (BP_POSITION_IDS.some((position) => places[position] === '')) return setErrors([tb.rankRequired]);
    if (BP_POSITION_IDS.some((position) => scores[position].some((value) => value.trim() === '')))
      return setErrors([tb.scoresIncomplete]);
    const ranking = Object.fromEntries(
      BP_POSITION_IDS.map((position) => [position, Number(places[position])]),
    ) as BpRanking;
    const numbers = Object.fromEntries(
      BP_POSITION_IDS.map((position) => [position, scores[position].map(Number)]),
    ) as BpScores;
    const problems = checkBpBallot(ranking, numbers);
    setErrors(problems);
    if (problems.length > 0) return;
    actions.editBpResult.mutate(
      { tournamentId: view.id, fixtureId: fixture.id, bp: { ranking, scores: numbers }, note },
      { onSuccess: () => (toast.success(t.confirmed), onDone()) },
    );
  };

  return (
    <div className="tm-result-editor tm-bp-result-editor" data-testid="tm-bp-result-editor">
      <p className="tm-small tm-muted">{format(tb.title, { min, max })}</p>
      {BP_POSITION_IDS.map((position) => {
        const label = BP_POSITION_LABELS[position];
        const total = scores[position].reduce((sum, value) => sum + (Number(value) || 0), 0);
        return (
          <div key={position} className="tm-bp-result-editor__row" data-testid={`tm-bp-result-${position}`}>
            <span className="tm-bp-result-editor__team">
              <strong>{label}</strong> {teamNameOf(teams, ids[position])}
            </span>
            <select
              className="input tm-input--sm"
              value={places[position]}
              aria-label={format(tb.placeOf, { position: label })}
              onChange={(e) => {
                setPlaces((all) => ({ ...all, [position]: e.target.value }));
                setErrors([]);
              }}
              data-testid={`tm-bp-result-${position}-place`}
            >
              <option value="">{tb.place}</option>
              {[1, 2, 3, 4].map((place) => (
                <option key={place} value={place}>
                  {place}
                </option>
              ))}
            </select>
            {scores[position].map((value, i) => (
              <input
                key={i}
                className="input tm-input--sm"
                type="number"
                inputMode="decimal"
                min={min}
                max={max}
                value={value}
                aria-label={format(tb.scoreOf, { position: label, n: i + 1 })}
                onChange={(e) => {
                  setScores((all) => ({
                    ...all,
                    [position]: all[position].map((v, j) => (j === i ? e.target.value : v)),
                  }));
                  setErrors([]);
                }}
                data-testid={`tm-bp-result-${position}-score-${i + 1}`}
              />
            ))}
            <span className="tm-small tm-muted">{format(tb.total, { total })}</span>
          </div>
        );
      })}
      <input
        className="input tm-input--sm"
        value={note}
        placeholder={t.note}
        aria-label={t.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={save}
        disabled={actions.editBpResult.isPending}
        data-testid="tm-result-save"
      >
        {tournamentText.form.save}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
        {tournamentText.draw.cancel}
      </button>
      {errors.length > 0 && (
        <div className="tm-error tm-small" role="alert" data-testid="tm-bp-result-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}
