import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { bracketRoundsOf } from '../view-model';
import { Bracket } from './bracket';
import type { SectionProps } from './manage-page';

const t = tournamentText.knockout;

/** 淘汰赛: seed the bracket from the standings (byes for top seeds), then draft each next round. */
export function KnockoutSection({ view, actions }: SectionProps) {
  const [advance, setAdvance] = useState('2');
  const hasKnockout = view.stages.some((stage) => stage.kind === 'knockout');
  const group = view.stages.find((stage) => stage.kind === 'group');
  const unconfirmed = view.rounds
    .filter((round) => round.stageId === group?.id)
    .reduce((n, round) => n + round.fixtures.filter((fixture) => !fixture.result?.confirmed).length, 0);
  const count = Number(advance);
  const invalid = !Number.isInteger(count) || count < 1 || count > 16;
  const rounds = bracketRoundsOf(view);
  const confirm = useConfirm();
  return (
    <div className="tm-stack">
      {confirm.dialog}
      {!hasKnockout ? (
        <>
          {unconfirmed > 0 && <p className="tm-muted">{format(t.notReady, { n: unconfirmed })}</p>}
          <div className="tm-row tm-row--end">
            <label className="tm-field tm-field--inline">
              <span className="tm-field__label">{tournamentText.form.advancePerPool}</span>
              <input
                className="input"
                type="number"
                min={1}
                max={16}
                value={advance}
                aria-invalid={invalid ? 'true' : undefined}
                onChange={(e) => setAdvance(e.target.value)}
                data-testid="tm-advance-count"
              />
            </label>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={invalid || actions.createKnockout.isPending}
              data-testid="tm-create-knockout"
              onClick={() =>
                void confirm
                  .ask({ title: t.advance, body: t.advanceConfirm, confirmLabel: t.advance })
                  .then(
                    (yes) =>
                      yes &&
                      actions.createKnockout.mutate(
                        { tournamentId: view.id, knockout: { advancePerPool: count } },
                        { onSuccess: () => void toast.success(t.advanced) },
                      ),
                  )
              }
            >
              {t.advance}
            </button>
          </div>
          {invalid && <p className="tm-field__error">{tournamentText.form.errors.advance}</p>}
        </>
      ) : (
        <div className="tm-row">
          <button
            type="button"
            className="btn btn--primary btn--sm"
            disabled={actions.advanceKnockout.isPending}
            onClick={() =>
              actions.advanceKnockout.mutate(
                { tournamentId: view.id },
                { onSuccess: (result) => void toast.success(result.roundId ? t.nextDrafted : t.finished) },
              )
            }
          >
            {t.next}
          </button>
        </div>
      )}
      {rounds.length > 0 && <Bracket rounds={rounds} />}
    </div>
  );
}
