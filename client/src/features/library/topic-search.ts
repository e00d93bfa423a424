/**
 * Chinese full-text search over topics: MiniSearch with a tokenizer built on
 * `Intl.Segmenter('zh', {granularity: 'word'})`, so 「道德」 finds 「温饱是谈道德的必要条件」.
 * Character pairs are indexed too, so a query matches whichever way the segmenter split a motion.
 */
import MiniSearch from 'minisearch';

/** What the index holds of a topic. */
export interface SearchableTopic {
  id: string;
  text: string;
  affText: string;
  negText: string;
  tags: string[];
  source: { tournament: string; round: string; year: number | null };
  notes: string;
}

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('zh', { granularity: 'word' })
    : null;
const CJK = /[\u3400-\u9fff]/;

/** Splits text into words (Chinese by Intl.Segmenter, others by spaces and punctuation). */
export function tokenize(text: string): string[] {
  if (!segmenter) return text.split(/[\s\p{P}]+/u).filter(Boolean);
  const out: string[] = [];
  for (const part of segmenter.segment(text)) if (part.isWordLike) out.push(part.segment);
  return out;
}

/** Adjacent pairs of characters of a Chinese run: 人性本善 → 人性, 性本, 本善. */
function bigrams(run: string): string[] {
  const chars = [...run];
  return chars.length < 2 ? chars : chars.slice(1).map((char, index) => chars[index] + char);
}

/**
 * Terms to index: the segmenter's words, plus every character and character pair of each
 * Chinese run, so a query matches however the segmenter split the motion.
 */
export function indexTerms(text: string): string[] {
  const terms = tokenize(text);
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) terms.push(...run, ...bigrams(run));
  return terms;
}

/** Terms of a query: Chinese words become their character pairs (all required), other words stay whole. */
export function queryTerms(query: string): string[] {
  return tokenize(query).flatMap((word) => (CJK.test(word) ? bigrams(word) : [word]));
}

/** Builds the index for `topics`. */
export function buildTopicIndex(topics: readonly SearchableTopic[]): MiniSearch<SearchableTopic> {
  const index = new MiniSearch<SearchableTopic>({
    fields: ['text', 'affText', 'negText', 'tags', 'tournament', 'notes'],
    storeFields: ['id'],
    tokenize: indexTerms,
    processTerm: (term) => term.toLowerCase(),
    extractField: (document, field) => {
      if (field === 'tags') return document.tags.join(' ');
      if (field === 'tournament')
        return `${document.source.tournament} ${document.source.round} ${document.source.year ?? ''}`;
      return String((document as unknown as Record<string, unknown>)[field] ?? '');
    },
    searchOptions: {
      tokenize: queryTerms,
      boost: { text: 3, affText: 2, negText: 2, tags: 2 },
      prefix: (term) => !CJK.test(term),
      combineWith: 'AND',
    },
  });
  index.addAll(topics);
  return index;
}

/** Topic ids matching `query`, best first; every id when the query is empty. */
export function searchTopics(
  index: MiniSearch<SearchableTopic>,
  all: readonly SearchableTopic[],
  query: string,
): string[] {
  const q = query.trim();
  if (!q) return all.map((topic) => topic.id);
  return index.search(q).map((hit) => String(hit.id));
}
