import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chineseIssueMessage } from './format-json';
import { formatSchema } from './format.schema';
import { assertNever, firstClockIndex, stageClockSpecs, stagePoolId } from './stage-clocks';

const format = formatSchema.parse({
  schemaVersion: 1,
  id: 'clocks',
  name: '计时器',
  tags: { language: 'en' },
  pools: [{ id: 'prep', name: 'Prep', kind: 'prep', totalMs: { aff: 1, neg: 1 } }],
  stages: [
    { kind: 'none', name: 'Cover' },
    { kind: 'single', name: 'Crossfire', side: null, durationMs: 180_000 },
    { kind: 'dual', name: 'Free', durationMs: { aff: 1_000, neg: 2_000 }, firstSide: 'neg' },
    { kind: 'prep', name: 'Prep', poolId: 'prep', sides: ['neg'] },
    { kind: 'prep', name: 'Prep', poolId: 'prep', firstSide: 'neg' },
  ],
});

describe('stage clocks', () => {
  it.each([
    [0, [], 0, null],
    [1, [{ side: null, durationMs: 180_000 }], 0, null],
    [
      2,
      [
        { side: 'aff', durationMs: 1_000 },
        { side: 'neg', durationMs: 2_000 },
      ],
      1,
      null,
    ],
    [3, [{ side: 'neg', durationMs: null }], 0, 'prep'],
    [
      4,
      [
        { side: 'aff', durationMs: null },
        { side: 'neg', durationMs: null },
      ],
      1,
      'prep',
    ],
  ] as const)('stage %i', (index, specs, first, pool) => {
    const stage = format.stages[index];
    if (stage === undefined) throw new Error('missing stage');
    expect(stageClockSpecs(stage)).toEqual(specs);
    expect(firstClockIndex(stage)).toBe(first);
    expect(stagePoolId(stage)).toBe(pool);
  });

  it('assertNever throws on an impossible value', () => {
    expect(() => assertNever('x' as never)).toThrow(/unexpected/);
  });
});

describe('chineseIssueMessage', () => {
  const issue = (raw: Record<string, unknown>) => chineseIssueMessage(raw as unknown as z.core.$ZodRawIssue);
  it.each([
    [{ code: 'invalid_type', expected: 'array', input: 3 }, '类型错误，应为数组'],
    [{ code: 'invalid_type', expected: 'array', input: undefined }, '缺少必填字段'],
    [{ code: 'too_small', origin: 'array', minimum: 2, input: [] }, '至少需要 2 项'],
    [{ code: 'too_small', origin: 'number', minimum: 2, input: 1 }, '不能小于 2'],
    [{ code: 'too_big', origin: 'array', maximum: 3, input: [] }, '最多 3 项'],
    [{ code: 'too_big', origin: 'string', maximum: 3, input: 'abcd' }, '不能大于 3'],
    [{ code: 'invalid_value', values: ['a', 'b'], input: 'c' }, '必须是 a、b 之一'],
    [{ code: 'unrecognized_keys', keys: ['x'], input: {} }, '包含未知字段：x'],
    [{ code: 'invalid_union', errors: [], input: 1 }, '格式不正确'],
    [{ code: 'custom', input: 1 }, '格式不正确'],
  ])('%j → %s', (raw, message) => {
    expect(issue(raw)).toBe(message);
  });
});
