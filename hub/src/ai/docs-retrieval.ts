import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AiSource } from '@bianshi/shared';
import {
  createSectionIndex,
  excerpt,
  searchSections,
  type SearchSection,
  type SectionHit,
  type SectionIndex,
} from '@bianshi/shared/content/index';

/** Sections handed to the provider (and shown without one). */
const MAX_SOURCES = 4;
/** Characters of one section the provider sees. */
const SECTION_CHARS = 1_200;

/** Question words that say nothing about the subject (asked of every page alike). */
const FILLER = new Set(
  '怎么 怎样 如何 以后 之后 时候 什么 为什么 为何 哪里 哪儿 哪个 哪些 吗 呢 吧 啊 的 了 是 在 有 我 我们 你 你们 可以 能 能否 能不能 会 要 需要 想 请问 一下 这个 那个 和 与 或 还是 多少 几 个 用 把 被 让 给 到 从 就 都 也 还 吗？ how what why where which can do does i we you the a an to of in on for is are'.split(
    ' ',
  ),
);

const HAN = /^\p{Script=Han}+$/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * The words of a question that name its subject: the segmenter's words less the filler, with
 * runs of single Chinese characters joined (大|屏 → 大屏: words the segmenter does not know
 * come out one character at a time) and lone characters dropped.
 */
export function questionWords(question: string): string[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const words: string[] = [];
  let run = '';
  const flush = () => {
    if (run.length > 1) words.push(run);
    run = '';
  };
  for (const { segment, isWordLike } of segmenter.segment(question.toLowerCase())) {
    if (!isWordLike || FILLER.has(segment)) {
      flush();
      continue;
    }
    if (segment.length === 1 && HAN.test(segment)) {
      run += segment;
      continue;
    }
    flush();
    if (segment.length > 1 || !HAN.test(segment)) words.push(segment);
  }
  flush();
  return [...new Set(words)];
}

/** The docs sections of a question: the best few, and whether they cover it. */
export interface Retrieval {
  sources: AiSource[];
  sections: SectionHit[];
  covered: boolean;
}

/**
 * Retrieval for the assistant over the docs' heading-level sections, with the same index (and
 * Chinese tokenizer) as the docs search box: `<clientDist>/_content/search.json`, read again
 * when a rebuild changes it. Before the client is built there are no docs, and nothing is covered.
 */
export class DocsRetrieval {
  private cached: { mtimeMs: number; index: SectionIndex } | undefined;

  constructor(private readonly clientDist: string) {}

  private index(): SectionIndex | null {
    const file = join(this.clientDist, '_content', 'search.json');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      const sections = (JSON.parse(readFileSync(file, 'utf8')) as SearchSection[]).filter((section) =>
        section.path.startsWith('/docs'),
      );
      this.cached = { mtimeMs, index: createSectionIndex(sections) };
    }
    return this.cached.index;
  }

  /**
   * The best sections for a question. It counts as covered when the best section holds at least
   * half of the question's subject words.
   */
  retrieve(question: string): Retrieval {
    const index = this.index();
    const words = questionWords(question);
    if (!index || words.length === 0) return { sources: [], sections: [], covered: false };
    const hits = searchSections(index, words.join(' '), MAX_SOURCES);
    const found = (hit: SectionHit) =>
      words.filter((word) => `${hit.pageTitle} ${hit.heading} ${hit.text}`.toLowerCase().includes(word));
    const needed = Math.ceil(words.length / 2);
    const covered = hits.length > 0 && found(hits[0]!).length >= needed;
    const sources = hits.map((hit) => ({
      href: hit.anchor ? `${hit.path}#${hit.anchor}` : hit.path,
      pageTitle: hit.pageTitle,
      heading: hit.heading,
      trail: hit.trail,
      passage: excerpt(hit.text, found(hit).join(' '), 60),
      terms: found(hit),
    }));
    return { sources, sections: hits, covered };
  }
}

/** The retrieved sections as the provider reads them: numbered, each with its link and text. */
export function sectionsForPrompt(retrieval: Retrieval): string {
  return retrieval.sections
    .map(
      (hit, i) =>
        `[${i + 1}] ${[...hit.trail, hit.heading].join(' › ')}（${retrieval.sources[i]!.href}）\n${hit.text.slice(0, SECTION_CHARS)}`,
    )
    .join('\n\n');
}
