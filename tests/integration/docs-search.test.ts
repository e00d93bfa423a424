/**
 * The docs cover every area of the product, and both ways into them find each area by its
 * Chinese name: the docs search box (the heading-level index of `_content/search.json`, the
 * same tokenizer) and the docs assistant's retrieval (hub/src/ai/docs-retrieval.ts, which
 * reads that very file). Compiled from the real content/, as the client build compiles it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createSectionIndex,
  searchSections,
  type SearchSection,
  type SectionIndex,
} from '@bianshi/shared/content/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContent } from '../../client/build/content/compile';
import { DocsRetrieval } from '../../hub/src/ai/docs-retrieval';

const root = join(import.meta.dirname, '../..');

/** Each area's Chinese name, the page that covers it, and a question a user would ask. */
const AREAS = [
  { word: '兑换码', page: '/docs/accounts/purchase', question: '兑换码怎么用？' },
  { word: '发票', page: '/docs/accounts/purchase', question: '怎么申请发票？' },
  { word: '世界杯', page: '/docs/worldcup/tournament', question: '世界杯赛事怎么抽签？' },
  { word: '流程单', page: '/docs/workbench/flows', question: '流程单怎么绑定计时器？' },
  { word: '辩题库', page: '/docs/library/topics', question: '辩题库怎么导入 CSV？' },
  { word: '工作台', page: '/docs/workbench/workbench', question: '工作台怎么邀请队友？' },
] as const;

let sections: SearchSection[];
let index: SectionIndex;
let dist: string;
let retrieval: DocsRetrieval;

beforeAll(async () => {
  const site = await compileContent({
    contentDir: join(root, 'content'),
    readmePath: join(root, 'README.md'),
  });
  sections = site.search;
  index = createSectionIndex(sections);
  // What the hub's assistant reads: the built client's search index.
  dist = mkdtempSync(join(tmpdir(), 'docs-search-'));
  mkdirSync(join(dist, '_content'));
  writeFileSync(join(dist, '_content', 'search.json'), JSON.stringify(sections));
  retrieval = new DocsRetrieval(dist);
}, 60_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('docs search finds each area by its Chinese name', () => {
  it.each(AREAS)('the search box: $word → $page', ({ word, page }) => {
    const hits = searchSections(index, word);
    expect(hits.length).toBeGreaterThan(0);
    // The area's own page comes first, and what is shown holds the word.
    expect(hits[0]!.path).toBe(page);
    expect(`${hits[0]!.pageTitle} ${hits[0]!.heading} ${hits[0]!.text}`).toContain(word);
  });

  it.each(AREAS)('the assistant: 「$question」 is covered by $page', ({ word, page, question }) => {
    const found = retrieval.retrieve(question);
    expect(found.covered).toBe(true);
    expect(found.sources[0]!.href.split('#')[0]).toBe(page);
    // The passage shown is about the area: it holds the name (or the words the question split it into).
    expect(found.sources[0]!.terms.some((term) => word.includes(term))).toBe(true);
  });

  it('has a docs page for every area', () => {
    const pages = new Set(sections.map((section) => section.path));
    for (const path of [
      '/docs/worldcup/tournament',
      '/docs/worldcup/ballots',
      '/docs/library/topics',
      '/docs/library/schools-records',
      '/docs/workbench/workbench',
      '/docs/workbench/flows',
      '/docs/accounts/purchase',
      '/docs/ai/ai',
    ])
      expect(pages.has(path), path).toBe(true);
  });
});
