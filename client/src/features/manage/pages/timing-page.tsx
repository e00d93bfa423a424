import type { Format } from '@bianshi/shared';
import { messages } from '../../../i18n';
import { useSetFormat } from '../api/set-format';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { FormatEditor } from '../format-editor/format-editor';
import { saveToast } from '../hooks/use-save-toast';

const t = messages.manage.timing;

function TimingEditor({ timer, canEdit }: ManageContext) {
  const setFormat = useSetFormat();
  const save = (format: Format, startNewMatch: boolean) =>
    setFormat.mutate({ timerId: timer.id, format, startNewMatch }, { onSuccess: () => saveToast.ok(startNewMatch ? t.savedStarted : t.savedNext), onError: saveToast.failed });
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
