import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import type { DocComment } from '@bianshi/shared';
import * as Y from 'yjs';

/** Meta key of a transaction that only asks the comment marks to be drawn again. */
export const commentMarksKey = new PluginKey('wb-comment-marks');

interface YSyncState {
  doc: Y.Doc;
  type: Y.XmlFragment;
  binding: { mapping: Map<Y.AbstractType<unknown>, unknown> } | null;
}

function ySync(state: EditorState): (YSyncState & { binding: NonNullable<YSyncState['binding']> }) | null {
  const y = ySyncPluginKey.getState(state) as YSyncState | undefined;
  return y?.binding ? (y as YSyncState & { binding: NonNullable<YSyncState['binding']> }) : null;
}

/** Where a comment's anchor is in the editor now, or null when its text is gone. */
export function commentRange(
  state: EditorState,
  anchor: DocComment['anchor'],
): { from: number; to: number } | null {
  const y = ySync(state);
  if (!y) return null;
  const resolve = (json: unknown) =>
    relativePositionToAbsolutePosition(
      y.doc,
      y.type,
      Y.createRelativePositionFromJSON(json),
      y.binding.mapping as never,
    );
  const from = resolve(anchor.from);
  const to = resolve(anchor.to);
  return from === null || to === null || to <= from ? null : { from, to };
}

/** An anchor for editor positions `from`..`to` that follows the text as others edit it. */
export function commentAnchor(state: EditorState, from: number, to: number): DocComment['anchor'] | null {
  const y = ySync(state);
  if (!y) return null;
  const relative = (pos: number) =>
    Y.relativePositionToJSON(
      absolutePositionToRelativePosition(pos, y.type, y.binding.mapping as never) as Y.RelativePosition,
    );
  return { from: relative(from), to: relative(to) };
}

export interface CommentMarksOptions {
  /** The comments to mark and the one that is selected, read at each redraw. */
  read: () => { comments: DocComment[]; active: string | null };
  /** A click on marked text. */
  onActivate: (id: string) => void;
}

/** Marks the text each open comment is anchored to; a click on it selects the comment. */
export const CommentMarks = Extension.create<CommentMarksOptions>({
  name: 'commentMarks',
  addOptions() {
    return { read: () => ({ comments: [], active: null }), onActivate: () => {} };
  },
  addProseMirrorPlugins() {
    const { read, onActivate } = this.options;
    const ranges = (state: EditorState) => {
      const { comments, active } = read();
      return comments
        .filter((comment) => !comment.resolved)
        .flatMap((comment) => {
          const range = commentRange(state, comment.anchor);
          return range ? [{ ...range, id: comment.id, active: comment.id === active }] : [];
        });
    };
    return [
      new Plugin({
        key: commentMarksKey,
        props: {
          decorations: (state) =>
            DecorationSet.create(
              state.doc,
              ranges(state).map((range) =>
                Decoration.inline(range.from, range.to, {
                  class: range.active ? 'wb-commented wb-commented--active' : 'wb-commented',
                  'data-comment-id': range.id,
                }),
              ),
            ),
          handleClick: (view, pos) => {
            const hit = ranges(view.state).find((range) => range.from <= pos && pos <= range.to);
            if (hit) onActivate(hit.id);
            return false;
          },
        },
      }),
    ];
  },
});
