import {
  DEFAULT_OPEN_BREAK_SIZE,
  type BreakCategoryPreview,
  type BreakCategoryRule,
  type BreakTeamLine,
  type TournamentView,
} from '@bianshi/shared';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { tournamentBreak as text } from '../../../i18n/zh-CN/tournament-break';
import { toast } from '../../../lib/toast';
import { useBreakActions, useBreakPreview } from '../api/use-break';
import { formatDateTime } from '../format';
import { AddBreakCategory, BreakEligibilityEditor, DeleteBreakCategory } from './manage-break-categories';
import { NameInput, RuleSelect, SizeInput, nameValid, parseSize } from './manage-break-fields';
import type { SectionProps } from './manage-page';
import '../break.css';

/**
 * 晋级: each break category's breaking teams (seed, team, school, record), the teams above the
 * cut-off left out and why, ties across the cut-off; size and rule edited per category; categories
 * beyond the open one added (ESL, 新生组…), their eligible teams chosen, deleted; and 公布晋级名单,
 * after which the public page shows the lists.
 */
export function BreakSection({ view }: SectionProps) {
  const [openSize, setOpenSize] = useState(String(Math.min(DEFAULT_OPEN_BREAK_SIZE, view.teams.length || 1)));
  const [openRule, setOpenRule] = useState<BreakCategoryRule>('standard');
  const [openName, setOpenName] = useState('公开组');
  const typedSize = parseSize(openSize);
  const [lastSize, setLastSize] = useState(typedSize ?? DEFAULT_OPEN_BREAK_SIZE);
  if (typedSize !== null && typedSize !== lastSize) setLastSize(typedSize);
  const deferredSize = useDeferredValue(lastSize);
  const query = useBreakPreview(view.id, { size: deferredSize, rule: openRule });
  const actions = useBreakActions(view.slug);
  const confirm = useConfirm();
  const preview = query.data;
  if (!preview) return <p className="tm-muted">{text.loading}</p>;
  const bp = view.teamsPerRoom === 4;
  const releasedAt = Math.max(0, ...preview.categories.map((category) => category.released?.at ?? 0));
  const changed = preview.categories.some((category) => category.changedSinceRelease);
  const openNameValid = nameValid(openName);
  const implicitInvalid = preview.implicit && (typedSize === null || !openNameValid);
  const busy = actions.release.isPending || actions.createCategory.isPending;

  const release = async () => {
    const yes = await confirm.ask({
      title: text.releaseConfirm,
      body: preview.implicit ? text.releaseImplicitBody : text.releaseConfirmBody,
      confirmLabel: text.release,
    });
    if (!yes) return;
    if (preview.implicit) {
      await actions.createCategory.mutateAsync({
        tournamentId: view.id,
        category: { name: openName.trim(), size: typedSize!, rule: openRule },
      });
    }
    await actions.release.mutateAsync({ tournamentId: view.id });
    toast.success(text.released);
  };

  return (
    <div className="tm-stack tm-break" data-testid="tm-break">
      {confirm.dialog}
      <p className="tm-muted">{text.lead}</p>
      {preview.implicit && <p className="tm-break__note">{text.implicit}</p>}
      {preview.results === 0 && <p className="tm-break__note">{text.noResults}</p>}
      {preview.categories.map((category) =>
        category.id === null ? (
          <CategoryCard key="implicit" category={category} bp={bp}>
            <div className="tm-break__edit">
              <NameInput value={openName} onChange={setOpenName} invalid={!openNameValid} />
              <SizeInput value={openSize} onChange={setOpenSize} />
              <RuleSelect value={openRule} onChange={setOpenRule} />
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={implicitInvalid || busy}
                onClick={() =>
                  actions.createCategory.mutate(
                    {
                      tournamentId: view.id,
                      category: { name: openName.trim(), size: typedSize!, rule: openRule },
                    },
                    { onSuccess: () => void toast.success(text.created) },
                  )
                }
                data-testid="tm-break-create"
              >
                {text.saveImplicit}
              </button>
            </div>
            {typedSize === null && <p className="tm-field__error">{text.sizeInvalid}</p>}
            {!openNameValid && <p className="tm-field__error">{text.nameInvalid}</p>}
          </CategoryCard>
        ) : (
          <SavedCategory
            key={category.id}
            category={category}
            bp={bp}
            view={view}
            ranked={preview.categories.length > 1}
          />
        ),
      )}
      {!preview.implicit && <AddBreakCategory view={view} categories={preview.categories} />}
      <div className="tm-break__release">
        <p
          className={releasedAt ? 'tm-break__status' : 'tm-muted'}
          role="status"
          data-testid="tm-break-status"
        >
          {releasedAt ? format(text.releasedAt, { at: formatDateTime(releasedAt) }) : text.notReleased}
        </p>
        {changed && (
          <p className="tm-break__warn" data-testid="tm-break-changed">
            {text.changed}
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={implicitInvalid || busy || preview.results === 0}
          onClick={() => void release().catch(() => undefined)}
          data-testid="tm-break-release"
        >
          {releasedAt ? text.releaseAgain : text.release}
        </button>
      </div>
    </div>
  );
}

/**
 * A stored category: size and rule edited in place, saved together (a change on the hub replaces
 * unsaved input); a non-general one also has its 参赛资格 list and 删除类别.
 */
function SavedCategory({
  category,
  bp,
  view,
  ranked,
}: {
  category: BreakCategoryPreview;
  bp: boolean;
  view: TournamentView;
  /** Several categories: their priorities matter, so they show. */
  ranked: boolean;
}) {
  const actions = useBreakActions(view.slug);
  const serverKey = `${category.size}:${category.rule}`;
  const [input, setInput] = useState({ base: serverKey, size: String(category.size), rule: category.rule });
  if (input.base !== serverKey)
    setInput({ base: serverKey, size: String(category.size), rule: category.rule });
  const { size, rule } = input;
  const parsed = parseSize(size);
  const dirty = parsed !== category.size || rule !== category.rule;
  return (
    <CategoryCard category={category} bp={bp} ranked={ranked}>
      <form
        className="tm-break__edit"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed === null || !dirty) return;
          actions.setCategory.mutate(
            { tournamentId: view.id, category: { categoryId: category.id!, size: parsed, rule } },
            { onSuccess: () => void toast.success(text.saved) },
          );
        }}
      >
        <SizeInput value={size} onChange={(value) => setInput({ ...input, size: value })} />
        <RuleSelect value={rule} onChange={(value) => setInput({ ...input, rule: value })} />
        <button
          type="submit"
          className="btn btn--secondary btn--sm"
          disabled={parsed === null || !dirty || actions.setCategory.isPending}
          data-testid="tm-break-save"
        >
          {text.save}
        </button>
        {!category.isGeneral && <DeleteBreakCategory view={view} category={category} />}
      </form>
      {parsed === null && <p className="tm-field__error">{text.sizeInvalid}</p>}
      {!category.isGeneral && <BreakEligibilityEditor view={view} category={category} />}
    </CategoryCard>
  );
}

/** One category: its head, the edit row (children), warnings, and the two lists. */
function CategoryCard({
  category,
  bp,
  ranked = false,
  children,
}: {
  category: BreakCategoryPreview;
  bp: boolean;
  ranked?: boolean;
  children: ReactNode;
}) {
  // Teams not eligible for the category are many in a narrow break (ESL, novice): folded away.
  const ineligible = category.excluded.filter((row) => row.reason === 'ineligible');
  const others = category.excluded.filter((row) => row.reason !== 'ineligible');
  return (
    <section
      className="tm-table-card tm-break__category"
      aria-label={category.name}
      data-testid="tm-break-category"
    >
      <h3 className="tm-table-card__title tm-break__title">
        {category.name}
        {category.isGeneral && <span className="tm-chip">{text.general}</span>}
        <span className="tm-chip">{format(text.eligible, { n: category.eligible })}</span>
        {ranked && (
          <span className="tm-chip" title={text.priorityHelp}>
            {format(text.priority, { n: category.priority })}
          </span>
        )}
        {category.released && <span className="tm-chip tm-chip--ok">{text.released}</span>}
      </h3>
      {children}
      {category.tiedAtCutoff.length > 0 && (
        <p className="tm-break__warn" role="status" data-testid="tm-break-tied">
          {format(text.tied, { teams: category.tiedAtCutoff.map((row) => row.name).join('、') })}
        </p>
      )}
      <h4 className="tm-break__subtitle">
        {text.breaking} · {category.breaking.length}/{category.size}
      </h4>
      {category.breaking.length === 0 ? (
        <p className="tm-muted">{text.none}</p>
      ) : (
        <div className="tm-table-scroll">
          <table className="tm-table" data-testid="tm-break-breaking">
            <thead>
              <tr>
                <th scope="col">{text.seed}</th>
                <th scope="col" className="tm-table__name">
                  {text.team}
                </th>
                <th scope="col" className="tm-break__school">
                  {text.school}
                </th>
                <th scope="col">{text.rank}</th>
                <RecordHead bp={bp} />
              </tr>
            </thead>
            <tbody>
              {category.breaking.map((row) => (
                <tr key={row.teamId} data-testid="tm-break-row">
                  <td>{row.seed}</td>
                  <td className="tm-table__name">{row.name}</td>
                  <td className="tm-break__school">{row.school}</td>
                  <td>{row.rank}</td>
                  <RecordCells row={row} bp={bp} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4 className="tm-break__subtitle">{text.excluded}</h4>
      {category.excluded.length === 0 ? (
        <p className="tm-muted">{text.noneExcluded}</p>
      ) : (
        <>
          {others.length > 0 && <ExcludedTable rows={others} />}
          {ineligible.length > 0 && (
            <details className="tm-break__ineligible" data-testid="tm-break-ineligible">
              <summary>{format(text.ineligibleSummary, { n: ineligible.length })}</summary>
              <ExcludedTable rows={ineligible} />
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** Teams above the cut-off that do not break: place, team, school, and why. */
function ExcludedTable({ rows }: { rows: BreakCategoryPreview['excluded'] }) {
  return (
    <div className="tm-table-scroll">
      <table className="tm-table" data-testid="tm-break-excluded">
        <thead>
          <tr>
            <th scope="col">{text.rank}</th>
            <th scope="col" className="tm-table__name">
              {text.team}
            </th>
            <th scope="col" className="tm-break__school">
              {text.school}
            </th>
            <th scope="col">{text.reason}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.teamId} data-testid="tm-break-excluded-row">
              <td>{row.rank}</td>
              <td className="tm-table__name">{row.name}</td>
              <td className="tm-break__school">{row.school}</td>
              <td>
                <span className="tm-chip tm-chip--warn">{text.reasons[row.reason]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordHead({ bp }: { bp: boolean }) {
  return bp ? (
    <>
      <th scope="col">{text.teamPoints}</th>
      <th scope="col">{text.speakerPoints}</th>
    </>
  ) : (
    <>
      <th scope="col">{text.wins}</th>
      <th scope="col">{text.ballots}</th>
      <th scope="col">{text.speakerPoints}</th>
    </>
  );
}

function RecordCells({ row, bp }: { row: BreakTeamLine; bp: boolean }) {
  return bp ? (
    <>
      <td>{row.points}</td>
      <td>{row.scored ? row.speakerPoints : '—'}</td>
    </>
  ) : (
    <>
      <td>{row.wins}</td>
      <td>{row.points}</td>
      <td>{row.scored ? row.speakerPoints : '—'}</td>
    </>
  );
}
