import {
  BUILTIN_FORMATS,
  exportFormatJson,
  parseFormatJson,
  validateFormat,
  type Format,
  type FormatIssue,
} from '@bianshi/shared';
import { useFieldErrorsCollector } from './field-errors';
import { issueText } from './issue-label';
import { useRef, useState, type ChangeEvent } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { Section } from '../components/fields';
import { PoolsEditor } from './pools-editor';
import { StageEditor } from './stage-editor';
import { moved, stageOfKind } from './stage-defaults';
import './format-editor.css';
import { downloadText } from '../../../lib/browser/download';

const t = manageText.timing;

/** Issues shown in the editor: from a save (in the user's numbering) or from a JSON import (paths). */
type Issues = { source: 'save' | 'import'; list: FormatIssue[] };

/** The toast of a refused save: one message naming the fields (the first few). */
function refusedToast(fields: string[]): string {
  const unique = [...new Set(fields)];
  const shown = unique.slice(0, 3).join('、');
  return unique.length > 3
    ? fill(t.saveRefusedMore, { fields: shown, n: unique.length })
    : fill(t.saveRefused, { fields: shown });
}

/** The library format to offer first: the one this timer uses, else the first. */
function libraryIdFor(format: Format): string {
  return (
    (
      BUILTIN_FORMATS.find((value) => value.id === format.id) ??
      BUILTIN_FORMATS.find((value) => value.name === format.name) ??
      BUILTIN_FORMATS[0]
    )?.id ?? ''
  );
}

/**
 * The format editor: start from the library, add/remove/reorder stages, edit kinds,
 * durations (m:ss), bells, pools and per-turn caps; import/export JSON with precise errors.
 * `onSave(format, startNewMatch)` gets a validated format.
 */
export function FormatEditor({
  initial,
  disabled,
  saving,
  onSave,
  offerStartNew = true,
  saveNote = null,
}: {
  initial: Format;
  disabled: boolean;
  saving: boolean;
  onSave: (format: Format, startNewMatch: boolean) => Promise<boolean>;
  /** Offers 保存并开始新比赛 (pointless while the current match has not begun: a save reaches it). */
  offerStartNew?: boolean;
  /** What a save does to the current match, said beside the buttons. */
  saveNote?: string | null;
}) {
  const confirm = useConfirm();
  const [draft, setDraft] = useState<Format>(initial);
  const [dirty, setDirty] = useState(false);
  const [issues, setIssuesState] = useState<Issues>({ source: 'save', list: [] });
  const setIssues = (list: FormatIssue[], source: Issues['source'] = 'import') =>
    setIssuesState({ source, list });
  const [builtinId, setBuiltinId] = useState(() => libraryIdFor(initial));
  const fieldErrors = useFieldErrorsCollector();
  const importRef = useRef<HTMLInputElement>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const change = (next: Format) => {
    setDraft(next);
    setDirty(true);
  };

  const save = (startNewMatch: boolean) => {
    // Refused as a whole: a field whose text is not a value, or a rule the format breaks.
    const refusedFields = fieldErrors.current();
    const result = validateFormat(draft);
    const formatIssues = result.ok ? [] : result.errors;
    setIssues(formatIssues, 'save');
    if (refusedFields.length > 0 || formatIssues.length > 0) {
      toast.error(
        refusedToast([
          ...refusedFields.map((error) => error.field),
          ...formatIssues.map((issue) => issueText(issue, draft)),
        ]),
      );
      return;
    }
    if (!result.ok) return;
    const saved = draft;
    void onSave(result.format, startNewMatch).then((ok) => {
      if (ok) setDirty((stillDirty) => (draftRef.current === saved ? false : stillDirty));
    });
  };
  const loadBuiltin = async () => {
    const chosen = BUILTIN_FORMATS.find((value) => value.id === builtinId);
    if (!chosen) return;
    if (
      dirty &&
      !(await confirm.ask({
        title: fill(t.loadTitle, { name: chosen.name }),
        body: fill(t.loadConfirm, { name: chosen.name }),
        confirmLabel: t.loadBuiltin,
        tone: 'danger',
      }))
    )
      return;
    setIssues([]);
    change(structuredClone(chosen));
  };
  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const parsed = parseFormatJson(await file.text());
    if (!parsed.ok) {
      setIssues(parsed.errors);
      toast.error(t.importFailed);
      return;
    }
    setIssues([]);
    change(parsed.format);
    toast.success(fill(t.imported, { name: parsed.format.name }));
  };

  const stageIssues = (index: number): string[] =>
    issues.source === 'save'
      ? issues.list
          .filter((issue) => issue.path.startsWith(`stages[${index}]`))
          .map((issue) => issueText(issue, draft))
      : [];

  return (
    <fieldErrors.Provider>
      <div className="manage-stack fe">
        <p className="manage-notice" role="note">
          {t.notice}
        </p>
        <Section title={t.library}>
          <div className="manage-row">
            <select
              className="input fe-inline"
              aria-label={t.library}
              value={builtinId}
              disabled={disabled}
              onChange={(e) => setBuiltinId(e.target.value)}
            >
              {BUILTIN_FORMATS.map((value) => (
                <option key={value.id} value={value.id}>
                  {value.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={disabled}
              onClick={() => void loadBuiltin()}
            >
              {t.loadBuiltin}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => downloadText(`${draft.id}.json`, exportFormatJson(draft), 'application/json')}
              data-testid="format-export"
            >
              {t.export}
            </button>
            <label className="btn btn--ghost manage-file">
              {t.import}
              <input
                ref={importRef}
                type="file"
                accept="application/json,.json"
                disabled={disabled}
                onChange={(event) => void importFile(event)}
                data-testid="format-import"
              />
            </label>
          </div>
        </Section>
        {issues.list.length > 0 ? (
          <div className="manage-issues" role="alert" data-testid="format-issues">
            <strong>{issues.source === 'save' ? t.saveFailedTitle : t.importFailed}</strong>
            <ul>
              {issues.list.map((issue, index) =>
                issues.source === 'save' ? (
                  <li key={index}>{issueText(issue, draft)}</li>
                ) : (
                  <li key={index}>
                    <code>{issue.path}</code> {issue.message}
                  </li>
                ),
              )}
            </ul>
          </div>
        ) : null}
        <Section title={t.meta}>
          <div className="fe-grid">
            <label className="fe-field fe-field--wide">
              <span className="manage-field__label">{t.formatName}</span>
              <input
                className="input"
                value={draft.name}
                maxLength={80}
                disabled={disabled}
                onChange={(e) => change({ ...draft, name: e.target.value })}
                data-testid="format-name"
              />
            </label>
            <label className="fe-field">
              <span className="manage-field__label">{t.formatId}</span>
              <input
                className="input"
                value={draft.id}
                maxLength={64}
                disabled={disabled}
                onChange={(e) => change({ ...draft, id: e.target.value })}
              />
            </label>
            <label className="fe-field">
              <span className="manage-field__label">{`${t.sideLabels} · ${t.sides.aff}`}</span>
              <input
                className="input"
                value={draft.sides.aff.label}
                maxLength={20}
                disabled={disabled}
                onChange={(e) =>
                  change({
                    ...draft,
                    sides: { ...draft.sides, aff: { ...draft.sides.aff, label: e.target.value } },
                  })
                }
              />
            </label>
            <label className="fe-field">
              <span className="manage-field__label">{`${t.sideLabels} · ${t.sides.neg}`}</span>
              <input
                className="input"
                value={draft.sides.neg.label}
                maxLength={20}
                disabled={disabled}
                onChange={(e) =>
                  change({
                    ...draft,
                    sides: { ...draft.sides, neg: { ...draft.sides.neg, label: e.target.value } },
                  })
                }
              />
            </label>
          </div>
        </Section>
        <Section title={t.pools}>
          <PoolsEditor value={draft} onChange={change} disabled={disabled} />
        </Section>
        <Section
          title={`${t.stages}（${draft.stages.length}）`}
          actions={
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={disabled || draft.stages.length >= 200}
              onClick={() =>
                change({
                  ...draft,
                  stages: [...draft.stages, stageOfKind('single', `环节 ${draft.stages.length + 1}`, draft)],
                })
              }
            >
              {t.addStage}
            </button>
          }
        >
          <ol className="fe-stages">
            {draft.stages.map((stage, index) => (
              <StageEditor
                key={index}
                stage={stage}
                index={index}
                count={draft.stages.length}
                formatValue={draft}
                disabled={disabled}
                issues={stageIssues(index)}
                onChange={(next) =>
                  change({ ...draft, stages: draft.stages.map((s, i) => (i === index ? next : s)) })
                }
                onMove={(to) => change({ ...draft, stages: moved(draft.stages, index, to) })}
                onRemove={() => change({ ...draft, stages: draft.stages.filter((_, i) => i !== index) })}
              />
            ))}
          </ol>
        </Section>
        {!disabled ? (
          <div className="manage-savebar manage-savebar--sticky">
            {saveNote ? (
              <span className="manage-muted fe-save-note" data-testid="format-save-note">
                {saveNote}
              </span>
            ) : null}
            {dirty ? <span className="manage-muted">{t.dirty}</span> : null}
            {offerStartNew ? (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={saving}
                onClick={() => save(true)}
                data-testid="format-save-start"
              >
                {t.saveAndStart}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn--primary"
              disabled={saving}
              onClick={() => save(false)}
              data-testid="format-save"
            >
              {t.save}
            </button>
          </div>
        ) : null}
        {confirm.dialog}
      </div>
    </fieldErrors.Provider>
  );
}
