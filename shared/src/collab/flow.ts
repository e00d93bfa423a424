import type { Format } from '../formats/format.schema';

/**
 * The flow sheet (流程单) model, pure: columns (one per speech), boxes that answer boxes in
 * earlier columns, marks, and what is dropped. The Yjs document stores exactly these shapes.
 */

/** Which side a column's speech belongs to; `none` for free-judging or summary columns. */
export type FlowSide = 'pro' | 'con' | 'none';

export interface FlowColumn {
  id: string;
  title: string;
  side: FlowSide;
  /** Index of the format stage this column follows, when it was built from a format. */
  stageIndex: number | null;
}

/** Marks a flower sets by hand; `dropped` is never set, it is computed. */
export type FlowMark = 'none' | 'extended' | 'conceded';

export interface FlowBox {
  id: string;
  columnId: string;
  /** Order within the column. */
  row: number;
  text: string;
  /** The earlier box this one answers, if any. */
  answers: string | null;
  mark: FlowMark;
  /** Boxes elsewhere on the sheet this argument is cross-applied to. */
  crossApply: string[];
}

/**
 * Boxes whose argument was dropped: a box in a pro or con column that no box in a later column
 * of the other side answers (directly or by cross-application), although such a later column
 * exists with something in it. Conceded boxes are not dropped: the other side gave them up.
 */
export function droppedBoxIds(columns: readonly FlowColumn[], boxes: readonly FlowBox[]): Set<string> {
  const order = new Map(columns.map((column, index) => [column.id, index]));
  const sideOf = new Map(columns.map((column) => [column.id, column.side]));
  const answeredBy = new Map<string, FlowBox[]>();
  for (const box of boxes) {
    for (const target of [box.answers, ...box.crossApply]) {
      if (!target) continue;
      const list = answeredBy.get(target) ?? [];
      list.push(box);
      answeredBy.set(target, list);
    }
  }
  const dropped = new Set<string>();
  for (const box of boxes) {
    const side = sideOf.get(box.columnId);
    const at = order.get(box.columnId);
    if (
      side === undefined ||
      side === 'none' ||
      at === undefined ||
      box.text.trim() === '' ||
      box.mark === 'conceded'
    )
      continue;
    const other = side === 'pro' ? 'con' : 'pro';
    const laterOtherColumns = columns
      .filter((column, index) => index > at && column.side === other)
      .map((column) => column.id);
    const laterOtherSpoke = boxes.some(
      (candidate) => laterOtherColumns.includes(candidate.columnId) && candidate.text.trim() !== '',
    );
    if (!laterOtherSpoke) continue;
    const answered = (answeredBy.get(box.id) ?? []).some((answer) => {
      const answerAt = order.get(answer.columnId);
      return answerAt !== undefined && answerAt > at && sideOf.get(answer.columnId) === other;
    });
    if (!answered) dropped.add(box.id);
  }
  return dropped;
}

/**
 * Columns of a sheet built from a format: one per speech stage (a one-sided clock gives its
 * side's colour; a two-sided clock such as 自由辩论 and a neutral one give none; prep and
 * clock-less stages are skipped), and a summary column at the end. `ids` come from the caller.
 */
export function columnsFromFormat(format: Pick<Format, 'stages'>, ids: readonly string[]): FlowColumn[] {
  const columns: FlowColumn[] = [];
  format.stages.forEach((stage, stageIndex) => {
    if (stage.kind === 'prep' || stage.kind === 'none') return;
    const side: FlowSide =
      stage.kind === 'single'
        ? stage.side === 'aff'
          ? 'pro'
          : stage.side === 'neg'
            ? 'con'
            : 'none'
        : 'none';
    columns.push({ id: ids[columns.length] ?? `c${columns.length}`, title: stage.name, side, stageIndex });
  });
  columns.push({ id: ids[columns.length] ?? 'summary', title: '总结', side: 'none', stageIndex: null });
  return columns;
}

/** The sheet as a Markdown outline: a heading per column, each box a bullet with its marks. */
export function flowToMarkdown(
  title: string,
  columns: readonly FlowColumn[],
  boxes: readonly FlowBox[],
): string {
  const dropped = droppedBoxIds(columns, boxes);
  const byId = new Map(boxes.map((box) => [box.id, box]));
  const sideName: Record<FlowSide, string> = { pro: '正方', con: '反方', none: '' };
  const lines = [`# ${title}`, ''];
  for (const column of columns) {
    lines.push(`## ${column.title}${column.side === 'none' ? '' : `（${sideName[column.side]}）`}`, '');
    const inColumn = boxes.filter((box) => box.columnId === column.id).sort((a, b) => a.row - b.row);
    if (inColumn.length === 0) lines.push('- （空）');
    for (const box of inColumn) {
      const marks = [
        box.mark === 'extended' ? '【延伸】' : '',
        box.mark === 'conceded' ? '【承认】' : '',
        dropped.has(box.id) ? '【未回应】' : '',
      ].join('');
      const target = box.answers ? byId.get(box.answers) : undefined;
      const answer = target ? ` ← 回应「${firstLine(target.text)}」` : '';
      const cross = box.crossApply
        .map((id) => byId.get(id))
        .filter((b): b is FlowBox => !!b)
        .map((b) => ` ⇄ 交叉适用「${firstLine(b.text)}」`)
        .join('');
      lines.push(`- ${marks}${firstLine(box.text) || '（空）'}${answer}${cross}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
