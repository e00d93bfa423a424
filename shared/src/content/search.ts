/**
 * Full-text search over heading-level sections of the docs, working for Chinese: words come from
 * `Intl.Segmenter('zh', {granularity: 'word'})` (a whitespace tokenizer finds nothing in
 * Chinese), and longer Chinese words also index their two-character pieces, so a query segmented
 * differently from the page still meets it. The same sections and index serve the docs search
 * box and, later, retrieval for the assistant.
 */
import MiniSearch, { type SearchResult } from 'minisearch';

/** One heading-level section of a page: the text under one heading, up to the next. */
export interface SearchSection {
  /** `<path>#<anchor>` (the page itself when the section is its introduction). */
  id: string;
  path: string;
  /** Heading anchor, '' for a page's introduction. */
  anchor: string;
  pageTitle: string;
  /** The heading of this section (the page title for the introduction). */
  heading: string;
  /** Headings above this one, outermost first (for breadcrumbs). */
  trail: string[];
  text: string;
}

const HAN = /\p{Script=Han}/u;
let segmenter: Intl.Segmenter | undefined;

/** Word tokens of `text`, lower-cased: Segmenter words, plus bigrams of long Chinese words. */
export function tokenize(text: string): string[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const tokens: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    const word = segment.toLowerCase();
    tokens.push(word);
    if (word.length > 2 && HAN.test(word)) {
      for (let i = 0; i + 2 <= word.length; i++) tokens.push(word.slice(i, i + 2));
    }
  }
  return tokens;
}

/** A search index over sections. */
export type SectionIndex = MiniSearch<SearchSection>;

/** Builds the index: headings weigh more than page titles, page titles more than text. */
export function createSectionIndex(sections: readonly SearchSection[]): SectionIndex {
  const index = new MiniSearch<SearchSection>({
    fields: ['heading', 'pageTitle', 'text'],
    storeFields: ['path', 'anchor', 'pageTitle', 'heading', 'trail', 'text'],
    tokenize,
    processTerm: (term) => term.toLowerCase(),
    searchOptions: { boost: { heading: 3, pageTitle: 2 }, prefix: (term) => !HAN.test(term), fuzzy: (term) => (HAN.test(term) ? false : 0.2), combineWith: 'AND' },
  });
  index.addAll(sections as SearchSection[]);
  return index;
}

/** One hit, with the stored fields of its section. */
export type SectionHit = SearchResult & Pick<SearchSection, 'path' | 'anchor' | 'pageTitle' | 'heading' | 'trail' | 'text'>;

/** Searches; when every word together finds nothing, any word will do. */
export function searchSections(index: SectionIndex, query: string, limit = 12): SectionHit[] {
  const trimmed = query.trim();
  if (!trimmed) return [];
  let hits = index.search(trimmed) as SectionHit[];
  if (hits.length === 0) hits = index.search(trimmed, { combineWith: 'OR' }) as SectionHit[];
  return hits.slice(0, limit);
}

/** A short excerpt of `text` around the first query word found in it. */
export function excerpt(text: string, query: string, radius = 40): string {
  const words = tokenize(query).filter((word) => word.length > 0);
  const lower = text.toLowerCase();
  const at = words.map((word) => lower.indexOf(word)).filter((index) => index >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, at + radius * 2)}${at + radius * 2 < text.length ? '…' : ''}`;
}
