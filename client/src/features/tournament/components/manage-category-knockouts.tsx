import {
  bpBreakSizeOk,
  bpBreakSizeProblem,
  knockoutBreakCategory,
  type BreakCategoryPreview,
  type TournamentStage,
} from '@bianshi/shared';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { categoryKnockout as t } from '../../../i18n/zh-CN/tournament-category-knockout';
import { useBreakPreview } from '../api/use-break';
import { bracketRoundsOf, knockoutStarted, teamNameOf, teamsById } from '../view-model';
import { BpKnockout } from './bp-knockout';
import { Bracket } from './bracket';
import type { SectionProps } from './manage-page';

/**
 * The knockouts of the other break categories (ESL, 新生…): once the open knockout exists, each
 * category with a break gets its own, seeded from that break, drafted a round at a time.
 */
export function CategoryKnockouts({ view, actions }: SectionProps) {
  const preview = useBreakPreview(view.id, undefined).data;
  if (!preview || preview.implicit) return null;
  const open = knockoutBreakCategory(preview.categories);
  const others = preview.categories.filter((category) => category.id && category !== open);
  if (others.length === 0) return null;
  const mainStarted = knockoutStarted(view);
  return (
    <>
      {others.map((category) => (
        <CategoryKnockout
          key={category.id}
          view={view}
          actions={actions}
          category={category}
          mainStarted={mainStarted}
          stage={view.stages.find(
            (stage) => stage.kind === 'knockout' && stage.breakCategoryId === category.id,
          )}
        />
      ))}
    </>
  );
}

function CategoryKnockout({
  view,
  actions,
  category,
  mainStarted,
  stage,
}: SectionProps & {
  category: BreakCategoryPreview;
  mainStarted: boolean;
  stage: TournamentStage | undefined;
}) {
  const bp = view.teamsPerRoom === 4;
  const confirm = useConfirm();
  const name = category.name;
  const seeds = category.released?.teamIds.length ?? category.breaking.length;
  const sizeProblem = bp ? bpBreakSizeProblem(seeds) : null;
  const playable = bp ? bpBreakSizeOk(seeds) : seeds >= 2;
  const categoryId = category.id!;
  return (
    <section
      className="tm-stack"
      aria-label={format(t.title, { name })}
      data-testid="tm-category-knockout-panel"
    >
      {confirm.dialog}
      <h3 className="tm-subtitle tm-subtitle--small">{format(t.title, { name })}</h3>
      {!stage ? (
        !mainStarted ? (
          <p className="tm-muted">{format(t.mainFirst, { name })}</p>
        ) : (
          <>
            <p className="tm-muted">
              {seeds >= 2 ? format(t.fromBreak, { name, n: seeds }) : format(t.fromBreakEmpty, { name })}
            </p>
            {seeds >= 2 && sizeProblem && <p className="tm-field__error">{sizeProblem}</p>}
            <div className="tm-row tm-row--end">
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={!playable || actions.createKnockout.isPending}
                data-testid="tm-create-category-knockout"
                onClick={() =>
                  void confirm
                    .ask({
                      title: format(t.create, { name }),
                      body: format(t.createConfirm, { name }),
                      confirmLabel: format(t.create, { name }),
                    })
                    .then(
                      (yes) =>
                        yes &&
                        actions.createKnockout.mutate(
                          {
                            tournamentId: view.id,
                            knockout: {
                              advancePerPool: Math.max(1, Math.min(64, seeds)),
                              breakCategoryId: categoryId,
                            },
                          },
                          { onSuccess: () => void toast.success(format(t.created, { name })) },
                        ),
                    )
                }
              >
                {format(t.create, { name })}
              </button>
            </div>
          </>
        )
      ) : (
        <>
          {stage.championTeamId && (
            <p className="tm-bp-champion" data-testid="tm-category-champion">
              <span className="tm-muted">{format(t.champion, { name })}</span>{' '}
              <strong>{teamNameOf(teamsById(view), stage.championTeamId)}</strong>
            </p>
          )}
          <div className="tm-row">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={actions.advanceKnockout.isPending || stage.championTeamId !== null}
              data-testid="tm-advance-category-knockout"
              onClick={() =>
                actions.advanceKnockout.mutate(
                  { tournamentId: view.id, breakCategoryId: categoryId },
                  {
                    onSuccess: (result) =>
                      void toast.success(format(result.roundId ? t.nextDrafted : t.finished, { name })),
                  },
                )
              }
            >
              {format(t.next, { name })}
            </button>
          </div>
          {bp ? (
            <BpKnockout view={view} stage={stage} />
          ) : (
            <Bracket rounds={bracketRoundsOf(view, stage.bracket)} />
          )}
        </>
      )}
    </section>
  );
}
