/**
 * Markdown → HTML at build time: remark (GFM tables, task lists, autolinks) → rehype (heading
 * anchors, shiki-highlighted code with light and dark colours, callouts, zoomable images).
 * Also cuts the result into heading-level search sections.
 */
import rehypeShiki from '@shikijs/rehype';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Blockquote, Paragraph, Root as MdastRoot } from 'mdast';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { SearchSection, TocEntry } from '@bianshi/shared/content/index';

/** Callout kinds written as GitHub alerts: `> [!TIP]`. */
const CALLOUTS: Record<string, string> = { NOTE: '说明', TIP: '提示', IMPORTANT: '重要', WARNING: '注意', CAUTION: '警告' };

/** `> [!TIP]\n> text` → `<div class="callout callout--tip"><p class="callout__title">提示</p>…`. */
function remarkCallouts() {
  return (tree: MdastRoot) => {
    visit(tree, 'blockquote', (node: Blockquote) => {
      const first = node.children[0] as Paragraph | undefined;
      const head = first?.type === 'paragraph' ? first.children[0] : undefined;
      if (head?.type !== 'text') return;
      const match = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/.exec(head.value);
      if (!match || !first) return;
      const kind = match[1] as string;
      head.value = head.value.slice(match[0].length);
      if (!head.value && first.children.length > 1 && first.children[1]?.type === 'break') first.children.splice(0, 2);
      else if (!head.value) first.children.shift();
      if (first.children.length === 0) node.children.shift();
      node.data = { hName: 'aside', hProperties: { className: ['callout', `callout--${kind.toLowerCase()}`], role: 'note' } };
      node.children.unshift({ type: 'paragraph', data: { hProperties: { className: ['callout__title'] } }, children: [{ type: 'text', value: CALLOUTS[kind] ?? kind }] });
    });
  };
}

export interface ImageRewrite {
  /** The `src` as written (relative to the Markdown file). */
  src: string;
  /** The public URL it is served from. */
  url: string;
}

/** Relative images become `/_content/<dir>/<file>` (copied by the build), lazy and zoomable. */
function rehypeImages(options: { resolve: (src: string) => string | null; found: ImageRewrite[] }) {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'img') return;
      const src = String(node.properties.src ?? '');
      const url = options.resolve(src);
      if (url) {
        options.found.push({ src, url });
        node.properties.src = url;
      }
      node.properties.loading = 'lazy';
      node.properties.dataZoomable = '';
    });
  };
}

/** External links open in a new tab through the redirect interstitial's rules (rel noopener). */
function rehypeExternalLinks() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a') return;
      const href = String(node.properties.href ?? '');
      if (/^https?:\/\//.test(href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
    });
  };
}

/** A compiled page body with its contents and sections. */
export interface CompiledMarkdown {
  html: string;
  toc: TocEntry[];
  /** Heading-level sections, without path/page title (the caller adds those). */
  sections: Omit<SearchSection, 'id' | 'path' | 'pageTitle'>[];
  images: ImageRewrite[];
}

function collectSections(tree: HastRoot, pageTitle: string): CompiledMarkdown['sections'] {
  const sections: CompiledMarkdown['sections'] = [];
  let current = { anchor: '', heading: pageTitle, trail: [] as string[], text: [] as string[] };
  const stack: { depth: number; text: string }[] = [];
  const flush = () => {
    const text = current.text.join(' ').replace(/\s+/g, ' ').trim();
    if (text || current.anchor) sections.push({ anchor: current.anchor, heading: current.heading, trail: current.trail, text });
  };
  for (const node of tree.children) {
    if (node.type !== 'element') continue;
    const depth = /^h([1-6])$/.exec(node.tagName)?.[1];
    if (depth && Number(depth) <= 3) {
      flush();
      const heading = hastToString(node).trim();
      while (stack.length && (stack[stack.length - 1]?.depth ?? 0) >= Number(depth)) stack.pop();
      current = { anchor: String(node.properties.id ?? ''), heading, trail: stack.map((s) => s.text), text: [] };
      stack.push({ depth: Number(depth), text: heading });
      continue;
    }
    current.text.push(hastToString(node as ElementContent));
  }
  flush();
  return sections;
}

function collectToc(tree: HastRoot): TocEntry[] {
  const toc: TocEntry[] = [];
  visit(tree, 'element', (node: Element) => {
    const depth = /^h([23])$/.exec(node.tagName)?.[1];
    if (depth && node.properties.id) toc.push({ id: String(node.properties.id), depth: Number(depth), text: hastToString(node).trim() });
  });
  return toc;
}

/** Compiles one Markdown body. `resolveImage` maps a relative `src` to its public URL. */
export async function compileMarkdown(markdown: string, pageTitle: string, resolveImage: (src: string) => string | null): Promise<CompiledMarkdown> {
  const images: ImageRewrite[] = [];
  let toc: TocEntry[] = [];
  let sections: CompiledMarkdown['sections'] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkCallouts)
    // Raw HTML (e.g. <kbd>) is written by the site's own authors, never by users.
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeSlug)
    .use(() => (tree: HastRoot) => {
      // Before anchors and highlighting add their markup: plain heading and body text.
      toc = collectToc(tree);
      sections = collectSections(tree, pageTitle);
    })
    .use(rehypeAutolinkHeadings, { behavior: 'append', properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 }, content: { type: 'text', value: '#' } })
    .use(rehypeShiki, { themes: { light: 'github-light', dark: 'github-dark' }, defaultColor: 'light', langs: ['bash', 'json', 'typescript', 'yaml', 'ini', 'nginx', 'dockerfile'], fallbackLanguage: 'text' })
    .use(rehypeImages, { resolve: resolveImage, found: images })
    .use(rehypeExternalLinks)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .process(markdown);
  return { html: String(file), toc, sections, images };
}
