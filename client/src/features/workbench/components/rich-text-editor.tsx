import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { DocComment } from '@bianshi/shared';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import Highlight from '@tiptap/extension-highlight';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import type { DocSession, PresenceUser } from '../../../lib/realtime/documents';
import { commentAnchor, CommentMarks, commentMarksKey, commentRange } from './comment-marks';

const t = workbenchText.editor;

/** What the page may do with the editor (export, import). */
export interface RichTextHandle {
  html(): string;
  insertHtml(html: string): void;
  /** The selected text with an anchor for a comment, or null when nothing is selected. */
  selection(): { anchor: DocComment['anchor']; quote: string } | null;
  /** Selects and scrolls to a comment's text; false when that text is gone. */
  reveal(anchor: DocComment['anchor']): boolean;
}

/** Comments drawn over the text (read-only here; the comments panel changes them). */
export interface EditorComments {
  comments: DocComment[];
  active: string | null;
  onActivate(id: string): void;
}

/**
 * A rich-text document (Tiptap on ProseMirror) bound to the session's Y.Doc: headings, lists,
 * tables, highlights; everyone's caret and selection with their name. Read-only for viewers
 * and commenters (the hub refuses their edits anyway).
 */
export const RichTextEditor = forwardRef<
  RichTextHandle,
  { session: DocSession; user: PresenceUser; editable: boolean; comments?: EditorComments }
>(function RichTextEditor({ session, user, editable, comments }, ref) {
  const latest = useRef(comments);
  latest.current = comments;
  const editor = useEditor(
    {
      extensions: [
        StarterKit.configure({ undoRedo: false }),
        Highlight,
        TableKit.configure({ table: { resizable: false } }),
        Collaboration.configure({ document: session.doc }),
        CollaborationCaret.configure({ provider: session.provider, user }),
        CommentMarks.configure({
          read: () => ({ comments: latest.current?.comments ?? [], active: latest.current?.active ?? null }),
          onActivate: (id) => latest.current?.onActivate(id),
        }),
      ],
      editable,
      editorProps: {
        attributes: {
          class: 'wb-prose',
          'aria-label': t.placeholder,
          'aria-multiline': 'true',
          role: 'textbox',
          'aria-readonly': String(!editable),
        },
      },
    },
    [session, editable],
  );
  // Redraw the marks when the comments or the selected one change.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(commentMarksKey, true));
  }, [editor, comments?.comments, comments?.active]);
  useImperativeHandle(ref, () => ({
    html: () => editor?.getHTML() ?? '',
    insertHtml: (html) => editor?.chain().focus('end').insertContent(html).run(),
    selection: () => {
      if (!editor) return null;
      let { from, to } = editor.state.selection;
      if (from === to) {
        // A read-only editor may not track the selection: read the page's.
        const dom = window.getSelection();
        if (!dom || dom.isCollapsed || !dom.anchorNode || !dom.focusNode) return null;
        if (!editor.view.dom.contains(dom.anchorNode) || !editor.view.dom.contains(dom.focusNode))
          return null;
        const a = editor.view.posAtDOM(dom.anchorNode, dom.anchorOffset);
        const b = editor.view.posAtDOM(dom.focusNode, dom.focusOffset);
        [from, to] = [Math.min(a, b), Math.max(a, b)];
      }
      const quote = editor.state.doc.textBetween(from, to, ' ').trim();
      const anchor = quote ? commentAnchor(editor.state, from, to) : null;
      return anchor ? { anchor, quote } : null;
    },
    reveal: (anchor) => {
      if (!editor) return false;
      const range = commentRange(editor.state, anchor);
      if (!range) return false;
      editor.commands.setTextSelection(range);
      editor.view.dispatch(editor.state.tr.scrollIntoView());
      return true;
    },
  }));
  if (!editor) return <div className="wb-editor__loading">{t.loading}</div>;
  return (
    <div className="wb-editor">
      {editable ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} className="wb-editor__content" />
    </div>
  );
});

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      highlight: e.isActive('highlight'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const button = (key: keyof typeof active, label: string, glyph: string, run: () => void) => (
    <button
      type="button"
      className="wb-tool"
      aria-label={label}
      title={label}
      aria-pressed={active[key]}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {glyph}
    </button>
  );
  return (
    <div className="wb-toolbar" role="toolbar">
      {button('h1', t.h1, 'H1', () => editor.chain().focus().toggleHeading({ level: 1 }).run())}
      {button('h2', t.h2, 'H2', () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
      {button('bold', t.bold, 'B', () => editor.chain().focus().toggleBold().run())}
      {button('italic', t.italic, 'I', () => editor.chain().focus().toggleItalic().run())}
      {button('strike', t.strike, 'S', () => editor.chain().focus().toggleStrike().run())}
      {button('highlight', t.highlight, '亮', () => editor.chain().focus().toggleHighlight().run())}
      {button('bullet', t.bullet, '•', () => editor.chain().focus().toggleBulletList().run())}
      {button('ordered', t.ordered, '1.', () => editor.chain().focus().toggleOrderedList().run())}
      {button('quote', t.quote, '❝', () => editor.chain().focus().toggleBlockquote().run())}
      <button
        type="button"
        className="wb-tool"
        aria-label={t.table}
        title={t.table}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        ▦
      </button>
    </div>
  );
}
