import { describe, expect, it } from 'vitest';
import { buildTopicIndex, queryTerms, searchTopics, tokenize, type SearchableTopic } from './topic-search';

const topic = (id: string, text: string, extra: Partial<SearchableTopic> = {}): SearchableTopic => ({
  id,
  text,
  affText: '',
  negText: '',
  tags: [],
  source: { tournament: '', round: '', year: null },
  notes: '',
  ...extra,
});

describe('Chinese topic search', () => {
  const all = [
    topic('a', '温饱是谈道德的必要条件', {
      negText: '温饱不是谈道德的必要条件',
      source: { tournament: '1993 国际大专辩论会', round: '初赛', year: 1993 },
    }),
    topic('b', '人性本善', { negText: '人性本恶', tags: ['哲学'] }),
    topic('c', '人工智能的发展利大于弊', { tags: ['科技'] }),
  ];
  const index = buildTopicIndex(all);

  it('segments Chinese into words', () => {
    expect(tokenize('温饱是谈道德的必要条件')).toEqual(expect.arrayContaining(['道德']));
    expect(queryTerms('人性本善')).toEqual(['人性', '性本', '本善']);
  });

  it.each([
    ['道德', ['a']],
    ['人性', ['b']],
    ['本恶', ['b']],
    ['哲学', ['b']],
    ['人工智能', ['c']],
    ['国际大专', ['a']],
    ['1993', ['a']],
    ['火星', []],
  ])('「%s」 finds %j', (query, ids) => {
    expect(searchTopics(index, all, query).sort()).toEqual(ids);
  });

  it('returns everything for an empty query', () => {
    expect(searchTopics(index, all, '  ')).toEqual(['a', 'b', 'c']);
  });
});
