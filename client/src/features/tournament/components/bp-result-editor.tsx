import {
  BP_POSITION_IDS,
  BP_SPEAKER_SCORE_RANGE,
  BP_SPEAKERS_PER_TEAM,
  bpSeatsOf,
  type BpPositionId,
  type TournamentFixture,
  type TournamentView,
  readBpEntry,
} from '@bianshi/shared';
import { useState } from 'react';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { bpResult as tb } from '../../../i18n/zh-CN/tournament-allocation';
import { tournamentBp } from '../../../i18n/zh-CN/tournament-bp';
import { toast } from '../../../lib/toast';
import type { TournamentActions } from '../api/use-tournament-actions';
import { teamNameOf, teamsById } from '../view-model';
import { ResultEditorFooter } from './result-editor';

const t = tournamentText.rounds;

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
  const held = fixture.result;
  const [places, setPlaces] = useState<Record<BpPositionId, number | null>>(
    () =>
      Object.fromEntries(
        BP_POSITION_IDS.map((position) => [position, held?.ranking?.[position] ?? null]),
      ) as Record<BpPositionId, number | null>,
  );
  const [scores, setScores] = useState<Record<BpPositionId, string[]>>(
    () =>
      Object.fromEntries(
        BP_POSITION_IDS.map((position) => [
          position,
          Array.from({ length: BP_SPEAKERS_PER_TEAM }, (_, i) =>
            String(held?.positionScores?.[position]?.[i] ?? ''),
          ),
        ]),
      ) as Record<BpPositionId, string[]>,
  );
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const { min, max } = BP_SPEAKER_SCORE_RANGE;

  const save = () => {
    const read = readBpEntry(places, scores);
    setErrors(read.errors);
    if (!read.ballot) return;
    actions.editBpResult.mutate(
      { tournamentId: view.id, fixtureId: fixture.id, bp: read.ballot, note },
      { onSuccess: () => (toast.success(t.confirmed), onDone()) },
    );
  };

  return (
    <div className="tm-result-editor tm-bp-result-editor" data-testid="tm-bp-result-editor">
      <p className="tm-small tm-muted">{format(tb.title, { min, max })}</p>
      {(bpSeatsOf(fixture) ?? []).map(({ position, label, teamId }) => {
        const total = scores[position].reduce((sum, value) => sum + (Number(value) || 0), 0);
        return (
          <div key={position} className="tm-bp-result-editor__row" data-testid={`tm-bp-result-${position}`}>
            <span className="tm-bp-result-editor__team">
              <strong>{label}</strong> {teamNameOf(teams, teamId)}
            </span>
            <select
              className="input tm-input--sm"
              value={places[position] ?? ''}
              aria-label={format(tb.placeOf, { position: label })}
              onChange={(e) => {
                setPlaces((all) => ({ ...all, [position]: e.target.value ? Number(e.target.value) : null }));
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
            <span className="tm-small tm-muted">{format(tournamentBp.ballot.total, { total })}</span>
          </div>
        );
      })}
      <ResultEditorFooter
        note={note}
        onNote={setNote}
        onSave={save}
        pending={actions.editBpResult.isPending}
        onCancel={onDone}
        errors={errors}
      />
    </div>
  );
}
