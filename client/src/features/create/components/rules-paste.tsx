import { useConfirm } from '../../../components/ui/confirm-dialog';
import {
  MAX_RULES_TEXT_CHARS,
  findDurations,
  normalizeRulesText,
  parseRulesText,
  validateFormat,
  type Format,
  type FormatInput,
  type RulesLine,
  type RulesEvent,
  type RulesParse,
} from '@bianshi/shared';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { format } from '../../../i18n';
import { create as createText } from '../../../i18n/zh-CN/create';
import { useTRPCClient } from '../../../lib/api/trpc';
import { useAiStatus, useAiStream } from '../../../lib/api/ai-stream';
import { mmss } from '../format-text';
import { MAX_RULES_FILE_BYTES, rulesFileText, RulesFileError } from '../rules-file';

const t = createText.rules;
const ta = createText.ai;
type StageInput = FormatInput['stages'][number];

/** A duration typed any way the parser reads (3:30, 3分30秒, 210秒); commits on blur or Enter. */
function DurationField({
  valueMs,
  label,
  onChange,
}: {
  valueMs: number;
  label: string;
  onChange: (ms: number | null) => void;
}) {
  const [text, setText] = useState(mmss(valueMs));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(mmss(valueMs));
    setInvalid(false);
  }, [valueMs]);
  const commit = () => {
    const found = findDurations(normalizeRulesText(text.trim()));
    const ms = found.length === 1 ? found[0]!.ms : null;
    setInvalid(ms === null);
    onChange(ms);
  };
  return (
    <input
      className="input rules-stage__time"
      aria-label={label}
      aria-invalid={invalid}
      title={t.durationHint}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

/** The source text line by line, each marked with what became of it. */
function LineReport({ lines }: { lines: readonly RulesLine[] }) {
  const unknown = lines.filter((line) => line.status === 'unknown').length;
  return (
    <section className="rules-lines" aria-label={t.lines}>
      <h3 className="rules-lines__title">
        {t.lines}
        {unknown > 0 ? (
          <span className="rules-lines__warn">{format(t.unknownCount, { n: unknown })}</span>
        ) : null}
      </h3>
      {unknown > 0 ? <p className="rules-lines__hint">{t.unknownHint}</p> : null}
      <ol className="rules-lines__list">
        {lines
          .filter((line) => line.text.trim() !== '')
          .map((line) => (
            <li key={line.line} className="rules-line" data-status={line.status}>
              <span className="rules-line__no">{line.line}</span>
              <span className="rules-line__text">{line.text}</span>
              <span className="rules-line__status">
                {t.status[line.status]}
                {line.stageIndexes.length > 0
                  ? ` ${format(t.stagesOf, { list: line.stageIndexes.map((i) => i + 1).join('、') })}`
                  : ''}
              </span>
            </li>
          ))}
      </ol>
    </section>
  );
}

function bellText(stage: StageInput): string {
  const bells = stage.kind === 'single' || stage.kind === 'dual' ? (stage.bells ?? []) : [];
  if (bells.length === 0) return t.noBells;
  const parts = bells.map((bell) =>
    bell.from === 'end'
      ? bell.offsetMs === 0
        ? format(t.bellZero, { count: bell.count })
        : format(t.bellEnd, { t: mmss(bell.offsetMs), count: bell.count })
      : format(t.bellStart, { t: mmss(bell.offsetMs), count: bell.count }),
  );
  return format(t.bells, { text: parts.join('，') });
}

/** Problems of the draft in the user's numbering: 第 3 环节 · 名称不能为空. */
function draftIssues(draft: FormatInput, badDurations: ReadonlySet<number>): string[] {
  const issues = [...badDurations]
    .sort((a, b) => a - b)
    .map((index) => format(t.badDuration, { n: index + 1 }));
  const result = validateFormat(draft);
  if (!result.ok) {
    for (const issue of result.errors) {
      const stage = /^stages\[(\d+)\]/.exec(issue.path);
      issues.push(
        stage ? format(t.issue, { n: Number(stage[1]) + 1, message: issue.message }) : issue.message,
      );
    }
  }
  return issues;
}

/** Reads a .txt/.docx/.pdf into the textarea. */
function RulesFileButton({ onText }: { onText: (text: string) => void }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const inputId = useId();
  const read = async (file: File) => {
    setState({ busy: true, message: ta.fileReading, error: false });
    try {
      const text = await rulesFileText(file);
      onText(text);
      setState({
        busy: false,
        message: format(ta.fileRead, { name: file.name, n: text.length }),
        error: false,
      });
    } catch (error) {
      const message =
        error instanceof RulesFileError
          ? {
              unsupported: ta.fileUnsupported,
              'too-big': format(ta.fileTooBig, { n: MAX_RULES_FILE_BYTES / 1024 / 1024 }),
              empty: ta.fileEmpty,
            }[error.reason]
          : format(ta.fileFailed, { message: error instanceof Error ? error.message : String(error) });
      setState({ busy: false, message, error: true });
    }
  };
  return (
    <div className="rules-file">
      <label htmlFor={inputId} className="btn btn--ghost btn--sm" aria-disabled={state.busy}>
        {ta.file}
      </label>
      <input
        id={inputId}
        type="file"
        className="sr-only"
        accept=".txt,.md,.docx,.pdf,text/plain,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        disabled={state.busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      <span
        className={state.error ? 'rules-error' : 'rules-file__hint'}
        role={state.error ? 'alert' : undefined}
      >
        {state.message ?? ta.fileHint}
      </span>
    </div>
  );
}

/** The provider path: when the parser left lines it could not read, the AI proposes a whole format (checked on the hub). */
function AiFill({
  text,
  unknown,
  onFormat,
}: {
  text: string;
  unknown: number;
  onFormat: (format: Format, attempts: number) => void;
}) {
  const client = useTRPCClient();
  const status = useAiStatus().data;
  const stream = useAiStream<RulesEvent>();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (unknown === 0 || !status) return null;
  if (status.mode === 'deterministic') return <p className="rules-ai rules-ai--off">{ta.aiOff}</p>;
  const run = () => {
    setError(null);
    setProgress(format(ta.working, { n: 0 }));
    stream.start((handlers) => client.ai.rules.subscribe({ text }, handlers), {
      data: (event) => {
        if (event.type === 'progress') setProgress(format(ta.working, { n: event.chars }));
        else if (event.type === 'retry') setProgress(ta.retrying);
        else {
          setProgress(null);
          onFormat(event.format, event.attempts);
        }
      },
      error: (message) => {
        setProgress(null);
        setError(message);
      },
    });
  };
  return (
    <div className="rules-ai">
      <p className="rules-ai__hint">{format(ta.aiFillHint, { n: unknown })}</p>
      <div className="rules-ai__actions">
        {stream.running ? (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => (stream.stop(), setProgress(null))}
          >
            {ta.stop}
          </button>
        ) : (
          <button type="button" className="btn btn--secondary btn--sm" onClick={run}>
            {ta.aiFill}
          </button>
        )}
        {progress ? (
          <span className="rules-file__hint" role="status">
            {progress}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="rules-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /create's paste mode: rules text in, a format out. The deterministic parser reads the text;
 * the stages it found are shown for correction beside the lines it could not read, and nothing
 * is created until the organiser confirms.
 */
export function RulesPaste({
  pending,
  onCreate,
}: {
  pending: boolean;
  onCreate: (value: Format, name: string) => void;
}) {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<RulesParse | null>(null);
  const [draft, setDraft] = useState<FormatInput | null>(null);
  const [edited, setEdited] = useState(false);
  const [badDurations, setBadDurations] = useState<ReadonlySet<number>>(new Set());
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [aiNote, setAiNote] = useState<string | null>(null);
  const textId = useId();
  const confirm = useConfirm();
  const issues = useMemo(() => (draft ? draftIssues(draft, badDurations) : []), [draft, badDurations]);

  const parse = async () => {
    if (text.trim() === '') return setFormError(t.empty);
    if (text.length > MAX_RULES_TEXT_CHARS)
      return setFormError(format(t.tooLong, { n: MAX_RULES_TEXT_CHARS }));
    if (
      edited &&
      !(await confirm.ask({
        title: t.reparseTitle,
        body: t.reparseConfirm,
        confirmLabel: t.parse,
        tone: 'danger',
      }))
    )
      return;
    const result = parseRulesText(text);
    setFormError(null);
    setParsed(result);
    setDraft(result.format);
    setEdited(false);
    setBadDurations(new Set());
    setAiNote(null);
  };

  const takeAiFormat = async (value: Format, attempts: number) => {
    if (
      edited &&
      !(await confirm.ask({
        title: ta.aiReplaceTitle,
        body: ta.aiReplaceConfirm,
        confirmLabel: ta.aiReplace,
        tone: 'danger',
      }))
    )
      return;
    setDraft(value);
    setEdited(false);
    setBadDurations(new Set());
    setFormError(null);
    setAiNote(format(ta.aiDone, { attempts }));
  };

  const editStage = (index: number, next: StageInput) => {
    if (!draft) return;
    setDraft({ ...draft, stages: draft.stages.map((stage, i) => (i === index ? next : stage)) });
    setEdited(true);
    setFormError(null);
  };
  const removeStage = (index: number) => {
    if (!draft) return;
    setDraft({ ...draft, stages: draft.stages.filter((_, i) => i !== index) });
    setBadDurations(
      new Set([...badDurations].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))),
    );
    setEdited(true);
  };
  const duration = (index: number, ms: number | null, apply: (ms: number) => StageInput) => {
    const next = new Set(badDurations);
    if (ms === null) next.add(index);
    else {
      next.delete(index);
      editStage(index, apply(ms));
    }
    setBadDurations(next);
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return setFormError(t.empty);
    const result = validateFormat(draft);
    if (!result.ok || badDurations.size > 0)
      return setFormError(format(t.invalid, { n: issues.length, list: issues.join('；') }));
    setFormError(null);
    onCreate(result.format, name.trim());
  };

  return (
    <form className="rules-layout" onSubmit={submit} aria-label={t.title}>
      <section className="rules-input">
        <p className="rules-input__lead">{t.lead}</p>
        <label className="create-field" htmlFor={textId}>
          <span className="create-field__label">{t.label}</span>
        </label>
        <textarea
          id={textId}
          className="input rules-input__text"
          rows={10}
          value={text}
          maxLength={MAX_RULES_TEXT_CHARS}
          placeholder={t.placeholder}
          onChange={(event) => setText(event.target.value)}
        />
        <RulesFileButton onText={setText} />
        <button type="button" className="btn btn--secondary" onClick={() => void parse()}>
          {t.parse}
        </button>
        {parsed ? (
          <AiFill
            text={text}
            unknown={parsed.lines.filter((line) => line.status === 'unknown').length}
            onFormat={(value, attempts) => void takeAiFormat(value, attempts)}
          />
        ) : null}
        {parsed ? <LineReport lines={parsed.lines} /> : null}
      </section>
      <section className="rules-result" aria-labelledby="rules-result-title">
        <h2 id="rules-result-title">{draft?.name ?? t.result}</h2>
        {aiNote ? (
          <p className="rules-ai__done" role="status">
            {aiNote}
          </p>
        ) : null}
        {draft && draft.stages.length > 0 ? (
          <>
            <p className="rules-result__meta">
              {[
                (draft.pools ?? []).length > 0
                  ? format(t.pools, {
                      text: (draft.pools ?? [])
                        .map((pool) => `${pool.name} ${mmss(pool.totalMs.aff)}`)
                        .join('、'),
                    })
                  : null,
                draft.timeouts
                  ? format(t.timeouts, {
                      count: draft.timeouts.aff.count,
                      t: mmss(draft.timeouts.aff.durationMs),
                    })
                  : null,
                draft.stages.some((stage) => 'direction' in stage && stage.direction === 'up')
                  ? t.countUp
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ol className="rules-stages">
              {draft.stages.map((stage, index) => (
                <li key={index} className="rules-stage" data-kind={stage.kind}>
                  <span className="rules-stage__no">{index + 1}</span>
                  <input
                    className="input rules-stage__name"
                    aria-label={format(t.stageName, { n: index + 1 })}
                    value={stage.name}
                    maxLength={80}
                    onChange={(event) => editStage(index, { ...stage, name: event.target.value })}
                  />
                  <span className="rules-stage__kind">{t.kinds[stage.kind]}</span>
                  {stage.kind === 'single' ? (
                    <select
                      className="input rules-stage__side"
                      aria-label={format(t.stageSide, { n: index + 1 })}
                      value={stage.side ?? 'neutral'}
                      onChange={(event) =>
                        editStage(index, {
                          ...stage,
                          side:
                            event.target.value === 'neutral' ? null : (event.target.value as 'aff' | 'neg'),
                        })
                      }
                    >
                      <option value="aff">{t.sides.aff}</option>
                      <option value="neg">{t.sides.neg}</option>
                      <option value="neutral">{t.sides.neutral}</option>
                    </select>
                  ) : (
                    <span />
                  )}
                  <span className="rules-stage__times">
                    {stage.kind === 'single' && stage.durationMs !== undefined ? (
                      <DurationField
                        valueMs={stage.durationMs}
                        label={format(t.stageDuration, { n: index + 1 })}
                        onChange={(ms) => duration(index, ms, (value) => ({ ...stage, durationMs: value }))}
                      />
                    ) : null}
                    {stage.kind === 'single' && stage.durationMs === undefined ? (
                      <span className="rules-stage__pool">
                        {format(createText.pool, {
                          name: (draft.pools ?? []).find((pool) => pool.id === stage.poolId)?.name ?? '',
                        })}
                      </span>
                    ) : null}
                    {stage.kind === 'dual'
                      ? (['aff', 'neg'] as const).map((side) => (
                          <DurationField
                            key={side}
                            valueMs={stage.durationMs[side]}
                            label={format(t.stageDurationSide, { n: index + 1, side: t.sides[side] })}
                            onChange={(ms) =>
                              duration(index, ms, (value) => ({
                                ...stage,
                                durationMs: { ...stage.durationMs, [side]: value },
                              }))
                            }
                          />
                        ))
                      : null}
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-label={format(t.remove, { n: index + 1 })}
                    onClick={() => removeStage(index)}
                  >
                    {t.removeLabel}
                  </button>
                  <span className="rules-stage__bells">{bellText(stage)}</span>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="create-empty">{t.none}</p>
        )}
        {issues.length > 0 ? (
          <ul className="rules-issues" role="alert">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        ) : null}
        <div className="create-submit">
          <label className="create-field">
            <span className="create-field__label">{createText.name}</span>
            <input
              className="input"
              value={name}
              maxLength={80}
              placeholder={createText.namePlaceholder}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          {formError ? (
            <p className="rules-error" role="alert">
              {formError}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--lg create-submit__button"
            disabled={pending || !draft || draft.stages.length === 0}
          >
            {pending ? createText.creating : t.confirm}
          </button>
          <p className="create-note">{createText.note}</p>
        </div>
      </section>
      {confirm.dialog}
    </form>
  );
}
