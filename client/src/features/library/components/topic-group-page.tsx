import {
  TOPIC_CSV_COLUMNS,
  TOPIC_CSV_TEMPLATE,
  TOPIC_TYPES,
  importErrorText,
  type ImportError,
} from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { useTopicGroup, useTopicMutations } from '../api/library-queries';
import { downloadText } from '../../../lib/browser/download';
import { errorText } from '../text';
import { TopicCard, type TopicView } from './topic-card';
import { PublishPanel } from './publish-panel';
import { UseInTimerDialog } from './use-in-timer-dialog';
import '../library.css';

const t = libraryText;
const tg = t.group;

const quote = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The group's topics as CSV in the import template's columns (so an export imports back). */
function topicsCsv(groupName: string, topics: readonly TopicView[]): string {
  const rows = topics.map((topic) => [
    groupName,
    topic.text,
    topic.affText,
    topic.negText,
    topic.type ? (t.types[topic.type] ?? '') : '',
    topic.tags.join(';'),
    'zh',
    topic.source.tournament,
    topic.source.round,
    topic.source.year ?? '',
    topic.notes,
    topic.infoSlide,
  ]);
  return [TOPIC_CSV_COLUMNS.map(([label]) => label), ...rows]
    .map((row) => row.map(quote).join(','))
    .join('\r\n');
}

/** `/topic/:topicGroupId`: the group's topics, CSV/JSON export, and for editors add/edit/import. */
export function TopicGroupPage() {
  const { topicGroupId = '' } = useParams();
  const page = useTopicGroup(topicGroupId);
  const [editing, setEditing] = useState<TopicView | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [using, setUsing] = useState<TopicView | null>(null);
  const mutations = useTopicMutations();
  const confirm = useConfirm();
  if (page.isPending) return <div className="lib-page lib-muted">{t.loading}</div>;
  if (page.isError || !page.data)
    return <div className="lib-page lib-error">{errorText(page.error, t.loadFailed)}</div>;
  const { group, topics, canEdit } = page.data;
  const exportJson = () =>
    downloadText(
      `${group.name}.json`,
      JSON.stringify(
        {
          group: { name: group.name, description: group.description },
          topics: topics.map(({ position: _position, ...topic }) => topic),
        },
        null,
        2,
      ),
      'application/json',
    );
  const exportCsv = () =>
    downloadText(`${group.name}.csv`, `\ufeff${topicsCsv(group.name, topics)}`, 'text/csv;charset=utf-8');
  return (
    <div className="lib-page">
      {confirm.dialog}
      <Link to="/topic" className="lib-back">
        ← {tg.back}
      </Link>
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{group.name}</h1>
          {group.description ? <p className="lib-lead">{group.description}</p> : null}
          <p className="lib-muted">{format(t.topics.groupTopics, { n: topics.length })}</p>
          {canEdit ? <PublishPanel group={group} /> : null}
        </div>
        <div className="lib-row">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={exportCsv}
            data-testid="export-csv"
          >
            {tg.exportCsv}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={exportJson}
            data-testid="export-json"
          >
            {tg.exportJson}
          </button>
          {canEdit ? (
            <>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setImporting(true)}>
                {tg.import}
              </button>
              <button type="button" className="btn btn--primary btn--sm" onClick={() => setEditing('new')}>
                {tg.addTopic}
              </button>
            </>
          ) : null}
        </div>
      </header>
      {importing ? (
        <ImportPanel groupId={group.id} groupName={group.name} onClose={() => setImporting(false)} />
      ) : null}
      {editing === 'new' ? <TopicForm groupId={group.id} onDone={() => setEditing(null)} /> : null}
      {topics.length === 0 ? <p className="lib-empty">{tg.empty}</p> : null}
      <div className="lib-topic-list">
        {topics.map((topic) =>
          editing !== 'new' && editing?.id === topic.id ? (
            <TopicForm key={topic.id} groupId={group.id} topic={topic} onDone={() => setEditing(null)} />
          ) : (
            <div key={topic.id} className="lib-topic-row">
              <TopicCard topic={topic} onUse={() => setUsing(topic)} />
              {canEdit ? (
                <div className="lib-row">
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(topic)}>
                    {tg.edit}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={async () => {
                      if (
                        await confirm.ask({
                          title: tg.confirmDelete,
                          confirmLabel: tg.delete,
                          tone: 'danger',
                        })
                      )
                        mutations.remove.mutate(
                          { id: topic.id },
                          {
                            onSuccess: () => void toast.success(tg.deleted),
                            onError: (error) => void toast.error(errorText(error, t.generic)),
                          },
                        );
                    }}
                  >
                    {tg.delete}
                  </button>
                </div>
              ) : null}
            </div>
          ),
        )}
      </div>
      <UseInTimerDialog topic={using} onClose={() => setUsing(null)} />
    </div>
  );
}

function TopicForm({ groupId, topic, onDone }: { groupId: string; topic?: TopicView; onDone: () => void }) {
  const { add, update } = useTopicMutations();
  const [value, setValue] = useState({
    text: topic?.text ?? '',
    affText: topic?.affText ?? '',
    negText: topic?.negText ?? '',
    type: topic?.type ?? '',
    tags: topic?.tags.join('；') ?? '',
    tournament: topic?.source.tournament ?? '',
    round: topic?.source.round ?? '',
    year: topic?.source.year ? String(topic.source.year) : '',
    notes: topic?.notes ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof value) => (event: { target: { value: string } }) =>
    setValue((all) => ({ ...all, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.year && !/^\d{4}$/.test(value.year)) return setError('年份应为四位数字');
    const payload = {
      text: value.text,
      affText: value.affText,
      negText: value.negText,
      type: value.type || null,
      tags: value.tags
        .split(/[;；,，]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
      source: {
        tournament: value.tournament,
        round: value.round,
        year: value.year ? Number(value.year) : null,
      },
      notes: value.notes,
      infoSlide: topic?.infoSlide ?? '',
    };
    const options = {
      onSuccess: () => {
        toast.success(tg.saved);
        onDone();
      },
      onError: (failure: unknown) => setError(errorText(failure, t.generic)),
    };
    if (topic) update.mutate({ id: topic.id, topic: payload }, options);
    else add.mutate({ groupId, topic: payload }, options);
  };
  const field = (key: keyof typeof value, label: string, wide = false) => (
    <label className={`lib-field${wide ? ' lib-field--wide' : ''}`}>
      <span>{label}</span>
      <input className="input" value={value[key]} onChange={set(key)} />
    </label>
  );
  return (
    <form className="lib-form" onSubmit={submit} data-testid="topic-form">
      {field('text', tg.fields.text, true)}
      {field('affText', tg.fields.affText)}
      {field('negText', tg.fields.negText)}
      <label className="lib-field">
        <span>{tg.fields.type}</span>
        <select className="input" value={value.type} onChange={set('type')}>
          <option value="">{tg.noType}</option>
          {TOPIC_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.types[type]}
            </option>
          ))}
        </select>
      </label>
      {field('tags', tg.fields.tags)}
      {field('tournament', tg.fields.tournament)}
      {field('round', tg.fields.round)}
      {field('year', tg.fields.year)}
      {field('notes', tg.fields.notes, true)}
      {error ? (
        <p className="lib-error lib-field--wide" role="alert">
          {error}
        </p>
      ) : null}
      <div className="lib-row lib-field--wide">
        <button type="submit" className="btn btn--primary btn--sm">
          {tg.save}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          {tg.cancel}
        </button>
      </div>
    </form>
  );
}

/** Import with a preview: the file is checked first; errors list row and column; nothing is written unless all rows are valid. */
function ImportPanel({
  groupId,
  groupName,
  onClose,
}: {
  groupId: string;
  groupName: string;
  onClose: () => void;
}) {
  const { check, importFile } = useTopicMutations();
  const [file, setFile] = useState<{ format: 'csv' | 'json'; text: string } | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [rows, setRows] = useState<Array<{
    row: number;
    group: string;
    topic: {
      text: string;
      type: string | null;
      source: { tournament: string; round: string; year: number | null };
    };
  }> | null>(null);
  const count = rows?.length ?? null;
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const text = await chosen.text();
    const fileFormat = chosen.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
    setFile({ format: fileFormat, text });
    check.mutate(
      { format: fileFormat, text, defaultGroup: groupName },
      {
        onSuccess: (result) => {
          setErrors(result.ok ? [] : result.errors);
          setRows(result.ok ? result.rows : null);
        },
        onError: (error) => setErrors([{ row: 0, column: '', message: errorText(error, t.generic) }]),
      },
    );
  };
  const confirm = () => {
    if (!file) return;
    importFile.mutate(
      { groupId, format: file.format, text: file.text },
      {
        onSuccess: (result) => {
          toast.success(format(tg.imported, { n: result.topics }));
          onClose();
        },
        onError: (error) => {
          const details = (error as { data?: { details?: { errors?: ImportError[] } } }).data?.details
            ?.errors;
          setErrors(details ?? [{ row: 0, column: '', message: errorText(error, t.generic) }]);
        },
      },
    );
  };
  return (
    <section className="lib-import" aria-labelledby="lib-import-title" data-testid="import-panel">
      <h2 id="lib-import-title" className="lib-subtitle">
        {tg.importTitle}
      </h2>
      <p className="lib-muted">{tg.importLead}</p>
      <div className="lib-row">
        <label className="btn btn--secondary btn--sm">
          {tg.chooseFile}
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            hidden
            onChange={(e) => void choose(e.target.files?.[0])}
            data-testid="import-file"
          />
        </label>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() =>
            downloadText('辩题导入模板.csv', `\ufeff${TOPIC_CSV_TEMPLATE}`, 'text/csv;charset=utf-8')
          }
        >
          {tg.template}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose}>
          {tg.cancel}
        </button>
      </div>
      {errors.length > 0 ? (
        <div className="lib-import__errors" role="alert" data-testid="import-errors">
          <p>{format(tg.errors, { n: errors.length })}</p>
          <ul>
            {errors.map((error, index) => (
              <li key={index}>{error.row > 0 ? importErrorText(error) : error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {count !== null && errors.length === 0 ? (
        <div className="lib-row">
          <p data-testid="import-preview">{format(tg.preview, { n: count })}</p>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={confirm}
            disabled={importFile.isPending || count === 0}
          >
            {format(tg.confirmImport, { n: count })}
          </button>
        </div>
      ) : null}
      {rows && errors.length === 0 && rows.length > 0 ? (
        <div className="lib-table-wrap">
          <table className="lib-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{tg.fields.text}</th>
                <th scope="col">{tg.fields.type}</th>
                <th scope="col">{t.topics.source}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, 50).map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>{row.topic.text}</td>
                  <td>{row.topic.type ? t.types[row.topic.type] : '—'}</td>
                  <td>
                    {[row.topic.source.tournament, row.topic.source.round, row.topic.source.year]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
