import { forwardRef, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { droppedBoxIds, type FlowBox, type FlowColumn } from '@bianshi/shared';
import { format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import {
  usePresence,
  useYArray,
  useYMap,
  type DocSession,
  type PresenceUser,
} from '../../../lib/realtime/documents';
import { FlowDoc, nearestInColumn } from '../flow-doc';
import { ColumnsEditor } from './columns-editor';

const t = workbenchText.flow;

/** What the bound timer says: the running stage and the text of its clock. */
export interface LiveStage {
  stageIndex: number;
  clockText: string;
  running: boolean;
}

/**
 * The flow sheet: a column per speech, boxes on aligned rows (an answer sits beside what it
 * answers), marks, dropped arguments computed, everyone's current box. Keyboard first: Enter
 * adds below, Tab answers in the next column, arrows move, Ctrl+E / Ctrl+K mark.
 */
export const FlowSheet = forwardRef<
  HTMLDivElement,
  { session: DocSession; user: PresenceUser; editable: boolean; live: LiveStage | null }
>(function FlowSheet({ session, user, editable, live }, ref) {
  const flow = useMemo(() => new FlowDoc(session.doc), [session]);
  const columns = useYArray<FlowColumn>(flow.columns as never);
  const boxMap = useYMap<FlowBox>(flow.boxes as never);
  const boxes = useMemo(() => Object.values(boxMap), [boxMap]);
  const dropped = useMemo(() => droppedBoxIds(columns, boxes), [columns, boxes]);
  const byId = useMemo(() => new Map(boxes.map((box) => [box.id, box])), [boxes]);
  const people = usePresence(session);
  const elements = useRef(new Map<string, HTMLTextAreaElement>());
  const [focusId, setFocusId] = useState<string | null>(null);
  const [pendingFocus, setPendingFocus] = useState<string | null>(null);
  const [editingColumns, setEditingColumns] = useState(false);
  const rows = Math.max(0, ...boxes.map((box) => box.row + 1)) + 1;

  useEffect(() => {
    if (!pendingFocus) return;
    const element = elements.current.get(pendingFocus);
    if (element) {
      element.focus();
      setPendingFocus(null);
    }
  }, [pendingFocus, boxes]);

  const onFocus = (id: string) => {
    setFocusId(id);
    session.provider.awareness.setLocalStateField('user', { ...user, cell: id });
  };

  const moveTo = (box: FlowBox | null | undefined) => box && setPendingFocus(box.id);
  const column = (offset: number, from: FlowBox) =>
    columns[columns.findIndex((c) => c.id === from.columnId) + offset];

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, box: FlowBox) => {
    if (event.nativeEvent.isComposing) return;
    const element = event.currentTarget;
    const atStart = element.selectionStart === 0 && element.selectionEnd === 0;
    const atEnd = element.selectionStart === element.value.length;
    const onFirstLine = element.value.lastIndexOf('\n', element.selectionStart - 1) === -1;
    const onLastLine = element.value.indexOf('\n', element.selectionEnd) === -1;
    const inColumn = boxes.filter((b) => b.columnId === box.columnId).sort((a, b) => a.row - b.row);
    const index = inColumn.findIndex((b) => b.id === box.id);
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter' && !event.shiftKey && editable) {
      event.preventDefault();
      setPendingFocus(flow.addBelow(box));
    } else if (event.key === 'Tab' && !event.shiftKey && editable) {
      event.preventDefault();
      const id = flow.answer(box);
      if (id) setPendingFocus(id);
    } else if (event.key === 'Tab' && event.shiftKey) {
      event.preventDefault();
      const left = column(-1, box);
      moveTo(box.answers ? byId.get(box.answers) : left ? nearestInColumn(boxes, left.id, box.row) : null);
    } else if (event.key === 'ArrowUp' && onFirstLine) {
      event.preventDefault();
      moveTo(inColumn[index - 1]);
    } else if (event.key === 'ArrowDown' && onLastLine) {
      event.preventDefault();
      moveTo(inColumn[index + 1]);
    } else if (event.key === 'ArrowLeft' && atStart) {
      const left = column(-1, box);
      if (left) {
        event.preventDefault();
        moveTo(nearestInColumn(boxes, left.id, box.row));
      }
    } else if (event.key === 'ArrowRight' && atEnd) {
      const right = column(1, box);
      if (right) {
        event.preventDefault();
        moveTo(nearestInColumn(boxes, right.id, box.row));
      }
    } else if (mod && (event.key === 'e' || event.key === 'E') && editable) {
      event.preventDefault();
      flow.toggleMark(box.id, 'extended');
    } else if (mod && (event.key === 'k' || event.key === 'K') && editable) {
      event.preventDefault();
      flow.toggleMark(box.id, 'conceded');
    } else if (event.key === 'Backspace' && element.value === '' && editable) {
      event.preventDefault();
      moveTo(inColumn[index - 1] ?? inColumn[index + 1]);
      flow.remove(box.id);
    }
  };

  const focused = focusId ? byId.get(focusId) : undefined;

  return (
    <div className="flow-wrap">
      {editable ? (
        <div className="flow-tools" role="toolbar" aria-label={t.keys}>
          {focused ? (
            <BoxTools flow={flow} box={focused} boxes={boxes} columns={columns} />
          ) : (
            <span className="wb-hint">{t.keys}</span>
          )}
          <button
            type="button"
            className="btn btn--secondary btn--sm flow-tools__columns"
            aria-expanded={editingColumns}
            onClick={() => setEditingColumns(!editingColumns)}
          >
            {editingColumns ? t.doneColumns : t.editColumns}
          </button>
        </div>
      ) : null}
      {editable && editingColumns ? <ColumnsEditor flow={flow} columns={columns} boxes={boxes} /> : null}
      <div
        className="flow"
        ref={ref}
        style={{ ['--flow-columns' as string]: columns.length, ['--flow-rows' as string]: rows }}
      >
        {columns.map((col, index) => {
          const isLive = live !== null && col.stageIndex === live.stageIndex;
          return (
            <div
              key={`band-${col.id}`}
              className="flow__band"
              data-side={col.side}
              data-live={isLive || undefined}
              style={{ gridColumn: index + 1 }}
              aria-hidden="true"
            />
          );
        })}
        {columns.map((col, index) => {
          const isLive = live !== null && col.stageIndex === live.stageIndex;
          return (
            <div
              key={`head-${col.id}`}
              className="flow__head"
              data-side={col.side}
              data-live={isLive || undefined}
              style={{ gridColumn: index + 1 }}
              role="columnheader"
              aria-current={isLive ? 'step' : undefined}
            >
              <span className="flow__head-title">{col.title}</span>
              <span className="flow__head-side">
                {col.side === 'pro'
                  ? t.pro
                  : col.side === 'con'
                    ? t.con
                    : col.stageIndex === null
                      ? t.summary
                      : t.none}
              </span>
              {isLive ? (
                <span
                  className="flow__clock"
                  data-running={live.running || undefined}
                  role="timer"
                  aria-label={t.running}
                >
                  {live.clockText}
                </span>
              ) : null}
              {editable ? (
                <button
                  type="button"
                  className="flow__add"
                  aria-label={`${col.title} ${t.addBox}`}
                  onClick={() => setPendingFocus(flow.add(col.id, rows - 1))}
                >
                  +
                </button>
              ) : null}
            </div>
          );
        })}
        {boxes.map((box) => {
          const at = columns.findIndex((c) => c.id === box.columnId);
          if (at < 0) return null;
          const here = people.filter((p) => !p.self && p.user.cell === box.id);
          const target = box.answers ? byId.get(box.answers) : undefined;
          return (
            <div
              key={box.id}
              className="flow-box"
              data-side={columns[at]!.side}
              data-mark={box.mark}
              data-dropped={dropped.has(box.id) || undefined}
              data-focused={focusId === box.id || undefined}
              style={{
                gridColumn: at + 1,
                gridRow: box.row + 2,
                ...(here[0] ? { ['--peer' as string]: here[0].user.color } : {}),
              }}
            >
              {target ? (
                <span className="flow-box__answers">
                  ↳ {format(t.answers, { text: target.text.split('\n')[0]!.slice(0, 16) || '…' })}
                </span>
              ) : null}
              <BoxText
                ref={(element) => {
                  if (element) elements.current.set(box.id, element);
                  else elements.current.delete(box.id);
                }}
                box={box}
                editable={editable}
                onChange={(text) => flow.patch(box.id, { text })}
                onFocus={() => onFocus(box.id)}
                onKeyDown={(event) => onKeyDown(event, box)}
              />
              <span className="flow-box__marks">
                {box.mark === 'extended' ? (
                  <span className="flow-mark" data-mark="extended">
                    {t.extended}
                  </span>
                ) : null}
                {box.mark === 'conceded' ? (
                  <span className="flow-mark" data-mark="conceded">
                    {t.conceded}
                  </span>
                ) : null}
                {dropped.has(box.id) ? (
                  <span className="flow-mark" data-mark="dropped">
                    {t.dropped}
                  </span>
                ) : null}
                {box.crossApply.length > 0 ? (
                  <span className="flow-mark" data-mark="cross">
                    ⇄ {box.crossApply.map((id) => byId.get(id)?.text.slice(0, 8) ?? '').join('、')}
                  </span>
                ) : null}
              </span>
              {here.length > 0 ? (
                <span className="flow-box__peer">{here.map((p) => p.user.name).join('、')}</span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
});

const BoxText = forwardRef<
  HTMLTextAreaElement,
  {
    box: FlowBox;
    editable: boolean;
    onChange(text: string): void;
    onFocus(): void;
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void;
  }
>(function BoxText({ box, editable, onChange, onFocus, onKeyDown }, ref) {
  return (
    <textarea
      ref={ref}
      className="flow-box__text"
      rows={Math.max(1, box.text.split('\n').length)}
      value={box.text}
      placeholder={t.boxPlaceholder}
      readOnly={!editable}
      aria-label={box.text || t.boxPlaceholder}
      onChange={(event) => onChange(event.target.value)}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    />
  );
});

/** Touch-friendly actions for the current box: marks, cross-apply, delete. */
function BoxTools({
  flow,
  box,
  boxes,
  columns,
}: {
  flow: FlowDoc;
  box: FlowBox;
  boxes: FlowBox[];
  columns: FlowColumn[];
}) {
  const others = boxes.filter((b) => b.id !== box.id && b.columnId !== box.columnId && b.text.trim() !== '');
  const title = (b: FlowBox) =>
    `${columns.find((c) => c.id === b.columnId)?.title ?? ''}：${b.text.slice(0, 20)}`;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-pressed={box.mark === 'extended'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => flow.toggleMark(box.id, 'extended')}
      >
        {t.markExtended}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-pressed={box.mark === 'conceded'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => flow.toggleMark(box.id, 'conceded')}
      >
        {t.markConceded}
      </button>
      <label className="flow-tools__cross">
        <span>{t.crossApply}</span>
        <select
          className="input input--sm"
          value=""
          onChange={(event) => event.target.value && flow.toggleCrossApply(box.id, event.target.value)}
        >
          <option value="">—</option>
          {others.map((b) => (
            <option key={b.id} value={b.id}>
              {box.crossApply.includes(b.id) ? '✓ ' : ''}
              {title(b)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => flow.remove(box.id)}
      >
        {t.removeBox}
      </button>
    </>
  );
}
