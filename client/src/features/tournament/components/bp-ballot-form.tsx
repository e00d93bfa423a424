import {
  BP_POSITION_IDS,
  BP_POSITION_LABELS,
  BP_POSITION_SIDE,
  BP_SPEAKER_SCORE_RANGE,
  BP_SPEAKERS_PER_TEAM,
  bpOrder,
  bpWinnerSide,
  type BallotInput,
  type BallotPage,
  type BpPositionId,
  type BpBallot,
  type BpRanking,
  readBpEntry,
} from '@bianshi/shared';
import { useState } from 'react';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tournamentBp } from '../../../i18n/zh-CN/tournament-bp';
import { BallotConfirm } from './ballot-confirm';

const t = tournamentText.ballot;
const tb = tournamentBp.ballot;
type Entry = BallotPage['fixtures'][number];
type Team = Entry['aff'];

/** A BP room's teams by position. */
export function bpTeamsOf(entry: Entry): Record<BpPositionId, Team> {
  return { og: entry.aff, oo: entry.neg, cg: entry.bp?.cg ?? null, co: entry.bp?.co ?? null };
}

/** "CG 丙队 > OG 甲队 > …" for a ranking of this room. */
export function bpRankingLine(entry: Entry, ranking: BpRanking): string {
  const teams = bpTeamsOf(entry);
  return bpOrder(ranking)
    .map((position) => `${BP_POSITION_LABELS[position]} ${teams[position]?.name ?? ''}`)
    .join(' > ');
}

/**
 * The chair's BP ballot on a phone: a place (1–4) for each of the four teams, two speakers'
 * scores each, checked in Chinese (each place once, the scale, places agreeing with totals),
 * then a confirmation of the order before it is sent.
 */
export function BpBallotForm({
  entry,
  heading,
  onSubmit,
}: {
  entry: Entry;
  heading: React.ReactNode;
  onSubmit: (ballot: BallotInput) => void;
}) {
  const teams = bpTeamsOf(entry);
  const [places, setPlaces] = useState<Record<BpPositionId, number | null>>({
    og: null,
    oo: null,
    cg: null,
    co: null,
  });
  const [scores, setScores] = useState<Record<BpPositionId, string[]>>({
    og: ['', ''],
    oo: ['', ''],
    cg: ['', ''],
    co: ['', ''],
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmed, setConfirmed] = useState<BpBallot | null>(null);
  const { min, max } = BP_SPEAKER_SCORE_RANGE;

  if (confirmed) {
    return (
      <BallotConfirm
        heading={heading}
        text={bpRankingLine(entry, confirmed.ranking)}
        textTestId="tb-bp-order"
        onBack={() => setConfirmed(null)}
        onConfirm={() =>
          onSubmit({
            winner: bpWinnerSide(confirmed.ranking),
            speakerScores: null,
            bestDebater: null,
            comment: '',
            bp: confirmed,
          })
        }
      />
    );
  }

  const submit = () => {
    const read = readBpEntry(places, scores);
    setErrors(read.errors);
    if (read.ballot) setConfirmed(read.ballot);
  };

  return (
    <form
      className="tb-card tb-form"
      data-testid="tb-bp-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      {heading}
      <p className="tb-muted">{format(tb.intro, { min, max })}</p>
      {BP_POSITION_IDS.map((position) => {
        const team = teams[position];
        const total = scores[position].reduce((sum, value) => sum + (Number(value) || 0), 0);
        return (
          <fieldset
            key={position}
            className="tb-group tb-bp-team"
            data-side={BP_POSITION_SIDE[position]}
            data-testid={`tb-bp-${position}`}
          >
            <legend className="tb-label">
              <span className="tb-side__label">{BP_POSITION_LABELS[position]}</span> {team?.name ?? t.tbd}
            </legend>
            <div className="tb-bp-places" role="group" aria-label={tb.rank}>
              {[1, 2, 3, 4].map((place) => (
                <button
                  key={place}
                  type="button"
                  className="tb-speaker"
                  aria-pressed={places[position] === place}
                  data-testid={`tb-bp-${position}-place-${place}`}
                  onClick={() => {
                    setPlaces((all) => ({ ...all, [position]: place }));
                    setErrors([]);
                  }}
                >
                  {format(tournamentBp.place, { n: place })}
                </button>
              ))}
            </div>
            <div className="tb-scores__row">
              {Array.from({ length: BP_SPEAKERS_PER_TEAM }, (_, i) => (
                <label key={i} className="tb-score">
                  <span>
                    {team?.members[i] ||
                      format(tb.speaker, { position: BP_POSITION_LABELS[position], n: i + 1 })}
                  </span>
                  <input
                    className="tb-score__input"
                    type="number"
                    inputMode="decimal"
                    min={min}
                    max={max}
                    value={scores[position][i]}
                    data-testid={`tb-bp-${position}-score-${i + 1}`}
                    onChange={(e) =>
                      setScores((all) => ({
                        ...all,
                        [position]: all[position].map((v, j) => (j === i ? e.target.value : v)),
                      }))
                    }
                  />
                </label>
              ))}
            </div>
            <p className="tb-muted tb-small">{format(tb.total, { total })}</p>
          </fieldset>
        );
      })}
      {errors.length > 0 && (
        <div className="tb-error" role="alert" data-testid="tb-bp-error">
          {errors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <button type="submit" className="tb-button tb-button--primary tb-submit" data-testid="tb-submit">
        {t.submit}
      </button>
    </form>
  );
}
