import { bpBreakSizeOk, bpBreakSizeProblem, knockoutBreakCategory } from '@bianshi/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { swiss } from '../../../i18n/zh-CN/tournament-swiss';
import { tournamentBreak } from '../../../i18n/zh-CN/tournament-break';
import { tournamentBpKnockout } from '../../../i18n/zh-CN/tournament-bp-knockout';
import { useBreakPreview } from '../api/use-break';
import { bracketRoundsOf, knockoutStarted } from '../view-model';
import { BpKnockout } from './bp-knockout';
import { Bracket } from './bracket';
import { CategoryKnockouts } from './manage-category-knockouts';
import type { SectionProps } from './manage-page';

const t = tournamentText.knockout;

/**
 * 淘汰赛: seed the bracket from the standings (byes for top seeds), then draft each next round.
 * BP: rooms of four from the break (4, 8, 16 … teams), each room's top two going on.
 */
export function KnockoutSection({ view, actions }: SectionProps) {
  const bp = view.teamsPerRoom === 4;
  const [advance, setAdvance] = useState(bp ? '8' : '2');
  const hasKnockout = knockoutStarted(view);
  const group = view.stages.find((stage) => stage.kind === 'group');
  // A Swiss stage has no pools: one table, so the count is the whole break.
  const swissStage = group !== undefined && group.pools.length === 0;
  const unconfirmed = view.rounds
    .filter((round) => round.stageId === group?.id)
    .reduce((n, round) => n + round.fixtures.filter((fixture) => !fixture.result?.confirmed).length, 0);
  // With break categories, the knockout seeds from the open category's break (as released, else as computed).
  const breakPreview = useBreakPreview(view.id, undefined, !hasKnockout).data;
  const breakCategory =
    breakPreview && !breakPreview.implicit ? knockoutBreakCategory(breakPreview.categories) : undefined;
  const breakSeeds = breakCategory
    ? (breakCategory.released?.teamIds.length ?? breakCategory.breaking.length)
    : 0;
  const count = breakCategory ? breakSeeds : Number(advance);
  const invalid = bp
    ? !bpBreakSizeOk(count)
    : breakCategory
      ? breakSeeds < 2
      : swissStage
        ? !Number.isInteger(count) || count < 2 || count > 64
        : !Number.isInteger(count) || count < 1 || count > 16;
  const rounds = bracketRoundsOf(view);
  const confirm = useConfirm();
  return (
    <div className="tm-stack">
      {confirm.dialog}
      {!hasKnockout ? (
        <>
          {unconfirmed > 0 && <p className="tm-muted">{format(t.notReady, { n: unconfirmed })}</p>}
          {breakCategory && (
            <p className="tm-muted" data-testid="tm-knockout-from-break">
              {bp && breakSeeds >= 4
                ? format(tournamentBpKnockout.fromBreak, {
                    name: breakCategory.name,
                    n: breakSeeds,
                    a: breakSeeds / 2,
                    b: breakSeeds / 2 + 1,
                  })
                : breakSeeds >= 2
                  ? format(tournamentBreak.knockoutFromBreak, {
                      name: breakCategory.name,
                      n: breakSeeds,
                      m: breakSeeds - 1,
                    })
                  : format(tournamentBreak.knockoutFromBreakEmpty, { name: breakCategory.name })}
            </p>
          )}
          <div className="tm-row tm-row--end">
            {!breakCategory && (
              <label className="tm-field tm-field--inline">
                <span className="tm-field__label">
                  {bp
                    ? tournamentBpKnockout.breakSize
                    : swissStage
                      ? swiss.breakSize
                      : tournamentText.form.advancePerPool}
                </span>
                <input
                  className="input"
                  type="number"
                  min={bp ? 4 : swissStage ? 2 : 1}
                  max={swissStage ? 64 : 16}
                  step={bp ? 4 : 1}
                  value={advance}
                  aria-invalid={invalid ? 'true' : undefined}
                  onChange={(e) => setAdvance(e.target.value)}
                  data-testid="tm-advance-count"
                />
              </label>
            )}
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
          {invalid && bp && (
            <p className="tm-field__error" data-testid="tm-knockout-bp-size">
              {bpBreakSizeProblem(count)}
            </p>
          )}
          {invalid && !bp && !breakCategory && (
            <p className="tm-field__error">
              {swissStage ? swiss.breakSizeInvalid : tournamentText.form.errors.advance}
            </p>
          )}
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
      {bp && <BpKnockout view={view} />}
      <CategoryKnockouts view={view} actions={actions} />
    </div>
  );
}
