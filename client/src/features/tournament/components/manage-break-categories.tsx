import {
  DEFAULT_OPEN_BREAK_SIZE,
  sameBreakCategoryName,
  type BreakCategoryPreview,
  type BreakCategoryRule,
  type TournamentView,
} from '@bianshi/shared';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { tournamentBreak as text } from '../../../i18n/zh-CN/tournament-break';
import { toast } from '../../../lib/toast';
import { useBreakActions } from '../api/use-break';
import { NameInput, RuleSelect, SizeInput, nameValid, parseSize } from './manage-break-fields';

/**
 * 添加晋级类别: a category beyond the open one (ESL, 新生组…), its name, size and rule; its
 * teams are ticked afterwards in its 参赛资格 list. The hub places it below the existing ones.
 */
export function AddBreakCategory({
  view,
  categories,
}: {
  view: TournamentView;
  categories: readonly BreakCategoryPreview[];
}) {
  const actions = useBreakActions(view.slug);
  const [name, setName] = useState('');
  const [size, setSize] = useState(String(Math.min(DEFAULT_OPEN_BREAK_SIZE / 2, view.teams.length || 1)));
  const [rule, setRule] = useState<BreakCategoryRule>('standard');
  const parsed = parseSize(size);
  const taken = categories.some((category) => sameBreakCategoryName(category.name, name));
  const typed = name.trim() !== '';
  const ready = typed && nameValid(name) && !taken && parsed !== null;
  return (
    <details className="tm-table-card tm-break__add" data-testid="tm-break-add">
      <summary className="tm-break__add-summary">{text.add.summary}</summary>
      <p className="tm-muted tm-small">{text.add.lead}</p>
      <form
        className="tm-break__edit"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          const category = { name: name.trim(), size: parsed, rule };
          actions.createCategory.mutate(
            { tournamentId: view.id, category },
            {
              onSuccess: () => {
                toast.success(format(text.add.added, { name: category.name }));
                setName('');
              },
            },
          );
        }}
      >
        <NameInput
          value={name}
          onChange={setName}
          placeholder={text.add.placeholder}
          invalid={typed && (taken || !nameValid(name))}
        />
        <SizeInput value={size} onChange={setSize} />
        <RuleSelect value={rule} onChange={setRule} />
        <button
          type="submit"
          className="btn btn--secondary btn--sm"
          disabled={!ready || actions.createCategory.isPending}
          data-testid="tm-break-add-submit"
        >
          {text.add.submit}
        </button>
      </form>
      {taken && <p className="tm-field__error">{text.add.nameTaken}</p>}
      {typed && !nameValid(name) && <p className="tm-field__error">{text.nameInvalid}</p>}
      {parsed === null && <p className="tm-field__error">{text.sizeInvalid}</p>}
    </details>
  );
}

/** Whether `selected` holds exactly `ids`. */
function sameSet(selected: ReadonlySet<string>, ids: readonly string[]): boolean {
  return selected.size === ids.length && ids.every((id) => selected.has(id));
}

/**
 * 参赛资格 of a non-general category: the tournament's teams as a checklist, filtered by team or
 * school name (a tournament may have hundreds), saved as a whole. Unsaved ticks are kept until
 * the hub's list changes (saved here or by another organizer), which then shows as it is.
 */
export function BreakEligibilityEditor({
  view,
  category,
}: {
  view: TournamentView;
  category: BreakCategoryPreview;
}) {
  const t = text.eligibility;
  const actions = useBreakActions(view.slug);
  const serverIds = category.eligibleTeamIds ?? [];
  const serverKey = [...serverIds].sort().join(',');
  const [local, setLocal] = useState<{ base: string; selected: Set<string> } | null>(null);
  const edits = local !== null && local.base === serverKey ? local : null;
  const selected = edits?.selected ?? new Set(serverIds);
  const dirty = edits !== null && !sameSet(edits.selected, serverIds);
  const [open, setOpen] = useState(category.eligible === 0);
  const [filter, setFilter] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const needle = filter.trim().toLowerCase();
  const shown = view.teams.filter(
    (team) =>
      (!onlySelected || selected.has(team.id)) &&
      (!needle || team.name.toLowerCase().includes(needle) || team.school.toLowerCase().includes(needle)),
  );
  const change = (ids: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setLocal({ base: serverKey, selected: next });
  };
  const filtered = needle !== '' || onlySelected;
  return (
    <details
      className="tm-break__eligibility"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="tm-break-eligibility"
    >
      <summary>
        {format(t.summary, { n: category.eligible, total: view.teams.length })}
        {dirty && <span className="tm-chip tm-chip--warn">{format(t.unsaved, { n: selected.size })}</span>}
      </summary>
      {view.teams.length === 0 ? (
        <p className="tm-muted">{t.noTeams}</p>
      ) : (
        <>
          <p className="tm-muted tm-small">{t.lead}</p>
          <div className="tm-break__eligibility-tools">
            <input
              className="input tm-input--sm tm-break__filter"
              type="search"
              placeholder={t.filter}
              aria-label={t.filter}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              data-testid="tm-break-eligibility-filter"
            />
            <label className="tm-break__only">
              <input
                type="checkbox"
                checked={onlySelected}
                onChange={(event) => setOnlySelected(event.target.checked)}
              />{' '}
              {t.onlySelected}
            </label>
            {([true, false] as const).map((on) => (
              <button
                key={String(on)}
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={shown.length === 0}
                onClick={() =>
                  change(
                    shown.map((team) => team.id),
                    on,
                  )
                }
              >
                {on
                  ? filtered
                    ? t.selectFiltered
                    : t.selectShown
                  : filtered
                    ? t.clearFiltered
                    : t.clearShown}
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="tm-muted">{t.noMatch}</p>
          ) : (
            <ul className="tm-break__teams">
              {shown.map((team) => (
                <li key={team.id}>
                  <label className="tm-break__team" data-testid="tm-break-eligibility-team">
                    <input
                      type="checkbox"
                      checked={selected.has(team.id)}
                      onChange={(event) => change([team.id], event.target.checked)}
                    />
                    <span className="tm-break__team-text">
                      <span className="tm-break__team-name">{team.name}</span>
                      {team.school && <span className="tm-break__team-school">{team.school}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="tm-break__eligibility-save">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={!dirty || actions.setEligibility.isPending}
              onClick={() =>
                actions.setEligibility.mutate(
                  {
                    tournamentId: view.id,
                    eligibility: { categoryId: category.id!, teamIds: [...selected] },
                  },
                  { onSuccess: (result) => void toast.success(format(t.saved, { n: result.eligible })) },
                )
              }
              data-testid="tm-break-eligibility-save"
            >
              {t.save}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={!dirty}
              onClick={() => setLocal(null)}
            >
              {t.reset}
            </button>
          </div>
        </>
      )}
    </details>
  );
}

/** 删除类别, after the product's confirmation. */
export function DeleteBreakCategory({
  view,
  category,
}: {
  view: TournamentView;
  category: BreakCategoryPreview;
}) {
  const actions = useBreakActions(view.slug);
  const confirm = useConfirm();
  const remove = async () => {
    const yes = await confirm.ask({
      title: format(text.remove.title, { name: category.name }),
      body: text.remove.body,
      confirmLabel: text.remove.confirm,
      tone: 'danger',
    });
    if (!yes) return;
    await actions.deleteCategory.mutateAsync({ tournamentId: view.id, categoryId: category.id! });
    toast.success(format(text.remove.done, { name: category.name }));
  };
  return (
    <>
      {confirm.dialog}
      <button
        type="button"
        className="btn btn--ghost btn--sm tm-break__delete"
        disabled={actions.deleteCategory.isPending}
        onClick={() => void remove().catch(() => undefined)}
        data-testid="tm-break-delete"
      >
        {text.remove.button}
      </button>
    </>
  );
}
