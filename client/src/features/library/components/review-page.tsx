import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePrompt } from '../../../components/ui/prompt-dialog';
import { dateTimeFormat, format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { errorText } from '../text';
import '../library.css';

const t = libraryText;
const tr = t.review;

/** `/admin/topics` (admins): topic groups their owners asked to publish, to approve or send back with a note. */
export function TopicReviewPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prompt = usePrompt();
  const pending = useQuery({ ...trpc.library.topics.pendingGroups.queryOptions(), retry: false });
  const review = useMutation({
    ...trpc.library.topics.reviewGroup.mutationOptions(),
    onSuccess: (_group, input) => {
      toast.success(input.decision === 'approve' ? tr.approved : tr.rejected);
      void queryClient.invalidateQueries({ queryKey: trpc.library.topics.pathKey() });
    },
    onError: (error) => void toast.error(errorText(error, t.generic)),
  });
  const reject = async (id: string, name: string) => {
    const note = await prompt.ask({
      title: tr.rejectTitle,
      body: name,
      label: tr.rejectLabel,
      confirmLabel: tr.reject,
      validate: (value) => (value ? null : tr.noteRequired),
    });
    if (note !== null) review.mutate({ id, decision: 'reject', note });
  };
  return (
    <div className="lib-page" data-testid="topic-review">
      {prompt.dialog}
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{tr.title}</h1>
          <p className="lib-lead">{tr.lead}</p>
        </div>
      </header>
      {pending.isPending ? <p className="lib-muted">{t.loading}</p> : null}
      {pending.isError ? <p className="lib-error">{errorText(pending.error, t.loadFailed)}</p> : null}
      {pending.data && pending.data.length === 0 ? <p className="lib-empty">{tr.empty}</p> : null}
      <ul className="lib-review-list">
        {(pending.data ?? []).map((group) => (
          <li key={group.id} className="lib-card lib-review" data-testid="review-item">
            <div>
              <h2 className="lib-subtitle">{group.name}</h2>
              {group.description ? <p className="lib-muted">{group.description}</p> : null}
              <p className="lib-muted">
                {format(tr.topics, { n: group.topicCount })}
                {group.submittedAt ? ` · ${dateTimeFormat.format(group.submittedAt)}` : ''}
              </p>
            </div>
            <div className="lib-row">
              <Link className="btn btn--ghost btn--sm" to={`/topic/${group.id}`} target="_blank">
                {tr.open}
              </Link>
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={review.isPending}
                onClick={() => void reject(group.id, group.name)}
              >
                {tr.reject}
              </button>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={review.isPending}
                onClick={() => review.mutate({ id: group.id, decision: 'approve', note: '' })}
              >
                {tr.approve}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
