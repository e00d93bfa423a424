import { BUILTIN_FORMATS, validateFormat, type Format } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { fieldLabel, issueText } from './issue-label';

const base = BUILTIN_FORMATS.find((format) => format.id === 'cn-xinguobian') as Format;

describe('format issues in the user’s numbering', () => {
  it.each([
    ['stages[7].name', '第 8 环节 · 名称'],
    ['stages[3].bells[0].offsetMs', '第 4 环节 · 第 1 个铃声 · 时间'],
    ['stages[7].durationMs.neg', '第 8 环节 · 反方时长'],
    ['pools[0].totalMs.aff', '时间池「队伍总用时」 · 正方总时长'],
    ['pools[0].reserve.ms', '时间池「队伍总用时」 · 保留时间'],
    ['pools[0].reserve.stages[1]', '时间池「队伍总用时」 · 保留给的环节'],
    ['sides.neg.label', '持方名称 · 反方'],
    ['name', '赛制名称'],
  ])('%s → %s', (path, label) => {
    expect(fieldLabel(path, base)).toBe(label);
  });

  it('says an empty 8th stage name as 第 8 环节 · 名称不能为空, with no index path', () => {
    const draft = structuredClone(base);
    draft.stages[7]!.name = '';
    const result = validateFormat(draft);
    expect(result.ok).toBe(false);
    const texts = result.ok ? [] : result.errors.map((issue) => issueText(issue, draft));
    expect(texts).toContain('第 8 环节 · 名称不能为空');
    expect(texts.join('')).not.toContain('stages[');
  });

  it('says a reserve naming a renamed stage in Chinese, with the pool’s name', () => {
    const draft = structuredClone(base);
    const closing = draft.stages.find((stage) => stage.name === '正方四辩 总结陈词')!;
    closing.name = '正方结辩';
    const result = validateFormat(draft);
    const texts = result.ok ? [] : result.errors.map((issue) => issueText(issue, draft));
    expect(texts).toEqual([
      '时间池「队伍总用时」 · 保留给的环节保留时间指定的环节「正方四辩 总结陈词」不存在，或不从时间池「队伍总用时」扣时',
    ]);
  });
});
