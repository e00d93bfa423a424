import { describe, expect, it } from 'vitest';
import { getBuiltinFormat } from '../formats/builtin/builtin-formats';
import { columnsFromFormat, droppedBoxIds, flowToMarkdown, type FlowBox, type FlowColumn } from './flow';

const columns: FlowColumn[] = [
  { id: 'p1', title: '正方一辩', side: 'pro', stageIndex: 0 },
  { id: 'c1', title: '反方一辩', side: 'con', stageIndex: 1 },
  { id: 'p2', title: '正方二辩', side: 'pro', stageIndex: 2 },
  { id: 's', title: '总结', side: 'none', stageIndex: null },
];
const box = (id: string, columnId: string, text: string, extra: Partial<FlowBox> = {}): FlowBox => ({
  id,
  columnId,
  row: 0,
  text,
  answers: null,
  mark: 'none',
  crossApply: [],
  ...extra,
});

describe('droppedBoxIds', () => {
  it.each([
    ['nothing said later: not dropped yet', [box('a', 'p1', '论点一')], []],
    [
      'the other side spoke but did not answer it: dropped',
      [box('a', 'p1', '论点一'), box('b', 'c1', '另一论点')],
      ['a'],
    ],
    [
      'answered in a later column of the other side: kept',
      [box('a', 'p1', '论点一'), box('b', 'c1', '反驳', { answers: 'a' })],
      [],
    ],
    [
      'answered only by its own side: dropped',
      [box('a', 'p1', '论点一'), box('x', 'c1', '别的'), box('b', 'p2', '补充', { answers: 'a' })],
      ['a', 'x'],
    ],
    [
      'cross-applied answer counts',
      [box('a', 'p1', '论点一'), box('b', 'c1', '反驳', { crossApply: ['a'] })],
      [],
    ],
    [
      'conceded is never dropped',
      [box('a', 'p1', '论点一', { mark: 'conceded' }), box('b', 'c1', '别的')],
      [],
    ],
    ['empty boxes are never dropped', [box('a', 'p1', '  '), box('b', 'c1', '别的')], []],
  ] as const)('%s', (_name, boxes, expected) => {
    expect([...droppedBoxIds(columns, boxes)].sort()).toEqual([...expected].sort());
  });
});

describe('columnsFromFormat', () => {
  it('makes a column per speech with its side, skips clock-less stages, and ends with a summary', () => {
    const format = getBuiltinFormat('cn-worldcup')!;
    const built = columnsFromFormat(format, []);
    expect(built.at(-1)).toMatchObject({ title: '总结', side: 'none', stageIndex: null });
    expect(built.some((c) => c.side === 'pro')).toBe(true);
    expect(built.some((c) => c.side === 'con')).toBe(true);
    for (const column of built.slice(0, -1))
      expect(['single', 'dual']).toContain(format.stages[column.stageIndex!]!.kind);
  });
});

describe('flowToMarkdown', () => {
  it('writes a heading per column and marks dropped, extended and answers', () => {
    const markdown = flowToMarkdown('决赛', columns, [
      box('a', 'p1', '论点一', { mark: 'extended' }),
      box('b', 'c1', '反驳', { answers: 'a' }),
      box('c', 'p1', '论点二'),
    ]);
    expect(markdown).toContain('## 正方一辩（正方）');
    expect(markdown).toContain('- 【延伸】论点一');
    expect(markdown).toContain('- 反驳 ← 回应「论点一」');
    expect(markdown).toContain('- 【未回应】论点二');
  });
});
