import { describe, expect, it } from 'vitest';
import { buildNavTree, compareStems, flattenNav, stripNumericPrefix } from './navigation';

const page = (stem: string, title: string, path: string) => ({ stem, title, path });

describe('docs navigation tree', () => {
  const pages = [
    page('docs/10.faq', 'FAQ', '/docs/faq'),
    page('docs/2.match/1.console', '控制台', '/docs/match/console'),
    page('docs/1.start/2.create', '创建', '/docs/start/create'),
    page('docs/1.start/1.quick', '快速开始', '/docs/start/quick'),
    page('docs/2.match/index', '比赛现场概览', '/docs/match'),
    { ...page('docs/3.hidden', '隐藏', '/docs/hidden'), navigation: false },
    { ...page('docs/4.renamed', '很长的标题', '/docs/renamed'), navigation: { title: '短标题' } },
  ];

  it('orders by stem with numeric prefixes (2 before 10), strips them from paths, and uses folder titles', () => {
    const tree = buildNavTree(pages, 'docs', { 'docs/1.start': '入门' });
    expect(tree).toEqual([
      {
        title: '入门',
        path: '/docs/start',
        stem: 'docs/1.start',
        page: false,
        children: [
          { title: '快速开始', path: '/docs/start/quick', stem: 'docs/1.start/1.quick', page: true },
          { title: '创建', path: '/docs/start/create', stem: 'docs/1.start/2.create', page: true },
        ],
      },
      {
        title: '比赛现场概览',
        path: '/docs/match',
        stem: 'docs/2.match',
        page: true,
        children: [{ title: '控制台', path: '/docs/match/console', stem: 'docs/2.match/1.console', page: true }],
      },
      { title: '短标题', path: '/docs/renamed', stem: 'docs/4.renamed', page: true },
      { title: 'FAQ', path: '/docs/faq', stem: 'docs/10.faq', page: true },
    ]);
    expect(flattenNav(tree).map((p) => p.path)).toEqual(['/docs/start/quick', '/docs/start/create', '/docs/match', '/docs/match/console', '/docs/renamed', '/docs/faq']);
  });

  it('compares stems segment by segment', () => {
    expect(compareStems('docs/2.x', 'docs/10.a')).toBeLessThan(0);
    expect(compareStems('docs/index', 'docs/1.a')).toBeLessThan(0);
    expect(stripNumericPrefix('12.getting-started')).toBe('getting-started');
  });
});
