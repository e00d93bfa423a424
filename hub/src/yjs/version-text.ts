import * as Y from 'yjs';
import type { DocumentKind } from './yjs.repository';

/** The root types of each document kind, as the client binds them. */
export const DOCUMENT_ROOTS: Record<
  DocumentKind,
  readonly { name: string; type: 'xml' | 'array' | 'map' }[]
> = {
  text: [{ name: 'default', type: 'xml' }],
  cards: [{ name: 'cards', type: 'array' }],
  qa: [{ name: 'qa', type: 'array' }],
  comments: [{ name: 'comments', type: 'map' }],
  flow: [
    { name: 'columns', type: 'array' },
    { name: 'boxes', type: 'map' },
    { name: 'meta', type: 'map' },
  ],
};

function root(
  doc: Y.Doc,
  spec: { name: string; type: 'xml' | 'array' | 'map' },
): Y.XmlFragment | Y.Array<unknown> | Y.Map<unknown> {
  if (spec.type === 'xml') return doc.getXmlFragment(spec.name);
  if (spec.type === 'array') return doc.getArray(spec.name);
  return doc.getMap(spec.name);
}

/** A document's state as plain lines: one per block of text, card, question or box. */
export function documentLines(kind: DocumentKind, state: Uint8Array): string[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const lines: string[] = [];
  for (const spec of DOCUMENT_ROOTS[kind]) {
    const type = root(doc, spec);
    if (type instanceof Y.XmlFragment) for (const node of type.toArray()) blockLines(node, lines);
    else if (type instanceof Y.Array)
      for (const item of type.toArray()) lines.push(JSON.stringify(toJson(item)));
    else
      for (const [key, value] of [...type.entries()].sort(([a], [b]) => a.localeCompare(b)))
        lines.push(`${key}: ${JSON.stringify(toJson(value))}`);
  }
  doc.destroy();
  return lines;
}

function toJson(value: unknown): unknown {
  return value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value;
}

const BLOCKS_WITH_BLOCKS = new Set([
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
]);

function blockLines(node: Y.XmlElement | Y.XmlText | Y.XmlHook, lines: string[]): void {
  if (node instanceof Y.XmlText) {
    lines.push(plain(node));
    return;
  }
  if (!(node instanceof Y.XmlElement)) return;
  if (BLOCKS_WITH_BLOCKS.has(node.nodeName)) {
    for (const child of node.toArray()) blockLines(child, lines);
    return;
  }
  lines.push(
    node
      .toArray()
      .map((child) => (child instanceof Y.XmlText ? plain(child) : ''))
      .join(''),
  );
}

function plain(text: Y.XmlText): string {
  return (text.toDelta() as { insert: unknown }[])
    .map((op) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}

/** A line diff (longest common subsequence): each line kept, added or removed, in order. */
export function diffLines(
  before: readonly string[],
  after: readonly string[],
): { op: 'same' | 'added' | 'removed'; text: string }[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i]![j] =
        before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: { op: 'same' | 'added' | 'removed'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ op: 'same', text: before[i]! });
      i += 1;
      j += 1;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: 'removed', text: before[i++]! });
    else out.push({ op: 'added', text: after[j++]! });
  }
  while (i < n) out.push({ op: 'removed', text: before[i++]! });
  while (j < m) out.push({ op: 'added', text: after[j++]! });
  return out;
}

/**
 * The update that makes `current` read like `version`, as a new edit on top of the history (so
 * nobody's later work is rewritten and other replicas merge it like any change): every root is
 * emptied and filled with copies of the version's content.
 */
export function restoreUpdate(kind: DocumentKind, current: Uint8Array, version: Uint8Array): Uint8Array {
  const target = new Y.Doc();
  Y.applyUpdate(target, current);
  const source = new Y.Doc();
  Y.applyUpdate(source, version);
  const before = Y.encodeStateVector(target);
  target.transact(() => {
    for (const spec of DOCUMENT_ROOTS[kind]) {
      const into = root(target, spec);
      const from = root(source, spec);
      if (into instanceof Y.Map && from instanceof Y.Map) {
        for (const key of [...into.keys()]) into.delete(key);
        for (const [key, value] of from.entries()) into.set(key, copy(value));
      } else if (into instanceof Y.XmlFragment && from instanceof Y.XmlFragment) {
        if (into.length > 0) into.delete(0, into.length);
        into.insert(
          0,
          from.toArray().map((node) => node.clone() as Y.XmlElement | Y.XmlText),
        );
      } else if (into instanceof Y.Array && from instanceof Y.Array) {
        if (into.length > 0) into.delete(0, into.length);
        into.insert(0, from.toArray().map(copy));
      }
    }
  });
  const update = Y.encodeStateAsUpdate(target, before);
  target.destroy();
  source.destroy();
  return update;
}

function copy(value: unknown): unknown {
  return value instanceof Y.AbstractType
    ? (value as Y.AbstractType<unknown> & { clone(): unknown }).clone()
    : value;
}
