import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATS } from './builtin/builtin-formats';
import { MAX_FORMAT_JSON_CHARS, exportFormatJson, parseFormatJson, validateFormat } from './format-json';
import { formatPath } from './format-semantics';

/** A valid format as plain JSON, to break in each case. */
const base = (): Record<string, unknown> & {
  stages: Record<string, unknown>[];
  pools: Record<string, unknown>[];
} =>
  JSON.parse(
    JSON.stringify({
      schemaVersion: 1,
      id: 'my-format',
      name: '我的赛制',
      tags: { language: 'zh' },
      pools: [
        { id: 'prep', name: '准备', kind: 'prep', totalMs: { aff: 60_000, neg: 60_000 } },
        { id: 'team', name: '共享', kind: 'budget', totalMs: { aff: 600_000, neg: 600_000 } },
      ],
      stages: [
        { kind: 'none', name: '封面' },
        {
          kind: 'single',
          name: '正方一辩 立论',
          side: 'aff',
          durationMs: 180_000,
          bells: [{ from: 'end', offsetMs: 30_000, count: 1 }],
        },
        { kind: 'dual', name: '自由辩论', durationMs: { aff: 240_000, neg: 240_000 } },
        { kind: 'prep', name: '准备', poolId: 'prep' },
      ],
    }),
  );

const errorsOf = (value: unknown) => {
  const result = validateFormat(value);
  return result.ok ? [] : result.errors;
};

describe('parseFormatJson', () => {
  it('accepts a minimal format and fills defaults', () => {
    const result = parseFormatJson(JSON.stringify(base()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.format).toMatchObject({
      note: '以当届官方规则为准',
      description: '',
      sides: { aff: { label: '正方' }, neg: { label: '反方' } },
      tags: { language: 'zh', region: '', keywords: [] },
    });
    expect(result.format.stages[2]).toMatchObject({
      firstSide: 'aff',
      endBehaviour: 'relay',
      overtime: 'stop',
      direction: 'down',
      bells: [],
    });
    expect(result.format.stages[1]).toMatchObject({ overtime: 'continue', bells: [{ sound: 'bell' }] });
    expect(result.format.stages[3]).toMatchObject({ sides: ['aff', 'neg'] });
  });

  it('round-trips every built-in format', () => {
    for (const format of BUILTIN_FORMATS)
      expect(parseFormatJson(exportFormatJson(format))).toEqual({ ok: true, format });
  });

  it('reports a JSON syntax error, a non-object root and an oversized file in Chinese', () => {
    expect(parseFormatJson('{"id": ')).toMatchObject({
      ok: false,
      errors: [{ path: '(根)', message: expect.stringMatching(/^JSON 语法错误/) }],
    });
    expect(parseFormatJson('[1, 2]')).toEqual({
      ok: false,
      errors: [{ path: '(根)', message: '赛制文件的顶层必须是一个对象' }],
    });
    expect(parseFormatJson('null')).toMatchObject({ ok: false });
    expect(parseFormatJson(' '.repeat(MAX_FORMAT_JSON_CHARS + 1))).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringContaining('文件过大') }],
    });
  });

  type Case = {
    name: string;
    mutate: (f: ReturnType<typeof base>) => void;
    path: string;
    message: string | RegExp;
  };
  const cases: Case[] = [
    {
      name: 'negative bell offset',
      mutate: (f) => ((f.stages[1]?.bells as { offsetMs: number }[])[0]!.offsetMs = -5),
      path: 'stages[1].bells[0].offsetMs',
      message: '必须是非负整数',
    },
    {
      name: 'fractional duration',
      mutate: (f) => (f.stages[1]!.durationMs = 1.5),
      path: 'stages[1].durationMs',
      message: '必须是非负整数',
    },
    {
      name: 'duration as text',
      mutate: (f) => (f.stages[1]!.durationMs = '3:00'),
      path: 'stages[1].durationMs',
      message: '必须是非负整数',
    },
    {
      name: 'huge duration',
      mutate: (f) => (f.stages[1]!.durationMs = 10 ** 12),
      path: 'stages[1].durationMs',
      message: /不能大于/,
    },
    { name: 'missing name', mutate: (f) => delete f.name, path: 'name', message: '缺少必填字段' },
    { name: 'empty name', mutate: (f) => (f.name = ''), path: 'name', message: '不能为空' },
    {
      name: 'long name',
      mutate: (f) => (f.name = '长'.repeat(81)),
      path: 'name',
      message: '不能超过 80 个字符',
    },
    {
      name: 'unknown stage kind',
      mutate: (f) => (f.stages[0]!.kind = 'clock'),
      path: 'stages[0].kind',
      message: '必须是 single、dual、prep、none 之一',
    },
    {
      name: 'bad side',
      mutate: (f) => (f.stages[1]!.side = 'pro'),
      path: 'stages[1].side',
      message: '必须是 aff、neg 之一',
    },
    { name: 'bad id', mutate: (f) => (f.id = 'My Format'), path: 'id', message: /小写字母/ },
    {
      name: 'wrong schema version',
      mutate: (f) => (f.schemaVersion = 2),
      path: 'schemaVersion',
      message: /必须是 1/,
    },
    {
      name: 'unknown field',
      mutate: (f) => (f.colour = 'red'),
      path: '(根)',
      message: '包含未知字段：colour',
    },
    { name: 'no stages', mutate: (f) => (f.stages = []), path: 'stages', message: '至少需要 1 项' },
    {
      name: 'bell count zero',
      mutate: (f) => ((f.stages[1]?.bells as { count: number }[])[0]!.count = 0),
      path: 'stages[1].bells[0].count',
      message: '必须是正整数',
    },
    {
      name: 'bad sound',
      mutate: (f) => ((f.stages[1]?.bells as { sound: string }[])[0]!.sound = 'a b'),
      path: 'stages[1].bells[0].sound',
      message: /只能包含/,
    },
    {
      name: 'tags not an object',
      mutate: (f) => (f.tags = 'zh'),
      path: 'tags',
      message: '类型错误，应为对象',
    },
    {
      name: 'bad language',
      mutate: (f) => (f.tags = { language: 'fr' }),
      path: 'tags.language',
      message: '必须是 zh、en 之一',
    },
    {
      name: 'too many bells',
      mutate: (f) =>
        (f.stages[1]!.bells = Array.from({ length: 21 }, () => ({ from: 'end', offsetMs: 0, count: 1 }))),
      path: 'stages[1].bells',
      message: '最多 20 项',
    },
    {
      name: 'unknown pool',
      mutate: (f) => (f.stages[3]!.poolId = 'nope'),
      path: 'stages[3].poolId',
      message: '引用了不存在的时间池「nope」',
    },
    {
      name: 'prep on a budget pool',
      mutate: (f) => (f.stages[3]!.poolId = 'team'),
      path: 'stages[3].poolId',
      message: /准备时间池/,
    },
    {
      name: 'duplicate pool id',
      mutate: (f) => (f.pools[1]!.id = 'prep'),
      path: 'pools[1].id',
      message: '时间池 id「prep」重复',
    },
    {
      name: 'single without duration or pool',
      mutate: (f) => delete f.stages[1]!.durationMs,
      path: 'stages[1].durationMs',
      message: /durationMs/,
    },
    {
      name: 'pooled single without side',
      mutate: (f) => Object.assign(f.stages[1]!, { side: null, poolId: 'team', overtime: 'stop' }),
      path: 'stages[1].side',
      message: /side/,
    },
    {
      name: 'pooled single that continues',
      mutate: (f) => Object.assign(f.stages[1]!, { poolId: 'team' }),
      path: 'stages[1].overtime',
      message: /stop/,
    },
    {
      name: 'pooled dual that continues',
      mutate: (f) =>
        Object.assign(f.stages[2]!, { poolId: 'team', endBehaviour: 'solo', overtime: 'continue' }),
      path: 'stages[2].overtime',
      message: /不能透支/,
    },
    {
      name: 'relay that continues',
      mutate: (f) => (f.stages[2]!.overtime = 'continue'),
      path: 'stages[2].overtime',
      message: /接力/,
    },
    {
      name: 'end bell outside the stage',
      mutate: (f) => ((f.stages[1]?.bells as { offsetMs: number }[])[0]!.offsetMs = 180_000),
      path: 'stages[1].bells[0].offsetMs',
      message: /小于阶段时长/,
    },
    {
      name: 'start bell at zero',
      mutate: (f) => (f.stages[1]!.bells = [{ from: 'start', offsetMs: 0, count: 1 }]),
      path: 'stages[1].bells[0].offsetMs',
      message: '距开始的响铃必须大于 0',
    },
    {
      name: 'start bell past a stopping end',
      mutate: (f) =>
        Object.assign(f.stages[1]!, {
          overtime: 'stop',
          bells: [{ from: 'start', offsetMs: 200_000, count: 1 }],
        }),
      path: 'stages[1].bells[0].offsetMs',
      message: /不超过阶段时长/,
    },
    {
      name: 'duplicate prep side',
      mutate: (f) => (f.stages[3]!.sides = ['aff', 'aff']),
      path: 'stages[3].sides',
      message: '同一方不能重复出现',
    },
    {
      name: 'prep first side not in stage',
      mutate: (f) => Object.assign(f.stages[3]!, { sides: ['aff'], firstSide: 'neg' }),
      path: 'stages[3].firstSide',
      message: /先发言方/,
    },
    {
      name: 'reserve naming no stage of its pool',
      mutate: (f) => (f.pools[1]!.reserve = { ms: 60_000, stages: ['正方一辩 立论'] }),
      path: 'pools[1].reserve.stages[0]',
      message: '保留时间指定的环节「正方一辩 立论」不存在，或不从时间池「共享」扣时',
    },
    {
      name: 'reserve as large as the pool',
      mutate: (f) =>
        Object.assign(f, {
          pools: [f.pools[0], { ...f.pools[1], reserve: { ms: 600_000, stages: ['正方 总结'] } }],
          stages: [
            ...f.stages,
            { kind: 'single', name: '正方 总结', side: 'aff', poolId: 'team', overtime: 'stop' },
          ],
        }),
      path: 'pools[1].reserve.ms',
      message: '保留时间必须小于该方的时间池总量 600000 毫秒',
    },
    {
      name: 'reserve naming a stage twice',
      mutate: (f) =>
        Object.assign(f, {
          pools: [f.pools[0], { ...f.pools[1], reserve: { ms: 60_000, stages: ['正方 总结', '正方 总结'] } }],
          stages: [
            ...f.stages,
            { kind: 'single', name: '正方 总结', side: 'aff', poolId: 'team', overtime: 'stop' },
          ],
        }),
      path: 'pools[1].reserve.stages[1]',
      message: '保留时间的环节「正方 总结」重复',
    },
    {
      name: 'reserve of no time',
      mutate: (f) => (f.pools[1]!.reserve = { ms: 0, stages: ['x'] }),
      path: 'pools[1].reserve.ms',
      message: '必须是正整数',
    },
    {
      name: 'reserve without stages',
      mutate: (f) => (f.pools[1]!.reserve = { ms: 60_000, stages: [] }),
      path: 'pools[1].reserve.stages',
      message: '至少需要 1 项',
    },
    {
      name: 'POI window outside the speech',
      mutate: (f) => (f.stages[1]!.poi = { openFromMs: 60_000, closeAtMs: 200_000 }),
      path: 'stages[1].poi',
      message: /POI/,
    },
  ];

  it.each(cases)('$name → $path', ({ mutate, path, message }) => {
    const value = base();
    mutate(value);
    const errors = errorsOf(value);
    const hit = errors.find((error) => error.path === path);
    expect(hit, JSON.stringify(errors)).toBeDefined();
    if (typeof message === 'string') expect(hit?.message).toBe(message);
    else expect(hit?.message).toMatch(message);
  });

  it('reports every problem at once and never returns a partial format', () => {
    const value = base();
    value.name = '';
    (value.stages[1] as { durationMs: unknown }).durationMs = -1;
    const result = validateFormat(value);
    expect(result).toEqual({
      ok: false,
      errors: expect.arrayContaining([
        expect.objectContaining({ path: 'name' }),
        expect.objectContaining({ path: 'stages[1].durationMs' }),
      ]),
    });
    expect('format' in result).toBe(false);
  });

  it('a start bell past zero is fine when the clock continues into overtime', () => {
    const value = base();
    Object.assign(value.stages[1]!, {
      overtime: 'continue',
      bells: [{ from: 'start', offsetMs: 200_000, count: 3 }],
    });
    expect(errorsOf(value)).toEqual([]);
  });
});

describe('formatPath', () => {
  it('renders paths like stages[3].bells[0].offsetMs', () => {
    expect(formatPath(['stages', 3, 'bells', 0, 'offsetMs'])).toBe('stages[3].bells[0].offsetMs');
    expect(formatPath([])).toBe('(根)');
    expect(formatPath([0, 'a'])).toBe('[0].a');
  });
});
