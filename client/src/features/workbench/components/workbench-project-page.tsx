import { useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { commentsDocumentId, roleCanWrite } from '@bianshi/shared';
import { format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { PresenceList, SyncStatus, useDocNotices } from '../../../components/projects/presence';
import { useLibraryTopic } from '../../../lib/api/library-lookup';
import { colorFor, useDocSession, type PresenceUser } from '../../../lib/realtime/documents';
import { useAccount } from '../../../components/projects/project-queries';
import { useProject, useWorkbenchActions } from '../api/workbench-queries';
import { docxToHtml, download, htmlToMarkdown, markdownToHtml } from '../document-io';
import { CardsPanel } from './cards-panel';
import { CommentsPanel, useComments } from './comments-panel';
import { errorText } from '../../../components/projects/error-text';
import { MembersButton } from '../../../components/projects/members-dialog';
import { QaPanel } from './qa-panel';
import { TopicPicker } from './topic-picker';
import { RichTextEditor, type RichTextHandle } from './rich-text-editor';
import { VersionsPanel } from './versions-panel';
import '../workbench.css';

const t = workbenchText;

/** /workbench/:project_id: the project's documents, one open at a time, edited together. */
export function WorkbenchProjectPage() {
  const { project_id: projectId = '' } = useParams();
  const account = useAccount();
  const project = useProject(projectId);
  const actions = useWorkbenchActions(projectId);
  // ?doc=<id> opens that document first (links from /ai/ccf after sending an outline).
  const [chosen, setChosen] = useState<string | null>(useSearchParams()[0].get('doc'));
  const [topicOpen, setTopicOpen] = useState(false);
  const editorRef = useRef<RichTextHandle>(null);
  const data = project.data;
  const documents = data?.documents ?? [];
  const current = documents.find((d) => d.id === chosen) ?? documents[0] ?? null;
  const role = data?.role ?? null;
  const topic = useLibraryTopic(data?.project.topicId ?? null);
  const editable = roleCanWrite(role);
  const user = useMemo<PresenceUser | null>(
    () =>
      account.data && role
        ? {
            name: account.data.displayName || account.data.email.split('@')[0]!,
            color: colorFor(account.data.id),
            role,
          }
        : null,
    [account.data, role],
  );
  const onNotice = useDocNotices(project.refetch);
  const { session, state } = useDocSession(current?.id ?? null, user, { onNotice });
  // A text document's comments travel in their own document, which commenters may write.
  const commentsSession = useDocSession(
    current?.kind === 'text' ? commentsDocumentId(current.id) : null,
    user,
    { onNotice },
  ).session;
  const comments = useComments(commentsSession);
  const [activeComment, setActiveComment] = useState<string | null>(null);
  const editorComments = useMemo(
    () => ({ comments, active: activeComment, onActivate: setActiveComment }),
    [comments, activeComment],
  );

  if (project.isError) {
    return (
      <div className="wb-page wb-page--center">
        <p role="alert">{errorText(project.error) || t.project.notFound}</p>
        <Link to="/workbench" className="btn btn--secondary">
          {t.project.back}
        </Link>
      </div>
    );
  }
  if (!data) return <div className="wb-page wb-page--center" aria-busy="true" />;

  const fail = (error: unknown) => toast.error(errorText(error));
  const exportMarkdown = async () => {
    if (!editorRef.current || !current) return;
    download(`${current.title}.md`, await htmlToMarkdown(editorRef.current.html()));
  };
  const importFile = async (file: File) => {
    try {
      const html = /\.docx$/i.test(file.name)
        ? await docxToHtml(await file.arrayBuffer())
        : await markdownToHtml(await file.text());
      editorRef.current?.insertHtml(html);
      toast.success(format(t.project.imported, { name: file.name }));
    } catch (error) {
      toast.error(
        format(t.project.importFailed, { reason: error instanceof Error ? error.message : String(error) }),
      );
    }
  };

  return (
    <div className="wb-page">
      <header className="wb-head">
        <div className="wb-head__title">
          <Link to="/workbench" className="wb-back">
            ← {t.project.back}
          </Link>
          <h1 className="wb-title">{data.project.name}</h1>
          <p className="wb-sub">
            {data.project.team ? <span>{data.project.team}</span> : null}
            {data.project.motion ? (
              <span>
                {t.project.topic}：{data.project.motion}
              </span>
            ) : null}
            {topic.data ? (
              <Link to={`/topic/${topic.data.groupId}`} title={topic.data.text}>
                {t.project.topicLink}
              </Link>
            ) : null}
            {editable ? (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setTopicOpen(true)}>
                {data.project.topicId ? t.project.changeTopic : t.project.pickTopic}
              </button>
            ) : null}
            <span className="badge">{t.roles[data.role]}</span>
          </p>
        </div>
        <div className="wb-head__actions">
          <div className="wb-presence">
            <SyncStatus state={state} />
            <PresenceList session={session} showRole />
          </div>
          {data.role === 'owner' ? <MembersButton projectId={projectId} /> : null}
        </div>
      </header>
      {!editable ? (
        <p className="wb-readonly">
          {data.role === 'commenter'
            ? t.project.commentOnly
            : format(t.project.readOnly, { role: t.roles[data.role] })}
        </p>
      ) : null}
      <div className="wb-layout">
        <nav className="wb-docs" aria-label={t.project.documents}>
          <h2 className="wb-side__title">{t.project.documents}</h2>
          <ul className="wb-docs__list">
            {documents.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  className="wb-docs__item"
                  aria-current={doc.id === current?.id ? 'page' : undefined}
                  onClick={() => setChosen(doc.id)}
                >
                  <span className="wb-docs__kind" data-kind={doc.kind} aria-hidden="true" />
                  {doc.title}
                </button>
              </li>
            ))}
          </ul>
          {editable ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() =>
                actions.createDocument.mutate(
                  { projectId, kind: 'text', title: t.project.newDocumentTitle },
                  { onSuccess: (doc) => setChosen(doc.id), onError: fail },
                )
              }
            >
              + {t.project.newDocument}
            </button>
          ) : null}
        </nav>
        <main className="wb-main">
          {current && session && user ? (
            <>
              <div className="wb-main__bar">
                <h2 className="wb-doc-title">{current.title}</h2>
                {current.kind === 'text' ? (
                  <div className="wb-main__tools">
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      onClick={() => void exportMarkdown()}
                    >
                      {t.project.exportMarkdown}
                    </button>
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => window.print()}>
                      {t.project.exportPdf}
                    </button>
                    {editable ? (
                      <label className="btn btn--ghost btn--sm wb-import">
                        {t.project.import}
                        <input
                          type="file"
                          accept=".md,.markdown,.txt,.docx"
                          onChange={(event) =>
                            event.target.files?.[0] && void importFile(event.target.files[0])
                          }
                        />
                      </label>
                    ) : null}
                  </div>
                ) : null}
              </div>
              {current.kind === 'text' ? (
                <RichTextEditor
                  key={session.documentId}
                  ref={editorRef}
                  session={session}
                  user={user}
                  editable={editable}
                  comments={editorComments}
                />
              ) : null}
              {current.kind === 'cards' ? <CardsPanel session={session} editable={editable} /> : null}
              {current.kind === 'qa' ? <QaPanel session={session} editable={editable} /> : null}
            </>
          ) : (
            <div className="wb-editor__loading">{t.editor.loading}</div>
          )}
        </main>
        {current ? (
          <div className="wb-side">
            {current.kind === 'text' && account.data ? (
              <CommentsPanel
                session={commentsSession}
                comments={comments}
                role={data.role}
                me={{ id: account.data.id, name: user?.name ?? '', color: user?.color ?? '' }}
                editorRef={editorRef}
                active={activeComment}
                onActivate={setActiveComment}
              />
            ) : null}
            <VersionsPanel documentId={current.id} editable={editable} />
          </div>
        ) : null}
      </div>
      {editable ? (
        <TopicPicker
          projectId={projectId}
          open={topicOpen}
          onClose={() => setTopicOpen(false)}
          linked={data.project.topicId}
          motion={data.project.motion}
        />
      ) : null}
    </div>
  );
}
