import type { FlowBox, FlowColumn, FlowMark, FlowSide } from '@bianshi/shared';
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

  /** A new column before the summary column (which stays last), or at `at`. */
  addColumn(title: string, side: FlowSide = 'none', at?: number): string {
    const id = crypto.randomUUID().slice(0, 12);
    const columns = this.columns.toArray();
    const last = columns[columns.length - 1];
    const index =
      at ?? (last && last.stageIndex === null && last.title === '总结' ? columns.length - 1 : columns.length);
    this.columns.insert(Math.max(0, Math.min(index, columns.length)), [
      { id, title, side, stageIndex: null },
    ]);
    return id;
  }

  /** Changes a column's title or side (a column is replaced whole, like a box). */
  patchColumn(id: string, patch: Partial<Pick<FlowColumn, 'title' | 'side'>>): void {
    const at = this.columnIndex(id);
    if (at < 0) return;
    const column = this.columns.get(at);
    this.doc.transact(() => {
      this.columns.delete(at, 1);
      this.columns.insert(at, [{ ...column, ...patch }]);
    });
  }

  /** Moves a column one place left (-1) or right (+1). */
  moveColumn(id: string, by: -1 | 1): void {
    const at = this.columnIndex(id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= this.columns.length) return;
    const column = this.columns.get(at);
    this.doc.transact(() => {
      this.columns.delete(at, 1);
      this.columns.insert(to, [column]);
    });
  }

  /** Removes a column with its boxes (and answers to them elsewhere). */
  removeColumn(id: string): void {
    const at = this.columnIndex(id);
    if (at < 0) return;
    this.doc.transact(() => {
      for (const box of [...this.boxes.values()]) if (box.columnId === id) this.remove(box.id);
      this.columns.delete(at, 1);
    });
  }

  private columnIndex(id: string): number {
    return this.columns.toArray().findIndex((column) => column.id === id);
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
