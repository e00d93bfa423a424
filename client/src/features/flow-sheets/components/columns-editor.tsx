import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import type { FlowBox, FlowColumn, FlowSide } from '@bianshi/shared';
import { format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import type { FlowDoc } from '../flow-doc';

const t = workbenchText.flow;
const TITLE_MAX = 40;
const SIDES: FlowSide[] = ['pro', 'con', 'none'];

/** A checked column title, or null after telling why not. */
function checkedTitle(value: string): string | null {
  const title = value.trim();
  if (!title) {
    toast.error(t.columnEmpty);
    return null;
  }
  if (title.length > TITLE_MAX) {
    toast.error(format(t.columnTooLong, { max: TITLE_MAX }));
    return null;
  }
  return title;
}

/**
 * The sheet's speech columns, editable: rename, side, move left/right, remove (with its boxes),
 * add. The columns start from the format's speech stages; every change merges like any edit.
 */
export function ColumnsEditor({
  flow,
  columns,
  boxes,
}: {
  flow: FlowDoc;
  columns: readonly FlowColumn[];
  boxes: readonly FlowBox[];
}) {
  const [title, setTitle] = useState('');
  const rename = (column: FlowColumn, value: string) => {
    if (value.trim() === column.title) return;
    const checked = checkedTitle(value);
    if (checked) flow.patchColumn(column.id, { title: checked });
  };
  const confirm = useConfirm();
  const remove = async (column: FlowColumn) => {
    if (columns.length <= 1) return toast.error(t.lastColumn);
    const n = boxes.filter((box) => box.columnId === column.id && box.text.trim()).length;
    if (
      n > 0 &&
      !(await confirm.ask({
        title: format(t.removeColumnConfirm, { title: column.title, n }),
        confirmLabel: t.removeColumn,
        tone: 'danger',
      }))
    )
      return;
    flow.removeColumn(column.id);
  };
  const add = () => {
    const checked = checkedTitle(title || t.newColumnTitle);
    if (!checked) return;
    flow.addColumn(checked);
    setTitle('');
  };
  return (
    <section className="flow-columns" aria-label={t.columnsTitle}>
      {confirm.dialog}
      <h2 className="wb-side__title">{t.columnsTitle}</h2>
      <ol className="flow-columns__list">
        {columns.map((column, index) => (
          <li key={column.id} className="flow-columns__row" data-side={column.side}>
            <input
              key={column.title}
              className="input input--sm"
              aria-label={`${t.columnTitle} ${index + 1}`}
              defaultValue={column.title}
              maxLength={TITLE_MAX + 10}
              onBlur={(event) => rename(column, event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.currentTarget.blur();
              }}
            />
            <select
              className="input input--sm"
              aria-label={`${column.title} ${t.columnSide}`}
              value={column.side}
              onChange={(event) => flow.patchColumn(column.id, { side: event.target.value as FlowSide })}
            >
              {SIDES.map((side) => (
                <option key={side} value={side}>
                  {t[side]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={`${column.title} ${t.moveLeft}`}
              disabled={index === 0}
              onClick={() => flow.moveColumn(column.id, -1)}
            >
              ←
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={`${column.title} ${t.moveRight}`}
              disabled={index === columns.length - 1}
              onClick={() => flow.moveColumn(column.id, 1)}
            >
              →
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={`${column.title} ${t.removeColumn}`}
              onClick={() => void remove(column)}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      <form
        className="flow-columns__add"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <input
          className="input input--sm"
          aria-label={t.columnTitle}
          placeholder={t.newColumnTitle}
          value={title}
          maxLength={TITLE_MAX + 10}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary btn--sm">
          + {t.addColumn}
        </button>
      </form>
    </section>
  );
}
