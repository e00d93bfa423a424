import type { FlowBox, FlowColumn, FlowMark } from '@bianshi/shared';
import type * as Y from 'yjs';

/**
 * Edits of a flow sheet's Y.Doc: `columns` (Y.Array of FlowColumn) and `boxes` (Y.Map of
 * FlowBox by id). A box is replaced whole on each change: two people on different boxes merge,
 * two on one box keep the later text.
 */
export class FlowDoc {
  readonly columns: Y.Array<FlowColumn>;
  readonly boxes: Y.Map<FlowBox>;

  constructor(readonly doc: Y.Doc) {
    this.columns = doc.getArray<FlowColumn>('columns');
    this.boxes = doc.getMap<FlowBox>('boxes');
  }

  /** The first row at or after `from` that is free in `columnId`. */
  freeRow(columnId: string, from: number): number {
    const taken = new Set(
      [...this.boxes.values()].filter((box) => box.columnId === columnId).map((box) => box.row),
    );
    let row = Math.max(0, from);
    while (taken.has(row)) row += 1;
    return row;
  }

  add(columnId: string, row: number, answers: string | null = null): string {
    const id = crypto.randomUUID().slice(0, 12);
    this.boxes.set(id, {
      id,
      columnId,
      row: this.freeRow(columnId, row),
      text: '',
      answers,
      mark: 'none',
      crossApply: [],
    });
    return id;
  }

  /** A box below `box` in its column (Enter). */
  addBelow(box: FlowBox): string {
    return this.add(box.columnId, box.row + 1);
  }

  /** An answer to `box` in the next column, on its row when free (Tab); null in the last column. */
  answer(box: FlowBox): string | null {
    const columns = this.columns.toArray();
    const at = columns.findIndex((column) => column.id === box.columnId);
    const next = columns[at + 1];
    return next ? this.add(next.id, box.row, box.id) : null;
  }

  patch(id: string, patch: Partial<Omit<FlowBox, 'id'>>): void {
    const box = this.boxes.get(id);
    if (box) this.boxes.set(id, { ...box, ...patch });
  }

  toggleMark(id: string, mark: Exclude<FlowMark, 'none'>): void {
    const box = this.boxes.get(id);
    if (box) this.patch(id, { mark: box.mark === mark ? 'none' : mark });
  }

  toggleCrossApply(id: string, target: string): void {
    const box = this.boxes.get(id);
    if (!box || id === target) return;
    this.patch(id, {
      crossApply: box.crossApply.includes(target)
        ? box.crossApply.filter((x) => x !== target)
        : [...box.crossApply, target],
    });
  }

  remove(id: string): void {
    this.doc.transact(() => {
      this.boxes.delete(id);
      for (const box of [...this.boxes.values()]) {
        if (box.answers === id || box.crossApply.includes(id))
          this.boxes.set(box.id, {
            ...box,
            answers: box.answers === id ? null : box.answers,
            crossApply: box.crossApply.filter((x) => x !== id),
          });
      }
    });
  }

  addColumn(title: string): void {
    const id = crypto.randomUUID().slice(0, 12);
    const columns = this.columns.toArray();
    // Before the summary column, which stays last.
    const at =
      columns.length > 0 && columns[columns.length - 1]!.stageIndex === null
        ? columns.length - 1
        : columns.length;
    this.columns.insert(at, [{ id, title, side: 'none', stageIndex: null }]);
  }
}

/** The box nearest `row` in a column (arrow keys across columns). */
export function nearestInColumn(boxes: readonly FlowBox[], columnId: string, row: number): FlowBox | null {
  let best: FlowBox | null = null;
  for (const box of boxes) {
    if (box.columnId !== columnId) continue;
    if (!best || Math.abs(box.row - row) < Math.abs(best.row - row)) best = box;
  }
  return best;
}
