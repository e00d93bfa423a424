import { useMemo, useRef, type Ref } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { flowToMarkdown, roleCanWrite, type FlowBox, type FlowColumn } from '@bianshi/shared';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useClockModel, useTimerStore, useTimerWatch } from '../../../lib/realtime/timer';
import { useFrameClock } from '../../../lib/clock';
import { colorFor, useDocSession, type DocSession, type PresenceUser } from '../../../lib/realtime/documents';
import { useAccount, useFlowAttachment, useFlowProject } from '../api/flow-sheet-queries';
import { FlowSheet, type LiveStage } from './flow-sheet';
import { MembersButton } from '../../../components/projects/members-dialog';
import { PresenceList, SyncStatus, useDocNotices } from '../../../components/projects/presence';
import '../flow-sheets.css';

const t = workbenchText;

/** /ccf/:project_id: one flow sheet, full screen, optionally beside a running timer. */
export function FlowSheetPage() {
  const { project_id: projectId = '' } = useParams();
  const account = useAccount();
  const project = useFlowProject(projectId);
  const data = project.data;
  const documentId = data?.documents[0]?.id ?? null;
  const role = data?.role ?? null;
  const user = useMemo<PresenceUser | null>(
    () =>
      account.data && role
        ? {
            name: account.data.displayName || account.data.email.split('@')[0]!,
            color: colorFor(account.data.id),
            role,
            cell: null,
          }
        : null,
    [account.data, role],
  );
  const onNotice = useDocNotices(project.refetch);
  const { session, state } = useDocSession(documentId, user, { onNotice });
  const sheetRef = useRef<HTMLDivElement>(null);
  const attachment = useFlowAttachment(projectId);

  if (project.isError) {
    return (
      <div className="ccf-page ccf-page--center">
        <p role="alert">{project.error.message}</p>
        <Link to="/ccf" className="btn btn--secondary">
          {t.flow.title}
        </Link>
      </div>
    );
  }
  if (!data || !user) return <div className="ccf-page ccf-page--center" aria-busy="true" />;

  const exportPng = async () => {
    if (!sheetRef.current) return;
    const { toPng } = await import('html-to-image');
    const background = getComputedStyle(document.body).backgroundColor;
    const url = await toPng(sheetRef.current, {
      backgroundColor: background,
      pixelRatio: 2,
      width: sheetRef.current.scrollWidth,
      height: sheetRef.current.scrollHeight,
    });
    const link = document.createElement('a');
    link.href = url;
    link.download = `${data.project.name}.png`;
    link.click();
  };
  const exportMarkdown = (doc: DocSession) => {
    const columns = doc.doc.getArray<FlowColumn>('columns').toArray();
    const boxes = [...doc.doc.getMap<FlowBox>('boxes').values()];
    const url = URL.createObjectURL(
      new Blob([flowToMarkdown(data.project.name, columns, boxes)], { type: 'text/markdown;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `${data.project.name}.md`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <div className="ccf-page">
      <header className="ccf-head">
        <div>
          <Link to="/ccf" className="wb-back">
            ← {t.flow.title}
          </Link>
          <h1 className="ccf-title">{data.project.name}</h1>
          <p className="ccf-sub">
            <span className="badge">{t.flow.modeShort[data.project.mode]}</span>
            <span className="badge">{t.roles[data.role]}</span>
            {data.project.mode === 'judge' ? <span>{t.flow.judgePrivate}</span> : null}
            {data.project.timerId ? <span>{t.flow.bound}</span> : null}
          </p>
        </div>
        <div className="ccf-head__actions">
          <SyncStatus state={state} />
          <PresenceList session={session} />
          {data.role === 'owner' && data.project.mode === 'team' ? (
            <MembersButton projectId={projectId} />
          ) : null}
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void exportPng()}>
            {t.flow.exportPng}
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => window.print()}>
            {t.flow.exportPdf}
          </button>
          {session ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => exportMarkdown(session)}>
              {t.flow.exportMarkdown}
            </button>
          ) : null}
          {data.role === 'owner' && data.project.matchId ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={attachment.attach.isPending}
              onClick={() =>
                attachment.attach.mutate(
                  { projectId },
                  {
                    onSuccess: () => toast.success(t.flow.attachedToast),
                    onError: (error) => toast.error(error.message),
                  },
                )
              }
            >
              {data.attachedAt ? t.flow.reattach : t.flow.attach}
            </button>
          ) : null}
          {data.attachedAt && data.project.matchId ? (
            <>
              <Link to={`/record/${data.project.matchId}`} className="btn btn--ghost btn--sm">
                {t.flow.viewRecord}
              </Link>
              {data.role === 'owner' ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() =>
                    attachment.detach.mutate(
                      { projectId },
                      {
                        onSuccess: () => toast.success(t.flow.detached),
                        onError: (error) => toast.error(error.message),
                      },
                    )
                  }
                >
                  {t.flow.detach}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      </header>
      {session ? (
        data.project.timerId ? (
          <BoundSheet
            ref={sheetRef}
            timerId={data.project.timerId}
            matchId={data.project.matchId}
            session={session}
            user={user}
            editable={roleCanWrite(data.role)}
          />
        ) : (
          <FlowSheet
            ref={sheetRef}
            session={session}
            user={user}
            editable={roleCanWrite(data.role)}
            live={null}
          />
        )
      ) : null}
    </div>
  );
}

/** The sheet bound to a timer's match: the running speech's column lights up with the synced clock. */
const BoundSheet = ({
  ref,
  timerId,
  matchId,
  ...rest
}: {
  ref: Ref<HTMLDivElement>;
  timerId: string;
  matchId: string | null;
  session: DocSession;
  user: PresenceUser;
  editable: boolean;
}) => {
  const store = useTimerWatch({
    timerId,
    ...(matchId ? { matchId } : {}),
    // Only follows the match: anyone on the sheet may, while a judge claim needs the judge role on the timer.
    role: 'audience',
    name: t.flow.title,
  });
  const matchState = useTimerStore(store, (s) => s.state);
  const model = useClockModel(store);
  const now = useFrameClock(model, store.getState().clock);
  const readings = model?.readAll(now) ?? [];
  const reading = readings.find((r) => r.active) ?? readings[0];
  const live: LiveStage | null =
    matchState && matchState.finishedAt === null
      ? {
          stageIndex: matchState.stageIndex,
          clockText: reading?.text ?? '',
          running: reading?.running ?? false,
        }
      : null;
  return <FlowSheet ref={ref} {...rest} live={live} />;
};
