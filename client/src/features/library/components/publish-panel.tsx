import { useMutation } from '@tanstack/react-query';
import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { useInvalidateTopics } from '../api/library-queries';
import { errorText } from '../text';

const t = libraryText;
const tp = t.publish;

/** Who sees a group, as the owner reads it, with 发布到公共辩题库 / 撤回. */
export function PublishPanel({
  group,
}: {
  group: {
    id: string;
    visibility: string;
    reviewNote: string;
    builtin: boolean;
    tournamentId: string | null;
  };
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateTopics();
  const options = {
    onSuccess: () => void invalidate(),
    onError: (error: unknown) => void toast.error(errorText(error, t.generic)),
  };
  const publish = useMutation({ ...trpc.library.topics.publishGroup.mutationOptions(), ...options });
  const withdraw = useMutation({ ...trpc.library.topics.withdrawGroup.mutationOptions(), ...options });
  if (group.builtin || group.tournamentId) return null;
  const status =
    group.visibility === 'rejected'
      ? format(tp.rejected, { note: group.reviewNote })
      : (tp[group.visibility as 'private' | 'pending' | 'public'] ?? tp.private);
  const busy = publish.isPending || withdraw.isPending;
  return (
    <div className="lib-publish" data-testid="publish-panel" data-visibility={group.visibility} role="status">
      <p>{status}</p>
      {group.visibility === 'private' || group.visibility === 'rejected' ? (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={busy}
          onClick={() =>
            publish.mutate({ id: group.id }, { onSuccess: () => void toast.success(tp.submitted) })
          }
        >
          {tp.publish}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={busy}
          onClick={() =>
            withdraw.mutate({ id: group.id }, { onSuccess: () => void toast.success(tp.withdrawn) })
          }
        >
          {group.visibility === 'public' ? tp.withdrawPublic : tp.withdraw}
        </button>
      )}
    </div>
  );
}
