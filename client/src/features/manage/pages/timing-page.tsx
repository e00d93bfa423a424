import {
  diffFormats,
  matchHasBegun as begun,
  matchProgress,
  type Format,
  type MatchState,
} from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { useSetFormat } from '../api/set-format';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { FormatChanges } from '../format-editor/format-changes';
import { FormatEditor } from '../format-editor/format-editor';
import { saveToast } from '../hooks/use-save-toast';

const t = manageText.timing;

/** Where the current match stands, for the dialogs: 第 3 环节「正方一辩 立论」. */
function whereAt(state: MatchState): { n: number; stage: string } {
  return { n: state.stageIndex + 1, stage: state.format.stages[state.stageIndex]?.name ?? '' };
}

function TimingEditor({ timer, canEdit }: ManageContext) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const setFormat = useSetFormat();
  const confirm = useConfirm();
  // The current match (its own format and whether it has begun), kept fresh while the page is open.
  const current = useQuery({ ...trpc.timer.get.queryOptions({ id: timer.id }), refetchInterval: 15_000 });
  const currentBegun = current.data ? begun(current.data.state as MatchState) : null;

  // Asks first, in the product's own dialog, whenever a save ends or leaves a begun match:
  // it lists exactly what the edit changes and says what happens to the match on the screens.
  const ask = async (format: Format, startNewMatch: boolean): Promise<boolean> => {
    const fresh = await client.timer.get.query({ id: timer.id }).catch(() => null);
    const state = (fresh?.state as MatchState | undefined) ?? null;
    if (!state || (!startNewMatch && !begun(state))) return true;
    const changes = <FormatChanges changes={diffFormats(state.format, format)} />;
    const at = whereAt(state);
    if (startNewMatch) {
      return confirm.ask({
        title: t.startNew.title,
        tone: 'danger',
        confirmLabel: t.startNew.confirm,
        body: (
          <>
            <p>{t.startNew.lead}</p>
            {changes}
            <p>{fill(t.startNew.end, { ...at, status: t.matchStatus[matchProgress(state)] })}</p>
          </>
        ),
      });
    }
    return confirm.ask({
      title: t.begun.title,
      confirmLabel: t.begun.confirm,
      body: (
        <>
          <p>{t.begun.lead}</p>
          {changes}
          <p>{fill(t.begun.keep, at)}</p>
        </>
      ),
    });
  };

  // Said saved only once the hub has committed it; a refusal says why and keeps the edits.
  const save = async (format: Format, startNewMatch: boolean): Promise<boolean> => {
    if (!(await ask(format, startNewMatch))) return false;
    return setFormat.mutateAsync({ timerId: timer.id, format, startNewMatch }).then(
      (result) => {
        saveToast.ok(startNewMatch ? t.savedStarted : result.appliedToCurrent ? t.savedNow : t.savedNext);
        void current.refetch();
        return true;
      },
      (error: unknown) => {
        saveToast.failed(error);
        return false;
      },
    );
  };
  return (
    <>
      <FormatEditor
        initial={timer.format as Format}
        disabled={!canEdit}
        saving={setFormat.isPending}
        onSave={save}
        offerStartNew={currentBegun !== false}
        saveNote={currentBegun === null ? null : currentBegun ? t.appliesNext : t.appliesNow}
      />
      {confirm.dialog}
    </>
  );
}

/**
 * `timing`: the format editor. A save reaches the current match while it has not begun; a begun
 * match keeps its format (the product's own dialog says so, and what the edit changes), unless
 * the organizer starts a new match with it.
 */
export function TimingPage() {
  return (
    <ManageFrame page="timing" wide>
      {(context) => <TimingEditor key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
