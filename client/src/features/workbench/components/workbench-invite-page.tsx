import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { dateTimeFormat, format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useTRPC } from '../../../lib/api/trpc';
import { useWorkbenchActions } from '../api/workbench-queries';
import { errorText } from '../../../components/projects/error-text';
import '../../../components/projects/projects.css';
import '../workbench.css';

const t = workbenchText;

/** /workbench/invite/:invite_id: what the invite offers; accepting (signed in) lands in the project. */
export function WorkbenchInvitePage() {
  const { invite_id: token = '' } = useParams();
  const trpc = useTRPC();
  const preview = useQuery({ ...trpc.workbench.previewInvite.queryOptions({ token }), retry: false });
  const actions = useWorkbenchActions();
  const navigate = useNavigate();
  const accept = () =>
    actions.acceptInvite.mutate(
      { token },
      {
        onSuccess: ({ projectId, kind }) =>
          void navigate(kind === 'flow' ? `/ccf/${projectId}` : `/workbench/${projectId}`, { replace: true }),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  return (
    <div className="wb-invite">
      <h1 className="wb-title">{preview.data?.kind === 'flow' ? t.invite.flowTitle : t.invite.title}</h1>
      {preview.isError ? (
        <p role="alert">{errorText(preview.error) || t.invite.invalid}</p>
      ) : preview.data ? (
        <>
          <p className="wb-lead">
            {format(preview.data.kind === 'flow' ? t.invite.flowLead : t.invite.lead, {
              role: t.roles[preview.data.role],
              name: preview.data.projectName,
            })}
          </p>
          <p className="wb-hint">
            {format(t.invite.expires, { time: dateTimeFormat.format(new Date(preview.data.expiresAt)) })}
          </p>
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={accept}
            disabled={actions.acceptInvite.isPending}
          >
            {actions.acceptInvite.isPending ? t.invite.accepting : t.invite.accept}
          </button>
        </>
      ) : (
        <div aria-busy="true" />
      )}
    </div>
  );
}
