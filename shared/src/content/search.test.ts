import { describe, expect, it } from 'vitest';
import { createSectionIndex, excerpt, searchSections, tokenize, type SearchSection } from './search';

const section = (id: string, heading: string, text: string): SearchSection => ({ id, path: `/docs/${id}`, anchor: id, pageTitle: '页面', heading, trail: [], text });

describe('Chinese section search', () => {
  const index = createSectionIndex([
    section('a', '大屏与投影', '投影电脑第一次打开时，浏览器可能要求点击一次页面才能播放铃声。'),
    section('b', '离线模式', '没有网络、也没有服务器时，在这台设备上直接计时。'),
    section('c', 'Keyboard', 'Press Space to start or pause the clock.'),
  ]);

  it('tokenizes Chinese into words, not one whitespace-free blob', () => {
    const tokens = tokenize('浏览器可能要求点击一次页面');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens).toContain('可能');
    expect(tokens).toContain('要求');
  });

  it.each([
    ['铃声', 'a'],
    ['浏览器', 'a'],
    ['服务器', 'b'],
    ['直接计时', 'b'],
    ['离线', 'b'],
    ['space', 'c'],
    ['paus', 'c'],
  ])('finds %j (in a body or heading) in section %s', (query, id) => {
    expect(searchSections(index, query)[0]?.anchor).toBe(id);
  });

  it('finds nothing for words that are not there, and nothing for an empty query', () => {
    expect(searchSections(index, '辩题')).toEqual([]);
    expect(searchSections(index, '  ')).toEqual([]);
  });

  it('cuts an excerpt around the match', () => {
    expect(excerpt('一'.repeat(100) + '铃声' + '二'.repeat(100), '铃声', 5)).toBe('…一一一一一铃声二二二二二二二二…');
  });
});
