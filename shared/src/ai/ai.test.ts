import { describe, expect, it } from 'vitest';
import { getBuiltinFormat } from '../formats/index';
import { caseOutlineSchema, outlineTemplate, outlineText } from './case-outline';
import { checkFormatReply, checkJsonReply, jsonOfReply } from './json-reply';

describe('provider replies that must be JSON', () => {
  it('finds the JSON inside a fence or a sentence', () => {
    expect(jsonOfReply('好的：\n```json\n{"a": 1}\n```\n以上。')).toBe('{"a": 1}');
    expect(jsonOfReply('结果是 {"a": {"b": 2}} 。')).toBe('{"a": {"b": 2}}');
  });

  it('accepts a valid format and lists what is wrong with an invalid one, with paths', () => {
    const format = getBuiltinFormat('cn-worldcup')!;
    expect(checkFormatReply(JSON.stringify(format))).toMatchObject({
      ok: true,
      value: { id: 'cn-worldcup' },
    });
    const bad = checkFormatReply(
      JSON.stringify({ ...format, stages: [{ kind: 'single', name: '', side: 'aff', durationMs: -1 }] }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.some((error) => error.startsWith('stages[0]'))).toBe(true);
    expect(checkFormatReply('不是 JSON')).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('不是合法的 JSON')],
    });
  });

  it('checks an outline against its schema', () => {
    expect(checkJsonReply('{"arguments": [{"claim": "论点"}]}', caseOutlineSchema)).toEqual({
      ok: true,
      value: {
        definitions: [],
        criteria: [],
        arguments: [{ claim: '论点', points: [] }],
        clashes: [],
        questions: [],
      },
    });
    const empty = checkJsonReply('{"arguments": []}', caseOutlineSchema);
    expect(empty).toEqual({ ok: false, errors: ['arguments: 至少要有一个论点'] });
  });
});

describe('the outline template', () => {
  it('is a valid outline seeded from the tags, worded for the motion type', () => {
    const outline = outlineTemplate({
      text: '城市应当限制私家车出行',
      side: 'neg',
      type: 'policy',
      tags: ['城市', '交通'],
    });
    expect(caseOutlineSchema.safeParse(outline).success).toBe(true);
    expect(outline.definitions.join()).toContain('「城市」');
    expect(outline.arguments[1]!.points[0]).toContain('「交通」');
    expect(outline.criteria[0]).toContain('政策');
    expect(outline.arguments[0]!.claim).toContain('反方');
    const text = outlineText({ text: '城市应当限制私家车出行', side: 'neg' }, outline);
    expect(text.split('\n')[0]).toBe('# 反方：城市应当限制私家车出行');
    expect(text).toMatch(
      /## 定义[\s\S]*## 判准[\s\S]*## 论点\n1\. [\s\S]* {3}- [\s\S]*## 可能的交锋[\s\S]*## 质询问题/,
    );
  });
});
