import { outlineText, type CaseOutline, type OutlineEvent, type SideId } from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { format } from '../../../i18n';
import { ai as aiText } from '../../../i18n/zh-CN/ai';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { useAccount, useProjects } from '../../../components/projects/project-queries';
import { errorText } from '../../../components/projects/error-text';
import { useAiStatus, useAiStream } from '../../../lib/api/ai-stream';
import { ModeNote } from './mode-note';
import { cleanOutline, OutlineEditor } from './outline-editor';

const t = aiText.ccf;

interface PickedTopic {
  id: string;
  text: string;
  tags: string[];
}

/** Topics of the library matching what is typed (from the second character on). */
function TopicSuggestions({ query, onPick }: { query: string; onPick: (topic: PickedTopic) => void }) {
  const trpc = useTRPC();
  const q = query.trim();
  const found = useQuery({
    ...trpc.library.topics.search.queryOptions({ q, limit: 6 }),
    enabled: q.length >= 2,
    staleTime: 60_000,
  });
  if (q.length < 2 || !found.data) return null;
  if (found.data.length === 0) return <p className="ai-muted">{t.noTopics}</p>;
  return (
    <ul className="ai-topics" aria-label={t.pick}>
      {found.data.map((topic) => (
        <li key={topic.id}>
          <button
            type="button"
            className="ai-topic"
            onClick={() => onPick({ id: topic.id, text: topic.text, tags: topic.tags })}
          >
            <span className="ai-topic__text">{topic.text}</span>
            {topic.tags.length > 0 ? <span className="ai-topic__tags">{topic.tags.join(' · ')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Sends the outline to a new document of a workbench project (an existing one, or a new one). */
function SendToWorkbench({ topic, side, outline }: { topic: string; side: SideId; outline: CaseOutline }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const account = useAccount();
  const projects = useProjects();
  const [projectId, setProjectId] = useState('');
  const [newName, setNewName] = useState('');
  const [title, setTitle] = useState(format(t.docTitleDefault, { side: t.sides[side] }));
  const [sent, setSent] = useState<{ projectId: string; documentId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createProject = useMutation(trpc.workbench.create.mutationOptions());
  const send = useMutation(trpc.ai.sendOutline.mutationOptions());
  const ids = { project: useId(), name: useId(), title: useId() };

  if (!account.data) {
    return (
      <p className="ai-send ai-muted">
        {t.signIn} <Link to={`/auth/login?redirect=${encodeURIComponent('/ai/ccf')}`}>{t.signInLink}</Link>
      </p>
    );
  }
  const list = projects.data ?? [];
  const chosen = projectId || (list.length > 0 ? (list[0]!.id as string) : 'new');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanOutline(outline);
    if (!clean) return setError(t.needClaim);
    setError(null);
    try {
      const target =
        chosen === 'new'
          ? (
              await createProject.mutateAsync({
                kind: 'workbench',
                name: newName.trim() || topic.slice(0, 80),
                motion: topic.slice(0, 200),
              })
            ).projectId
          : chosen;
      const result = await send.mutateAsync({
        projectId: target,
        title: title.trim(),
        topic,
        side,
        outline: clean,
      });
      setSent(result);
      toast.success(t.sent);
      void queryClient.invalidateQueries({ queryKey: trpc.workbench.list.queryKey() });
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const pending = createProject.isPending || send.isPending;
  return (
    <form className="ai-send" onSubmit={(event) => void submit(event)} aria-label={t.sendTitle}>
      <h3 className="ai-outline__title">{t.sendTitle}</h3>
      <div className="ai-send__fields">
        <label className="create-field" htmlFor={ids.project}>
          <span className="create-field__label">{t.project}</span>
          <select
            id={ids.project}
            className="input"
            value={chosen}
            onChange={(event) => setProjectId(event.target.value)}
          >
            {list.map((project) => (
              <option key={project.id as string} value={project.id as string}>
                {project.name as string}
              </option>
            ))}
            <option value="new">{t.newProject}</option>
          </select>
        </label>
        {chosen === 'new' ? (
          <label className="create-field" htmlFor={ids.name}>
            <span className="create-field__label">{t.newProjectName}</span>
            <input
              id={ids.name}
              className="input"
              value={newName}
              maxLength={80}
              placeholder={topic.slice(0, 80)}
              onChange={(event) => setNewName(event.target.value)}
            />
          </label>
        ) : null}
        <label className="create-field" htmlFor={ids.title}>
          <span className="create-field__label">{t.docTitle}</span>
          <input
            id={ids.title}
            className="input"
            value={title}
            maxLength={80}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
      </div>
      {list.length === 0 ? <p className="ai-muted">{t.noProjects}</p> : null}
      {error ? (
        <p className="ai-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="ai-send__actions">
        <button type="submit" className="btn btn--primary" disabled={pending || !title.trim()}>
          {pending ? t.sending : t.send}
        </button>
        {sent ? (
          <Link
            className="btn btn--secondary"
            to={`/workbench/${sent.projectId}?doc=${sent.documentId}`}
            data-testid="ai-open-doc"
          >
            {t.open}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** `/ai/ccf`: a case outline for one side of a motion, edited here and sent to the workbench. */
export function AiCcfPage() {
  const client = useTRPCClient();
  const status = useAiStatus().data;
  const stream = useAiStream<OutlineEvent>();
  const [topic, setTopic] = useState('');
  const [picked, setPicked] = useState<PickedTopic | null>(null);
  const [side, setSide] = useState<SideId>('aff');
  const [outline, setOutline] = useState<CaseOutline | null>(null);
  const [made, setMade] = useState<{
    topic: string;
    side: SideId;
    mode: 'provider' | 'deterministic';
  } | null>(null);
  const [edited, setEdited] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const topicId = useId();

  const confirm = useConfirm();
  const generate = async (event: FormEvent) => {
    event.preventDefault();
    const text = (picked?.text ?? topic).trim();
    if (!text) return setError(t.empty);
    const max = status?.maxInputChars ?? 4_000;
    if (text.length > max) return setError(format(aiText.contact.tooLong, { n: max }));
    if (
      edited &&
      !(await confirm.ask({ title: t.regenerateConfirm, confirmLabel: t.regenerate, tone: 'danger' }))
    )
      return;
    setError(null);
    setProgress(status?.mode === 'provider' ? format(aiText.working, { n: 0 }) : null);
    stream.start(
      (handlers) =>
        client.ai.outline.subscribe(
          { topic: text, side, ...(picked ? { topicId: picked.id } : {}) },
          handlers,
        ),
      {
        data: (event) => {
          if (event.type === 'progress') setProgress(format(aiText.working, { n: event.chars }));
          else if (event.type === 'retry') setProgress(aiText.retrying);
          else {
            setOutline(event.outline);
            setMade({ topic: text, side, mode: event.mode });
            setEdited(false);
            setProgress(null);
          }
        },
        error: (message) => {
          setProgress(null);
          setError(message);
        },
      },
    );
  };

  return (
    <div className="ai-page ai-ccf">
      <header className="ai-page__head">
        <h1>{t.title}</h1>
        <p>{t.lead}</p>
        <ModeNote />
      </header>
      {confirm.dialog}
      <form className="ai-ccf__form" onSubmit={(event) => void generate(event)}>
        <label className="create-field" htmlFor={topicId}>
          <span className="create-field__label">{t.topic}</span>
        </label>
        {picked ? (
          <div className="ai-picked" data-testid="ai-picked-topic">
            <span className="badge badge--primary">{t.picked}</span>
            <span className="ai-picked__text">{picked.text}</span>
            {picked.tags.length > 0 ? (
              <span className="ai-topic__tags">{picked.tags.join(' · ')}</span>
            ) : null}
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPicked(null)}>
              {t.unpick}
            </button>
          </div>
        ) : (
          <>
            <input
              id={topicId}
              className="input"
              value={topic}
              maxLength={300}
              placeholder={t.topicPlaceholder}
              onChange={(event) => setTopic(event.target.value)}
            />
            <TopicSuggestions
              query={topic}
              onPick={(found) => {
                setPicked(found);
                setTopic(found.text);
              }}
            />
          </>
        )}
        <fieldset className="ai-sides">
          <legend className="create-field__label">{t.side}</legend>
          {(['aff', 'neg'] as const).map((value) => (
            <label key={value} className="create-chip ai-side" data-checked={side === value}>
              <input
                type="radio"
                name="side"
                value={value}
                checked={side === value}
                onChange={() => setSide(value)}
              />
              {t.sides[value]}
            </label>
          ))}
        </fieldset>
        <div className="ai-ccf__actions">
          {stream.running ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => (stream.stop(), setProgress(null))}
            >
              {aiText.stop}
            </button>
          ) : (
            <button type="submit" className="btn btn--primary">
              {outline ? t.regenerate : t.generate}
            </button>
          )}
          {progress ? (
            <span className="ai-muted" role="status">
              {progress}
            </span>
          ) : null}
        </div>
        {error ? (
          <p className="ai-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {outline && made ? (
        <section className="ai-ccf__result" aria-labelledby="ai-outline-title">
          <div className="ai-ccf__result-head">
            <h2 id="ai-outline-title">
              {t.outline} · {t.sides[made.side]}：{made.topic}
            </h2>
            <CopyButton
              value={outlineText({ text: made.topic, side: made.side }, cleanOutline(outline) ?? outline)}
              label={t.copy}
              copiedLabel={t.copied}
              failedMessage={t.copyFailed}
            />
          </div>
          {made.mode === 'deterministic' ? <p className="ai-template-note">{t.template}</p> : null}
          <OutlineEditor
            outline={outline}
            onChange={(next) => {
              setOutline(next);
              setEdited(true);
            }}
          />
          <SendToWorkbench topic={made.topic} side={made.side} outline={outline} />
        </section>
      ) : null}
    </div>
  );
}
