import { describe, expect, it } from 'vitest';
import {
  checkQuery,
  contentQuerySchema,
  ContentQueryError,
  MAX_FIELD_DEPTH,
  MAX_FIELD_LENGTH,
  MAX_LIKE_PATTERN_LENGTH,
  MAX_QUERY_CONDITIONS,
  MAX_QUERY_VALUES,
  parseContentQuery,
  runQuery,
  type ContentCondition,
  type ContentQueryReason,
} from './query';

const pages = [
  { stem: 'docs/2.b', title: 'Beta', tags: ['x', 'y'], order: 2, date: '2026-02-01', meta: { level: 'a' } },
  { stem: 'docs/1.a', title: 'Alpha', tags: ['y'], order: 1, date: '2026-01-01', meta: { level: 'b' } },
  { stem: 'docs/3.c', title: '大屏与投影', tags: [], order: 3, date: '2026-03-01', meta: { level: 'a' }, draft: null },
];

const stems = (where: ContentCondition[]) => runQuery(pages, { where }).map((p) => p.stem);

describe('content query operators', () => {
  it.each<[string, ContentCondition, string[]]>([
    ['=', { field: 'title', operator: '=', value: 'Beta' }, ['docs/2.b']],
    ['= on an array field matches an element', { field: 'tags', operator: '=', value: 'x' }, ['docs/2.b']],
    ['=', { field: 'meta.level', operator: '=', value: 'a' }, ['docs/2.b', 'docs/3.c']],
    ['!=', { field: 'meta.level', operator: '!=', value: 'a' }, ['docs/1.a']],
    ['<', { field: 'order', operator: '<', value: 2 }, ['docs/1.a']],
    ['<=', { field: 'order', operator: '<=', value: 2 }, ['docs/1.a', 'docs/2.b']],
    ['>', { field: 'order', operator: '>', value: 2 }, ['docs/3.c']],
    ['>=', { field: 'date', operator: '>=', value: '2026-02-01' }, ['docs/2.b', 'docs/3.c']],
    ['IN', { field: 'title', operator: 'IN', value: ['Alpha', '大屏与投影'] }, ['docs/1.a', 'docs/3.c']],
    ['NOT IN', { field: 'title', operator: 'NOT IN', value: ['Alpha', '大屏与投影'] }, ['docs/2.b']],
    ['BETWEEN (inclusive)', { field: 'order', operator: 'BETWEEN', value: [2, 3] }, ['docs/2.b', 'docs/3.c']],
    ['BETWEEN on dates', { field: 'date', operator: 'BETWEEN', value: ['2026-01-15', '2026-02-15'] }, ['docs/2.b']],
    ['NOT BETWEEN', { field: 'order', operator: 'NOT BETWEEN', value: [2, 3] }, ['docs/1.a']],
    ['LIKE with %', { field: 'title', operator: 'LIKE', value: '%ta' }, ['docs/2.b']],
    ['LIKE is case-insensitive', { field: 'title', operator: 'LIKE', value: 'al%' }, ['docs/1.a']],
    ['LIKE with _', { field: 'title', operator: 'LIKE', value: 'Bet_' }, ['docs/2.b']],
    ['LIKE in Chinese', { field: 'title', operator: 'LIKE', value: '%投影%' }, ['docs/3.c']],
    ['LIKE escapes regex characters', { field: 'title', operator: 'LIKE', value: 'A.pha' }, []],
    ['NOT LIKE', { field: 'title', operator: 'NOT LIKE', value: '%a' }, ['docs/3.c']],
    ['IS NULL', { field: 'draft', operator: 'IS NULL' }, ['docs/1.a', 'docs/2.b', 'docs/3.c']],
    ['IS NOT NULL', { field: 'meta.level', operator: 'IS NOT NULL' }, ['docs/1.a', 'docs/2.b', 'docs/3.c']],
  ])('%s', (_, condition, expected) => expect(stems([condition])).toEqual(expected));

  it('combines conditions with AND', () => {
    expect(stems([{ field: 'meta.level', operator: '=', value: 'a' }, { field: 'order', operator: '<', value: 3 }])).toEqual(['docs/2.b']);
  });
});

describe('content query rules', () => {
  it.each<[ContentCondition, RegExp]>([
    [{ field: 'tags', operator: 'IN', value: 'x' }, /条件 #1（tags IN）需要一个数组/],
    [{ field: 'tags', operator: 'NOT IN', value: 3 }, /条件 #1（tags NOT IN）需要一个数组/],
    [{ field: 'order', operator: 'BETWEEN', value: [1] }, /条件 #1（order BETWEEN）需要恰好两个元素的数组/],
    [{ field: 'order', operator: 'BETWEEN', value: [1, 2, 3] }, /恰好两个元素/],
    [{ field: 'order', operator: 'NOT BETWEEN', value: '1,2' }, /条件 #1（order NOT BETWEEN）需要恰好两个元素的数组/],
    [{ field: 'title', operator: 'LIKE', value: 3 }, /字符串/],
    [{ field: 'title', operator: '=' }, /缺少比较值/],
  ])('refuses %j', (condition, message) => {
    expect(() => runQuery(pages, { where: [condition] })).toThrow(ContentQueryError);
    expect(() => checkQuery({ where: [condition] })).toThrow(message);
  });

  it('names the condition that is wrong, not the first one', () => {
    expect(() => checkQuery({ where: [{ field: 'a', operator: 'IN', value: [] }, { field: 'b', operator: 'BETWEEN', value: [1] }] })).toThrow(/条件 #2（b BETWEEN）/);
  });

  it('orders by stem ascending by default, and by the fields asked for otherwise', () => {
    expect(runQuery(pages).map((p) => p.stem)).toEqual(['docs/1.a', 'docs/2.b', 'docs/3.c']);
    expect(runQuery(pages, { order: [{ field: 'date', direction: 'DESC' }] }).map((p) => p.stem)).toEqual(['docs/3.c', 'docs/2.b', 'docs/1.a']);
    expect(runQuery(pages, { order: [{ field: 'meta.level' }, { field: 'order', direction: 'DESC' }] }).map((p) => p.stem)).toEqual(['docs/3.c', 'docs/2.b', 'docs/1.a']);
  });

  it('pages and selects', () => {
    expect(runQuery(pages, { skip: 1, limit: 1, select: ['stem', 'title'] })).toEqual([{ stem: 'docs/2.b', title: 'Beta' }]);
  });

  it('validates the wire shape', () => {
    expect(contentQuerySchema.safeParse({ where: [{ field: 'x', operator: 'CONTAINS', value: 1 }] }).success).toBe(false);
    expect(contentQuerySchema.safeParse({ where: [{ field: 'a;drop', operator: '=', value: 1 }] }).success).toBe(false);
    expect(contentQuerySchema.safeParse({ where: [{ field: 'meta.level', operator: 'NOT BETWEEN', value: [1, 2] }] }).success).toBe(true);
  });
});

describe('content query bounds', () => {
  const refusal = (raw: unknown) => {
    try {
      parseContentQuery(raw);
      return null;
    } catch (error) {
      if (!(error instanceof ContentQueryError)) throw error;
      return { reason: error.reason, message: error.message };
    }
  };

  it.each<[string, unknown, ContentQueryReason, string]>([
    ['too many conditions', { where: Array.from({ length: MAX_QUERY_CONDITIONS + 1 }, () => ({ field: 'title', operator: '=', value: 'x' })) }, 'too-many-conditions', `查询无效：where：条件最多 ${MAX_QUERY_CONDITIONS} 个`],
    ['a long IN list', { where: [{ field: 'tags', operator: 'IN', value: Array.from({ length: MAX_QUERY_VALUES + 1 }, (_, i) => i) }] }, 'too-many-values', `条件 #1（tags IN）的数组最多 ${MAX_QUERY_VALUES} 个值`],
    ['a long pattern', { where: [{ field: 'title', operator: 'LIKE', value: '%'.repeat(MAX_LIKE_PATTERN_LENGTH + 1) }] }, 'pattern-too-long', `条件 #1（title LIKE）的模式最长 ${MAX_LIKE_PATTERN_LENGTH} 个字符`],
    ['a deep field', { select: [Array.from({ length: MAX_FIELD_DEPTH + 1 }, () => 'a').join('.')] }, 'field-too-long', `字段「a.a.a.a.a.a.a」过长：最多 ${MAX_FIELD_LENGTH} 个字符、${MAX_FIELD_DEPTH} 层`],
    ['a long field', { order: [{ field: 'x'.repeat(MAX_FIELD_LENGTH + 1) }] }, 'field-too-long', `字段「${'x'.repeat(32)}」过长：最多 ${MAX_FIELD_LENGTH} 个字符、${MAX_FIELD_DEPTH} 层`],
    ['a nested value', { where: [{ field: 'title', operator: '=', value: [[['x']]] }] }, 'invalid-query', '查询无效：where.0.value：比较值只能是字符串、数字、布尔值、null 或它们的数组'],
    ['an object value', { where: [{ field: 'title', operator: '=', value: { toString: 1 } }] }, 'invalid-query', '查询无效：where.0.value：比较值只能是字符串、数字、布尔值、null 或它们的数组'],
    ['a broken condition', { where: [{ field: 'tags', operator: 'IN', value: 'x' }] }, 'invalid-condition', '条件 #1（tags IN）需要一个数组'],
  ])('refuses %s with its reason', (_, raw, reason, message) => {
    expect(refusal(raw)).toEqual({ reason, message });
  });

  it('takes a pattern of exactly the longest length, counted in characters', () => {
    expect(refusal({ where: [{ field: 'title', operator: 'LIKE', value: '😀'.repeat(MAX_LIKE_PATTERN_LENGTH) }] })).toBeNull();
  });

  it('stops a query past its work, however its patterns are written', () => {
    const big = Array.from({ length: 50 }, (_, i) => ({ stem: `s${i}`, body: 'x'.repeat(100_000) }));
    const startedAt = performance.now();
    // `%☃%` reads every row to its end (`%%%☃` only reads each row's last character).
    expect(() => runQuery(big, { where: [{ field: 'body', operator: 'LIKE', value: '%%%☃%' }] })).toThrow(expect.objectContaining({ reason: 'query-too-costly' }) as Error);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    // The same query over what it can afford answers.
    expect(runQuery(big.slice(0, 5), { where: [{ field: 'body', operator: 'LIKE', value: '%%%☃%' }] })).toEqual([]);
    expect(runQuery(big, { where: [{ field: 'body', operator: 'LIKE', value: '%%%☃' }] })).toEqual([]);
  });
});
