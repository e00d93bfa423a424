import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../components/ui/dialog';
import { format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useLibraryTopics } from '../../../lib/api/library-lookup';
import { useWorkbenchActions } from '../api/workbench-queries';
import { errorText } from '../../../components/projects/error-text';

const t = workbenchText.project;

/**
 * Links a project to a topic of the library (辩题库): search, pick, unlink. Picking also fills
 * the project's motion when it has none.
 */
export function TopicPicker({
  projectId,
  open,
  onClose,
  linked,
  motion,
}: {
  projectId: string;
  open: boolean;
  onClose(): void;
  linked: string | null;
  motion: string;
}) {
  const [q, setQ] = useState('');
  const topics = useLibraryTopics(q);
  const actions = useWorkbenchActions(projectId);
  const fail = (error: unknown) => toast.error(errorText(error));
  const pick = (topic: { id: string; text: string }) =>
    actions.update.mutate(
      { projectId, topicId: topic.id, ...(motion ? {} : { motion: topic.text.slice(0, 200) }) },
      {
        onSuccess: () => {
          toast.success(format(t.topicLinked, { text: topic.text }));
          onClose();
        },
        onError: fail,
      },
    );
  const unlink = () =>
    actions.update.mutate(
      { projectId, topicId: null },
      {
        onSuccess: () => {
          toast.success(t.topicUnlinked);
          onClose();
        },
        onError: fail,
      },
    );
  const results = topics.data ?? [];
  return (
    <Dialog
      open={open}
      title={t.topicDialog}
      onClose={onClose}
      footer={
        <>
          {linked ? (
            <button type="button" className="btn btn--ghost" onClick={unlink}>
              {t.unlinkTopic}
            </button>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {t.close}
          </button>
        </>
      }
    >
      <input
        className="input"
        type="search"
        autoFocus
        aria-label={t.topicSearch}
        placeholder={t.topicSearch}
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {!q.trim() ? <p className="wb-muted">{t.topicSearchHint}</p> : null}
      {q.trim() && topics.isSuccess && results.length === 0 ? (
        <p className="wb-muted">{t.topicNone}</p>
      ) : null}
      <ul className="wb-topics">
        {results.map((topic) => (
          <li key={topic.id} className="wb-topics__row" data-linked={topic.id === linked || undefined}>
            <span className="wb-topics__text">
              {topic.text}
              {topic.source.tournament ? (
                <small className="wb-muted">
                  {[topic.source.tournament, topic.source.round, topic.source.year]
                    .filter(Boolean)
                    .join(' · ')}
                </small>
              ) : null}
            </span>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => pick(topic)}>
              {t.topicPick}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
