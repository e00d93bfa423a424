import { PULLUP_RULES, type TournamentRound, type TournamentView } from '@bianshi/shared';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { swiss } from '../../../i18n/zh-CN/tournament-swiss';
import { toast } from '../../../lib/toast';
import type { TournamentActions } from '../api/use-tournament-actions';
import { formatClockTime } from '../format';
import { randomSeed, SeedField } from './manage-draw';

const t = swiss.roundDraw;

/** True for a round drawn on its own (Swiss): random or power-paired. */
export function drawnOnItsOwn(round: TournamentRound): boolean {
  return round.drawKind === 'random' || round.drawKind === 'power';
}

/**
 * A Swiss round's draw, while it is a draft: the pull-up rule (power pairing), the seed, and
 * 抽签 / 重新抽签 (which asks first when rooms exist). Shows how the round was drawn, and says
 * when a repeat meeting or a same-school room could not be avoided.
 */
export function RoundDrawControl({
  view,
  round,
  actions,
}: {
  view: TournamentView;
  round: TournamentRound;
  actions: TournamentActions;
}) {
  const [pullup, setPullup] = useState<(typeof PULLUP_RULES)[number]>(round.draw?.pullup ?? 'top');
  const [seed, setSeed] = useState(randomSeed);
  const confirm = useConfirm();
  const record = round.draw;
  const draft = round.status === 'draft';
  const power = round.drawKind === 'power';
  const draw = async () => {
    if (
      round.fixtures.length > 0 &&
      !(await confirm.ask({ title: t.redrawConfirm, body: t.redrawConfirmBody, confirmLabel: t.redraw }))
    )
      return;
    actions.drawRound.mutate(
      { tournamentId: view.id, draw: { roundId: round.id, pullup, seed } },
      {
        onSuccess: (drawn) => {
          toast.success(format(t.drawn, { n: drawn.rooms, seed: drawn.seed }));
          if (drawn.repeats + drawn.clashes > 0)
            toast.warning(
              format(t.qualityWarning, {
                detail: format(t.quality, { repeats: drawn.repeats, clashes: drawn.clashes }),
              }),
            );
          setSeed(randomSeed());
        },
      },
    );
  };
  return (
    <div className="tm-stack tm-round-draw" data-testid="tm-round-draw">
      {confirm.dialog}
      {record ? (
        <p className="tm-draw-record" data-testid="tm-round-draw-record">
          {format(t.record, {
            kind: swiss.kinds[record.kind] ?? record.kind,
            pullup: record.pullup ? format(t.recordPullup, { rule: t.pullups[record.pullup] ?? '' }) : '',
            seed: record.seed,
            by: record.byName,
            at: formatClockTime(record.at),
          })}
          {' · '}
          <span className={record.repeats + record.clashes > 0 ? 'tm-chip tm-chip--warn' : undefined}>
            {format(t.quality, { repeats: record.repeats, clashes: record.clashes })}
          </span>
        </p>
      ) : (
        draft && <p className="tm-muted">{t.notYet}</p>
      )}
      {draft && (
        <>
          <div className="tm-row tm-row--end">
            {power && (
              <label className="tm-field tm-field--inline">
                <span className="tm-field__label">{t.pullup}</span>
                <select
                  className="input tm-round-draw__pullup"
                  value={pullup}
                  onChange={(event) => setPullup(event.target.value as typeof pullup)}
                  data-testid="tm-round-pullup"
                >
                  {PULLUP_RULES.map((rule) => (
                    <option key={rule} value={rule}>
                      {t.pullups[rule]}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <SeedField
              label={t.seed}
              rerollLabel={t.reroll}
              seed={seed}
              onChange={setSeed}
              testId="tm-round-seed"
            />
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={!seed || actions.drawRound.isPending}
              onClick={() => void draw()}
              data-testid="tm-draw-round"
            >
              {round.fixtures.length > 0 ? t.redraw : t.draw}
            </button>
          </div>
          {power && <p className="tm-muted tm-small">{t.hint}</p>}
        </>
      )}
    </div>
  );
}
