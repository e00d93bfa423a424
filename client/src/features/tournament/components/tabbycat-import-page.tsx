import type { AppRouter } from '@bianshi/hub/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Link } from 'react-router';
import { format, messages } from '../../../i18n';
import { tabbycat as tabbycatText } from '../../../i18n/zh-CN/tabbycat';
import { createLargeBodyClient } from '../../../lib/api/large-body-client';
import { useTRPC } from '../../../lib/api/trpc';
import {
  checkFolder,
  droppedFiles,
  failureMessage,
  folderNameOf,
  formatBytes,
  groupErrors,
  importErrorsOf,
  mergeFiles,
  pickedFiles,
  readFolder,
  type FileErrors,
  type PickedFile,
} from '../tabbycat-folder';
import '../tournament.css';
import '../tabbycat.css';

const t = tabbycatText;
const TITLE = messages.routes.titles.worldcupTabbycat;
const HERE = '/worldcup/new/tabbycat';

type ImportResult = inferRouterOutputs<AppRouter>['tournament']['importTabbycat'];

/** What the screen shows under the picker: problems found here, the hub's per-file errors, or a refusal. */
type Outcome =
  | { kind: 'none' }
  | { kind: 'problems'; problems: string[] }
  | { kind: 'errors'; groups: FileErrors[]; total: number }
  | { kind: 'refused'; message: string };

/** `/worldcup/new/tabbycat`: an organizer turns a Tabbycat import folder into a tournament. */
export function TabbycatImportPage() {
  const trpc = useTRPC();
  const account = useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
  if (account.isPending) return <p className="tm-loading">{t.loading}</p>;
  if (!account.data) {
    return (
      <div className="tm-page tm-page--narrow">
        <h1 className="tm-title">{TITLE}</h1>
        <p className="tm-lead">{t.signIn}</p>
        <Link className="btn btn--primary" to={`/auth/login?redirect=${encodeURIComponent(HERE)}`}>
          {t.signInButton}
        </Link>
      </div>
    );
  }
  return <Importer />;
}

function Importer() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Over HTTP and alone: the only way the hub takes a body past 1 MB (TRPC_HTTP_LARGE_BODIES).
  const upload = useMemo(() => createLargeBodyClient(), []);
  const importer = useMutation({
    mutationFn: (input: { files: Record<string, string>; name?: string }) =>
      upload.tournament.importTabbycat.mutate(input),
  });
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [reading, setReading] = useState(false);
  const [created, setCreated] = useState<{ result: ImportResult; name: string } | null>(null);
  const nameId = useId();

  const folder = folderNameOf(files);
  const show = (next: PickedFile[]) => {
    setFiles(next);
    const problems = next.length > 0 ? checkFolder(next) : [];
    setOutcome(problems.length > 0 ? { kind: 'problems', problems } : { kind: 'none' });
  };
  // A folder replaces what was there; loose files add to it.
  const choose = (picked: PickedFile[]) => show(folderNameOf(picked) ? picked : mergeFiles(files, picked));
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const list = [...(event.target.files ?? [])];
    event.target.value = '';
    if (list.length > 0)
      choose(pickedFiles(list.map((file) => ({ file, path: file.webkitRelativePath || file.name }))));
  };
  const onDrop = async (transfer: DataTransfer) => {
    const dropped = await droppedFiles(transfer);
    if (dropped.length > 0) choose(pickedFiles(dropped));
  };
  const remove = (path: string) => show(files.filter((file) => file.path !== path));
  const clear = () => show([]);

  const submit = async () => {
    const problems = checkFolder(files);
    if (problems.length > 0) {
      setOutcome({ kind: 'problems', problems });
      return;
    }
    setReading(true);
    const read = await readFolder(files).finally(() => setReading(false));
    if (!read.ok) {
      setOutcome({ kind: 'problems', problems: [read.problem] });
      return;
    }
    const tournamentName = name.trim() || folder || undefined;
    importer.mutate(
      { files: read.files, ...(tournamentName ? { name: tournamentName.slice(0, 80) } : {}) },
      {
        onSuccess: (result) => {
          setCreated({ result, name: tournamentName ?? t.name.placeholder });
          setOutcome({ kind: 'none' });
          void queryClient.invalidateQueries({ queryKey: trpc.tournament.list.pathKey() });
        },
        onError: (error) => {
          const errors = importErrorsOf(error);
          setOutcome(
            errors && errors.length > 0
              ? { kind: 'errors', groups: groupErrors(errors), total: errors.length }
              : { kind: 'refused', message: failureMessage(error) },
          );
        },
      },
    );
  };

  if (created) {
    return (
      <Created
        result={created.result}
        name={created.name}
        onAgain={() => {
          setCreated(null);
          clear();
          setName('');
        }}
      />
    );
  }

  const busy = reading || importer.isPending;
  const sent = files.filter((file) => file.sent);
  const total = sent.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="tm-page tm-page--narrow" data-testid="tbi-page">
      <Link className="tm-back" to="/worldcup">
        ← {t.back}
      </Link>
      <header>
        <h1 className="tm-title">{TITLE}</h1>
        <p className="tm-lead">{t.lead}</p>
      </header>

      <DropZone onDrop={(transfer) => void onDrop(transfer)} onInput={onInput} disabled={busy} />

      {files.length > 0 && (
        <section className="tbi-files" aria-label={t.list.title} data-testid="tbi-files">
          <div className="tbi-files__head">
            <h2 className="tm-subtitle">{t.list.title}</h2>
            <span className="tm-muted tm-small" data-testid="tbi-files-summary">
              {format(t.list.summary, { n: sent.length, size: formatBytes(total) })}
              {folder ? ` · ${format(t.list.folder, { name: folder })}` : ''}
            </span>
            <button type="button" className="btn btn--ghost btn--sm" onClick={clear} disabled={busy}>
              {t.list.clear}
            </button>
          </div>
          <ul className="tbi-file-list">
            {files.map((file) => (
              <li key={file.path} className={file.sent ? undefined : 'tbi-file--skipped'}>
                <span className="tbi-file__name" title={file.path}>
                  {file.name}
                </span>
                <span className="tbi-file__size">{file.sent ? formatBytes(file.size) : t.list.notSent}</span>
                <button
                  type="button"
                  className="tbi-file__remove"
                  aria-label={format(t.list.remove, { file: file.name })}
                  title={format(t.list.remove, { file: file.name })}
                  onClick={() => remove(file.path)}
                  disabled={busy}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="tm-field">
        <label className="tm-field__label" htmlFor={nameId}>
          {t.name.label}
        </label>
        <input
          id={nameId}
          className="input"
          name="name"
          maxLength={80}
          value={name}
          placeholder={folder ?? t.name.placeholder}
          onChange={(event) => setName(event.target.value)}
          disabled={busy}
        />
        <span className="tm-field__hint">{t.name.hint}</span>
      </div>

      <OutcomeView outcome={outcome} />

      <div className="tm-row">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || sent.length === 0}
          onClick={() => void submit()}
          data-testid="tbi-submit"
        >
          {reading ? t.reading : importer.isPending ? t.submitting : t.submit}
        </button>
        <Link className="btn btn--ghost" to="/worldcup/new">
          {t.createInstead}
        </Link>
      </div>
    </div>
  );
}

/** The folder and file pickers, and a drop target for either. */
function DropZone({
  onDrop,
  onInput,
  disabled,
}: {
  onDrop: (transfer: DataTransfer) => void;
  onInput: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
}) {
  const [over, setOver] = useState(false);
  const dragging = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  return (
    <div
      className={`tbi-drop${over ? ' tbi-drop--over' : ''}`}
      onDragEnter={dragging}
      onDragOver={dragging}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) onDrop(event.dataTransfer);
      }}
      data-testid="tbi-drop"
    >
      <div className="tm-row tbi-drop__buttons">
        <label className={`btn btn--secondary tm-file${disabled ? ' tbi-disabled' : ''}`}>
          {t.pick.folder}
          <input
            type="file"
            multiple
            disabled={disabled}
            // `webkitdirectory` is not in React's input attributes.
            ref={(input) => input?.setAttribute('webkitdirectory', '')}
            onChange={onInput}
            data-testid="tbi-folder"
          />
        </label>
        <label className={`btn btn--ghost tm-file${disabled ? ' tbi-disabled' : ''}`}>
          {t.pick.files}
          <input
            type="file"
            multiple
            accept=".csv,text/csv"
            disabled={disabled}
            onChange={onInput}
            data-testid="tbi-files-input"
          />
        </label>
      </div>
      <p className="tbi-drop__hint">{over ? t.pick.dropActive : t.pick.drop}</p>
      <p className="tm-muted tm-small">{t.pick.limits}</p>
    </div>
  );
}

/** Problems found before sending, or the hub's refusal: per file with rows and columns when it sent them. */
function OutcomeView({ outcome }: { outcome: Outcome }) {
  // A new refusal takes the focus (the button pressed was disabled while it was sent).
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome.kind === 'errors') title.current?.focus();
  }, [outcome]);
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'problems' || outcome.kind === 'refused') {
    const lines = outcome.kind === 'problems' ? outcome.problems : [outcome.message];
    return (
      <div className="tbi-alert" role="alert" data-testid="tbi-problems">
        {lines.length === 1 ? (
          <p>{lines[0]}</p>
        ) : (
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <section className="tbi-alert tbi-errors" role="alert" data-testid="tbi-errors">
      <h2 className="tbi-errors__title tbi-focus" ref={title} tabIndex={-1}>
        {format(t.errors.title, { n: outcome.total })}
      </h2>
      <p className="tbi-errors__lead">{t.errors.lead}</p>
      {outcome.groups.map((group) => (
        <div key={group.file} className="tbi-errors__file" data-testid="tbi-error-file">
          <h3 className="tbi-errors__name">
            <span className="tm-mono">{group.file}</span>
            <span className="tbi-count">{format(t.errors.count, { n: group.errors.length })}</span>
          </h3>
          <ul className="tbi-errors__list">
            {group.errors.map((error, index) => (
              <li key={index} data-testid="tbi-error">
                <span className="tbi-errors__place">
                  <span>
                    {error.row === null ? t.errors.wholeFile : format(t.errors.row, { row: error.row })}
                  </span>
                  {error.column && (
                    <span className="tm-mono">{format(t.errors.column, { column: error.column })}</span>
                  )}
                </span>
                <span className="tbi-errors__text">{error.text}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

const COUNTS = [
  'institutions',
  'teams',
  'speakers',
  'adjudicators',
  'venues',
  'rounds',
  'motions',
  'breakCategories',
  'speakerCategories',
  'conflicts',
] as const;

/** What the import created, what it left out and why, and the way into the new tournament. */
function Created({ result, name, onAgain }: { result: ImportResult; name: string; onAgain: () => void }) {
  const slug = result.tournament.slug;
  // The screen changed under the button that was pressed: the reader starts at its title.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="tm-page tm-page--narrow" data-testid="tbi-done">
      <Link className="tm-back" to="/worldcup">
        ← {t.back}
      </Link>
      <header>
        <h1 className="tm-title tbi-focus" ref={title} tabIndex={-1}>
          {format(t.done.title, { name })}
        </h1>
        <p className="tm-lead">
          {t.done.lead}
          {format(t.done.room, { n: result.teamsPerRoom })}
          {result.teamsPerRoomReason ? `（${result.teamsPerRoomReason}）` : ''}
        </p>
      </header>
      <dl className="tbi-counts" data-testid="tbi-counts">
        {COUNTS.map((key) => (
          <div key={key} className="tbi-count-tile" data-count={key}>
            <dt>{t.done.counts[key]}</dt>
            <dd>{result[key]}</dd>
          </div>
        ))}
      </dl>
      <div className="tm-row">
        <Link className="btn btn--primary" to={`/worldcup/${slug}`} data-testid="tbi-open">
          {t.done.open}
        </Link>
        <Link className="btn btn--ghost" to={`/worldcup/${slug}/manage`}>
          {t.done.manage}
        </Link>
        <button type="button" className="btn btn--ghost" onClick={onAgain}>
          {t.done.again}
        </button>
      </div>
      <section className="tbi-skipped" aria-label={t.done.skippedTitle} data-testid="tbi-skipped">
        <h2 className="tm-subtitle">{t.done.skippedTitle}</h2>
        {result.skipped.length === 0 ? (
          <p className="tm-muted">{t.done.skippedNone}</p>
        ) : (
          <>
            <p className="tm-muted tm-small">{t.done.skippedLead}</p>
            <ul className="tbi-skipped__list">
              {result.skipped.map((item, index) => (
                <li key={index} data-testid="tbi-skipped-item">
                  <span className="tbi-skipped__where">
                    <span className="tm-mono">{item.file}</span>
                    <span className="tm-muted">
                      {item.column
                        ? format(t.done.skippedColumn, { column: item.column })
                        : t.done.skippedWhole}
                      {item.count > 0 ? ` · ${format(t.done.skippedCount, { n: item.count })}` : ''}
                    </span>
                  </span>
                  <span className="tbi-skipped__reason">{item.reason}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
