import { useMemo, useState, type ReactNode, type RefObject } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import {
  COMMENT_MAX_CHARS,
  mayChangeAuthored,
  roleAtLeast,
  type CommentReply,
  type DocComment,
  type ProjectRole,
} from '@bianshi/shared';
import { dateTimeFormat, format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useYMap, type DocSession } from '../../../lib/realtime/documents';
import type { RichTextHandle } from './rich-text-editor';

const t = workbenchText.comments;

/** The comments map of a comments document (`<documentId>-comments`). */
export function commentsMap(session: DocSession | null) {
  return session ? session.doc.getMap<DocComment>('comments') : null;
}

/** The replies map of a comments document: every reply, keyed by its id, naming its comment. */
export function repliesMap(session: DocSession | null) {
  return session ? session.doc.getMap<CommentReply>('replies') : null;
}

/** Each comment's replies, oldest first. */
function useReplies(session: DocSession | null): Map<string, CommentReply[]> {
  const map = useMemo(() => repliesMap(session), [session]);
  const value = useYMap<CommentReply>(map as never);
  return useMemo(() => {
    const threads = new Map<string, CommentReply[]>();
    for (const reply of Object.values(value).sort((a, b) => a.createdAt - b.createdAt)) {
      const thread = threads.get(reply.commentId);
      if (thread) thread.push(reply);
      else threads.set(reply.commentId, [reply]);
    }
    return threads;
  }, [value]);
}

/** Open comments first (in text order of creation), then resolved ones. */
export function useComments(session: DocSession | null): DocComment[] {
  const map = useMemo(() => commentsMap(session), [session]);
  const value = useYMap<DocComment>(map as never);
  return useMemo(
    () =>
      Object.values(value).sort(
        (a, b) => Number(a.resolved) - Number(b.resolved) || a.createdAt - b.createdAt,
      ),
    [value],
  );
}

/**
 * Comments beside a rich-text document: select text, comment, reply, resolve or delete.
 * Commenters and up may comment, reply and resolve; a comment or a reply is deleted by its
 * author or an editor, and a comment takes its replies with it. The hub
 * takes these changes from commenters (they live in the comments document) and refuses their
 * edits of the text.
 */
export function CommentsPanel({
  session,
  comments,
  role,
  me,
  editorRef,
  active,
  onActivate,
}: {
  session: DocSession | null;
  comments: DocComment[];
  role: ProjectRole;
  me: { id: string; name: string; color: string };
  editorRef: RefObject<RichTextHandle | null>;
  active: string | null;
  onActivate(id: string | null): void;
}) {
  const [draft, setDraft] = useState<{ anchor: DocComment['anchor']; quote: string; text: string } | null>(
    null,
  );
  const [showResolved, setShowResolved] = useState(false);
  /** The reply being written: to which comment, and its text. */
  const [reply, setReply] = useState<{ commentId: string; text: string } | null>(null);
  const canComment = roleAtLeast(role, 'commenter');
  const canRemove = (item: { authorId: string | null }) => mayChangeAuthored(item, me.id, role);
  const map = commentsMap(session);
  const replies = repliesMap(session);
  const threads = useReplies(session);
  const open = comments.filter((c) => !c.resolved);
  const resolved = comments.filter((c) => c.resolved);
  const shown = showResolved ? comments : open;

  const start = () => {
    const selection = editorRef.current?.selection();
    if (!selection) return toast.error(t.selectFirst);
    setDraft({ ...selection, text: '' });
  };
  const save = () => {
    if (!draft || !map) return;
    const text = postable(draft.text, { empty: t.empty, tooLong: t.tooLong });
    if (text === null) return;
    const id = crypto.randomUUID();
    map.set(id, {
      id,
      anchor: draft.anchor,
      quote: draft.quote.slice(0, 200),
      text,
      authorId: me.id,
      authorName: me.name,
      color: me.color,
      createdAt: Date.now(),
      resolved: false,
    });
    setDraft(null);
    onActivate(id);
  };
  const setResolved = (comment: DocComment, value: boolean) =>
    map?.set(comment.id, { ...comment, resolved: value });
  const confirm = useConfirm();
  const remove = async (comment: DocComment) => {
    if (!session || !(await confirm.ask({ title: t.removeConfirm, confirmLabel: t.remove, tone: 'danger' })))
      return;
    session.doc.transact(() => {
      map?.delete(comment.id);
      for (const answer of threads.get(comment.id) ?? []) replies?.delete(answer.id);
    });
  };
  const saveReply = () => {
    if (!reply || !replies) return;
    const text = postable(reply.text, { empty: t.replyEmpty, tooLong: t.replyTooLong });
    if (text === null) return;
    const id = crypto.randomUUID();
    replies.set(id, {
      id,
      commentId: reply.commentId,
      text,
      authorId: me.id,
      authorName: me.name,
      color: me.color,
      createdAt: Date.now(),
    });
    setReply(null);
  };
  const removeReply = async (answer: CommentReply) => {
    if (await confirm.ask({ title: t.removeReplyConfirm, confirmLabel: t.remove, tone: 'danger' }))
      replies?.delete(answer.id);
  };
  const jump = (comment: DocComment) => {
    onActivate(comment.id);
    editorRef.current?.reveal(comment.anchor);
  };

  return (
    <section className="wb-comments" aria-label={t.title}>
      {confirm.dialog}
      <div className="wb-comments__head">
        <h3 className="wb-side__title">
          {t.title}
          {open.length > 0 ? <span className="badge">{open.length}</span> : null}
        </h3>
        {canComment && !draft ? (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            aria-label={t.addLabel}
            onMouseDown={(event) => event.preventDefault()}
            onClick={start}
          >
            + {t.add}
          </button>
        ) : null}
      </div>
      {draft ? (
        <TextForm
          rows={3}
          placeholder={t.placeholder}
          submitLabel={t.save}
          value={draft.text}
          onChange={(text) => setDraft({ ...draft, text })}
          onSubmit={save}
          onCancel={() => setDraft(null)}
        >
          <blockquote className="wb-comment__quote">{draft.quote}</blockquote>
        </TextForm>
      ) : null}
      {shown.length === 0 && !draft ? <p className="wb-muted">{t.none}</p> : null}
      <ul className="wb-comments__list">
        {shown.map((comment) => (
          <li
            key={comment.id}
            className="wb-comment"
            data-active={comment.id === active || undefined}
            data-resolved={comment.resolved || undefined}
            style={{ ['--person' as string]: comment.color }}
          >
            <button type="button" className="wb-comment__jump" title={t.jump} onClick={() => jump(comment)}>
              <span className="wb-comment__author">{comment.authorName}</span>
              <time className="wb-comment__time" dateTime={new Date(comment.createdAt).toISOString()}>
                {dateTimeFormat.format(comment.createdAt)}
              </time>
              <span className="wb-comment__quote">{comment.quote || t.gone}</span>
            </button>
            <p className="wb-comment__text">{comment.text}</p>
            <Replies
              thread={threads.get(comment.id) ?? []}
              canRemove={(answer) => canComment && canRemove(answer)}
              onRemove={(answer) => void removeReply(answer)}
            />
            {reply?.commentId === comment.id ? (
              <TextForm
                className="wb-reply-form"
                rows={2}
                placeholder={t.replyPlaceholder}
                submitLabel={t.replySave}
                value={reply.text}
                onChange={(text) => setReply({ ...reply, text })}
                onSubmit={saveReply}
                onCancel={() => setReply(null)}
              />
            ) : null}
            {canComment ? (
              <div className="wb-comments__actions">
                {comment.resolved ? <span className="badge">{t.resolved}</span> : null}
                {reply?.commentId !== comment.id ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    aria-label={format(t.replyLabel, { name: comment.authorName })}
                    onClick={() => setReply({ commentId: comment.id, text: '' })}
                  >
                    {t.reply}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => setResolved(comment, !comment.resolved)}
                >
                  {comment.resolved ? t.reopen : t.resolve}
                </button>
                {canRemove(comment) ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => void remove(comment)}
                  >
                    {t.remove}
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {resolved.length > 0 ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setShowResolved(!showResolved)}
        >
          {showResolved ? t.hideResolved : format(t.showResolved, { n: resolved.length })}
        </button>
      ) : null}
    </section>
  );
}

/** A comment's replies, oldest first, each with its author's colour. */
function Replies({
  thread,
  canRemove,
  onRemove,
}: {
  thread: CommentReply[];
  canRemove(answer: CommentReply): boolean;
  onRemove(answer: CommentReply): void;
}) {
  if (thread.length === 0) return null;
  return (
    <ul className="wb-replies" aria-label={format(t.replies, { n: thread.length })}>
      {thread.map((answer) => (
        <li key={answer.id} className="wb-reply" style={{ ['--person' as string]: answer.color }}>
          <span className="wb-comment__author">{answer.authorName}</span>
          <time className="wb-comment__time" dateTime={new Date(answer.createdAt).toISOString()}>
            {dateTimeFormat.format(answer.createdAt)}
          </time>
          <p className="wb-comment__text">{answer.text}</p>
          {canRemove(answer) ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={t.removeReply}
              onClick={() => onRemove(answer)}
            >
              {t.remove}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The trimmed text when it can be posted; otherwise says why in a toast and returns null. */
function postable(raw: string, messages: { empty: string; tooLong: string }): string | null {
  const text = raw.trim();
  if (!text) {
    toast.error(messages.empty);
    return null;
  }
  if (text.length > COMMENT_MAX_CHARS) {
    toast.error(format(messages.tooLong, { max: COMMENT_MAX_CHARS }));
    return null;
  }
  return text;
}

/** The form a comment and a reply are written in: a text box with post and cancel. */
function TextForm({
  className,
  rows,
  placeholder,
  submitLabel,
  value,
  onChange,
  onSubmit,
  onCancel,
  children,
}: {
  className?: string;
  rows: number;
  placeholder: string;
  submitLabel: string;
  value: string;
  onChange(text: string): void;
  onSubmit(): void;
  onCancel(): void;
  children?: ReactNode;
}) {
  return (
    <form
      className={className ? `wb-comments__form ${className}` : 'wb-comments__form'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <textarea
        className="input"
        rows={rows}
        autoFocus
        maxLength={COMMENT_MAX_CHARS + 100}
        placeholder={placeholder}
        aria-label={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="wb-comments__actions">
        <button type="submit" className="btn btn--primary btn--sm">
          {submitLabel}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
