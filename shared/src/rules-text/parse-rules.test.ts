import { describe, expect, it } from 'vitest';
import { findDurations } from './duration';
import { normalizeRulesText } from './normalize';
import { parseRulesText } from './parse-rules';
import { RULES_CORPUS } from './corpus.fixture';
import { describeFormat, scoreRulesCorpus } from './corpus-score';

describe('durations as people write them', () => {
  it.each([
    ['3分30秒', 210_000],
    ['3分半', 210_000],
    ['三分半钟', 210_000],
    ['3分30', 210_000],
    ['3.5分钟', 210_000],
    ['210秒', 210_000],
    ['3:30', 210_000],
    ['03:30', 210_000],
    ['3\'30"', 210_000],
    ['半分钟', 30_000],
    ['一分三十秒', 90_000],
    ['两分钟', 120_000],
    ['二十秒', 20_000],
    ['4 minutes', 240_000],
    ['7 min', 420_000],
    ['90 seconds', 90_000],
    ['３分钟', 180_000],
  ])('%s is %i ms', (text, ms) => {
    expect(findDurations(normalizeRulesText(text)).map((d) => d.ms)).toEqual([ms]);
  });

  it('finds none in plain words and never a zero', () => {
    expect(findDurations(normalizeRulesText('正方一辩立论'))).toEqual([]);
    expect(findDurations('0分钟')).toEqual([]);
  });
});

describe('rules text → format', () => {
  it('reads a group-chat paragraph into stages, both sides, 反方 first for 总结, with its bells', () => {
    const { format, validation, lines } = parseRulesText(
      '立论3分半，质询2分钟，自由辩论每方4分钟，总结陈词3分钟，剩余30秒提示',
    );
    expect(validation.ok).toBe(true);
    expect(describeFormat(format)).toEqual([
      'S aff 3:30',
      'S neg 3:30',
      'S aff 2:00',
      'S neg 2:00',
      'D 4:00 relay aff',
      'S neg 3:00',
      'S aff 3:00',
    ]);
    expect(format.stages.map((stage) => stage.name)).toEqual([
      '正方 立论',
      '反方 立论',
      '正方 质询',
      '反方 质询',
      '自由辩论',
      '反方 总结陈词',
      '正方 总结陈词',
    ]);
    const first = format.stages[0];
    expect(first?.kind === 'single' && first.bells).toEqual([
      { sound: 'bell', from: 'end', offsetMs: 30_000, count: 1 },
    ]);
    expect(lines[0]).toMatchObject({ status: 'stages', stageIndexes: [0, 1, 2, 3, 4, 5, 6] });
  });

  it('names the speaker and the target of a cross-examination', () => {
    const { format } = parseRulesText('反方二辩质询正方一辩2分钟');
    expect(format.stages[0]).toMatchObject({
      kind: 'single',
      side: 'neg',
      speaker: 2,
      name: '反方二辩 质询 正方一辩',
      durationMs: 120_000,
    });
  });

  it('applies explicit bells to every stage they fit and Chinese defaults otherwise', () => {
    const explicit = parseRulesText('正方一辩立论3分钟\n剩余1分钟响铃一次，时间到响铃三次');
    const stage = explicit.format.stages[0];
    expect(stage?.kind === 'single' && stage.bells?.map((b) => [b.from, b.offsetMs, b.count])).toEqual([
      ['end', 60_000, 1],
      ['end', 0, 3],
    ]);
    const defaults = parseRulesText('正方一辩立论3分钟').format.stages[0];
    expect(defaults?.kind === 'single' && defaults.bells?.map((b) => [b.from, b.offsetMs, b.count])).toEqual([
      ['end', 30_000, 1],
      ['end', 0, 2],
    ]);
  });

  it('builds a shared team budget, timeouts, turn caps and count-up from settings lines', () => {
    const budget = parseRulesText('每队总用时18分钟\n正方一辩开篇陈词\n反方一辩开篇陈词');
    expect(budget.validation.ok).toBe(true);
    expect(budget.format.pools).toEqual([
      { id: 'team', name: '队伍总用时', kind: 'budget', totalMs: { aff: 1_080_000, neg: 1_080_000 } },
    ]);
    expect(budget.format.stages.every((stage) => stage.kind === 'single' && stage.poolId === 'team')).toBe(
      true,
    );

    const timeouts = parseRulesText('正方一辩立论3分钟\n每方可申请一次90秒暂停');
    expect(timeouts.format.timeouts).toEqual({
      aff: { count: 1, durationMs: 90_000 },
      neg: { count: 1, durationMs: 90_000 },
    });

    const caps = parseRulesText('正方二辩攻辩1分30秒（每次提问不超过30秒，回答不超过1分钟）');
    const capped = caps.format.stages[0];
    expect(capped?.kind === 'single' && capped.turnCap?.turns.map((t) => t.capMs)).toEqual([30_000, 60_000]);

    const up = parseRulesText('正计时\n正方一辩申论4分钟');
    expect(up.format.stages[0]).toMatchObject({ direction: 'up' });
  });

  it('marks lines it could not understand and leaves prose alone', () => {
    const { lines } = parseRulesText(
      '本届比赛赛制\n正方一辩立论3分钟\n这里有 5 个字看不懂\n欢迎各位同学参加\n\n自由辩论',
    );
    expect(lines.map((line) => line.status)).toEqual([
      'setting',
      'stages',
      'unknown',
      'ignored',
      'ignored',
      'unknown',
    ]);
  });

  it('inserts prep stages for an English prep pool and keeps the result valid', () => {
    const { format, validation } = parseRulesText('1AC 8, CX 3, 1NC 8, CX 3. Prep time: 8 minutes per team.');
    expect(validation.ok).toBe(true);
    expect(format.pools).toEqual([
      { id: 'prep', name: 'Prep time', kind: 'prep', totalMs: { aff: 480_000, neg: 480_000 } },
    ]);
    expect(format.stages.map((stage) => stage.kind)).toEqual([
      'single',
      'single',
      'prep',
      'single',
      'single',
    ]);
  });

  it('gives an empty, invalid format for an empty text instead of throwing', () => {
    const { format, validation } = parseRulesText('');
    expect(format.stages).toEqual([]);
    expect(validation.ok).toBe(false);
  });
});

describe('the rules corpus', () => {
  it('has at least 30 texts covering every stage shape', () => {
    expect(RULES_CORPUS.length).toBeGreaterThanOrEqual(30);
    const expected = RULES_CORPUS.flatMap((entry) => [...entry.stages, ...(entry.pools ?? [])]).join(' ');
    for (const shape of ['S aff', 'S neg', 'S -', 'relay', 'solo', 'pool', 'budget', 'prep'])
      expect(expected).toContain(shape);
  });

  it('is read right (stages and durations) on at least 90 % of the texts', () => {
    const score = scoreRulesCorpus(RULES_CORPUS);
    const wrong = score.results
      .filter((result) => !result.ok)
      .map(({ id, expected, actual }) => ({ id, expected, actual }));
    expect(score.ratio, `misread: ${JSON.stringify(wrong, null, 2)}`).toBeGreaterThanOrEqual(0.9);
  });
});
