import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { dateTimeFormat, format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { useWorkbenchActions } from '../api/workbench-queries';
import { errorText } from '../../../components/projects/error-text';

const t = workbenchText.versions;

/** Named versions of a document: save, compare with the current text, restore. */
export function VersionsPanel({ documentId, editable }: { documentId: string; editable: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const versions = useQuery(trpc.workbench.versions.queryOptions({ documentId }));
  const actions = useWorkbenchActions();
  const [name, setName] = useState('');
  const [diff, setDiff] = useState<{
    name: string;
    lines: { op: 'same' | 'added' | 'removed'; text: string }[];
  } | null>(null);
  const fail = (error: unknown) => toast.error(errorText(error));
  const save = () =>
    actions.saveVersion.mutate(
      { documentId, name: name.trim() || dateTimeFormat.format(new Date()) },
      {
        onSuccess: (saved) => {
          setName('');
          toast.success(format(t.saved, { name: saved.name }));
        },
        onError: fail,
      },
    );
  const compare = async (versionId: string, versionName: string) => {
    try {
      const result = await client.workbench.compareVersions.query({
        documentId,
        fromVersionId: versionId,
        toVersionId: null,
      });
      setDiff({ name: versionName, lines: result.lines });
    } catch (error) {
      fail(error);
    }
  };
  const confirm = useConfirm();
  const restore = async (versionId: string, versionName: string) => {
    if (
      !(await confirm.ask({
        title: format(t.restoreConfirm, { name: versionName }),
        confirmLabel: t.restore,
      }))
    )
      return;
    actions.restoreVersion.mutate(
      { documentId, versionId },
      { onSuccess: () => toast.success(format(t.restored, { name: versionName })), onError: fail },
    );
  };
  return (
    <aside className="wb-versions" aria-label={t.title}>
      {confirm.dialog}
      <h3 className="wb-side__title">{t.title}</h3>
      {editable ? (
        <div className="wb-versions__save">
          <input
            className="input input--sm"
            placeholder={t.namePlaceholder}
            aria-label={t.namePlaceholder}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={save}
            disabled={actions.saveVersion.isPending}
          >
            {t.save}
          </button>
        </div>
      ) : null}
      {versions.data && versions.data.length === 0 ? <p className="wb-empty">{t.none}</p> : null}
      <ul className="wb-versions__list">
        {(versions.data ?? []).map((version) => (
          <li key={version.id} className="wb-versions__row">
            <span className="wb-versions__name">{version.name}</span>
            <span className="wb-hint">{dateTimeFormat.format(new Date(version.createdAt))}</span>
            <span className="wb-versions__actions">
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => void compare(version.id, version.name)}
              >
                {t.compare}
              </button>
              {editable ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => void restore(version.id, version.name)}
                >
                  {t.restore}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {diff ? (
        <div className="wb-diff" aria-label={`${diff.name} → ${t.compare}`}>
          <h4 className="wb-diff__title">{diff.name}</h4>
          {diff.lines.every((line) => line.op === 'same') ? <p className="wb-empty">{t.same}</p> : null}
          {diff.lines.map((line, index) => (
            <div key={index} className="wb-diff__line" data-op={line.op}>
              {line.op === 'added' ? '+ ' : line.op === 'removed' ? '− ' : '  '}
              {line.text || ' '}
            </div>
          ))}
        </div>
      ) : null}
    </aside>
  );
}
