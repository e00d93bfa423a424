import type { Format } from '@bianshi/shared';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useSetFormat } from '../api/set-format';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { FormatEditor } from '../format-editor/format-editor';
import { saveToast } from '../hooks/use-save-toast';

const t = manageText.timing;

function TimingEditor({ timer, canEdit }: ManageContext) {
  const setFormat = useSetFormat();
  // Said saved only once the hub has committed it; a refusal says why and keeps the edits.
  const save = (format: Format, startNewMatch: boolean) =>
    setFormat.mutateAsync({ timerId: timer.id, format, startNewMatch }).then(
      () => {
        saveToast.ok(startNewMatch ? t.savedStarted : t.savedNext);
        return true;
      },
      (error: unknown) => {
        saveToast.failed(error);
        return false;
      },
    );
  return <FormatEditor initial={timer.format as Format} disabled={!canEdit} saving={setFormat.isPending} onSave={save} />;
}

/** `timing`: the format editor; saving applies to the next match (or starts one), never silently to the running one. */
export function TimingPage() {
  return (
    <ManageFrame page="timing" wide>
      {(context) => <TimingEditor key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
