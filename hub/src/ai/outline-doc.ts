import { OUTLINE_HEADINGS, OUTLINE_SIDE_NAMES, type CaseOutline, type SideId } from '@bianshi/shared';
import * as Y from 'yjs';

/** A block of the rich-text editor (tiptap's ProseMirror nodes, as y-prosemirror stores them). */
function element(
  name: string,
  children: (Y.XmlElement | Y.XmlText)[],
  attributes: Record<string, number> = {},
): Y.XmlElement {
  const node = new Y.XmlElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value as never);
  node.insert(0, children);
  return node;
}

function paragraph(text: string): Y.XmlElement {
  const content = new Y.XmlText();
  content.insert(0, text);
  return element('paragraph', [content]);
}

function heading(level: number, text: string): Y.XmlElement {
  const content = new Y.XmlText();
  content.insert(0, text);
  return element('heading', [content], { level });
}

function list(
  kind: 'bulletList' | 'orderedList',
  items: (readonly [string, readonly string[]])[],
): Y.XmlElement {
  return element(
    kind,
    items.map(([text, children]) =>
      element(
        'listItem',
        children.length > 0
          ? [
              paragraph(text),
              list(
                'bulletList',
                children.map((child) => [child, []]),
              ),
            ]
          : [paragraph(text)],
      ),
    ),
  );
}

/**
 * The first update of a workbench text document holding an outline: a title, then one heading
 * per part (定义, 判准, 论点 with their points, 交锋, 质询问题) over a list, in the blocks the
 * workbench's editor reads from the document's `default` fragment.
 */
export function outlineUpdate(topic: string, side: SideId, outline: CaseOutline): Uint8Array {
  const doc = new Y.Doc();
  const blocks: Y.XmlElement[] = [heading(1, `${OUTLINE_SIDE_NAMES[side]}：${topic}`)];
  const part = (title: string, items: readonly string[]) => {
    if (items.length === 0) return;
    blocks.push(
      heading(2, title),
      list(
        'bulletList',
        items.map((item) => [item, []]),
      ),
    );
  };
  part(OUTLINE_HEADINGS.definitions, outline.definitions);
  part(OUTLINE_HEADINGS.criteria, outline.criteria);
  blocks.push(
    heading(2, OUTLINE_HEADINGS.arguments),
    list(
      'orderedList',
      outline.arguments.map((argument) => [argument.claim, argument.points]),
    ),
  );
  part(OUTLINE_HEADINGS.clashes, outline.clashes);
  part(OUTLINE_HEADINGS.questions, outline.questions);
  doc.getXmlFragment('default').insert(0, blocks);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}
