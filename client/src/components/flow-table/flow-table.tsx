import { droppedBoxIds, type FlowBox, type FlowColumn } from '@bianshi/shared';
import { workbench as workbenchText } from '../../i18n/zh-CN/workbench';
import './flow-table.css';

const t = workbenchText.flow;

/**
 * A flow sheet drawn read-only from plain columns and boxes (a judge's flow attached to a match
 * record): a column per speech in its side's colour, boxes on their rows, marks and what was
 * dropped.
 */
export function FlowTable({
  title,
  columns,
  boxes,
}: {
  title: string;
  columns: readonly FlowColumn[];
  boxes: readonly FlowBox[];
}) {
  const dropped = droppedBoxIds(columns, boxes);
  const rows = Math.max(0, ...boxes.map((box) => box.row + 1));
  const at = new Map(boxes.map((box) => [`${box.columnId}:${box.row}`, box]));
  return (
    <div className="flow-table" role="table" aria-label={title}>
      <div
        className="flow-table__grid"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(120px, 1fr))` }}
      >
        {columns.map((column) => (
          <div key={column.id} role="columnheader" className="flow-table__head" data-side={column.side}>
            {column.title}
            {column.side !== 'none' ? <small>{t[column.side]}</small> : null}
          </div>
        ))}
        {Array.from({ length: rows }, (_, row) =>
          columns.map((column) => {
            const box = at.get(`${column.id}:${row}`);
            return (
              <div
                key={`${column.id}:${row}`}
                role="cell"
                className="flow-table__cell"
                data-side={column.side}
              >
                {box && box.text.trim() ? (
                  <div className="flow-table__box" data-dropped={dropped.has(box.id) || undefined}>
                    {box.text}
                    {box.mark !== 'none' || dropped.has(box.id) ? (
                      <span className="flow-table__marks">
                        {box.mark === 'extended' ? <span className="badge">{t.extended}</span> : null}
                        {box.mark === 'conceded' ? <span className="badge">{t.conceded}</span> : null}
                        {dropped.has(box.id) ? (
                          <span className="badge badge--primary">{t.dropped}</span>
                        ) : null}
                      </span>
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          }),
        )}
      </div>
    </div>
  );
}
