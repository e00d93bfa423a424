import { describe, expect, it } from 'vitest';
import {
  TOPIC_CSV_TEMPLATE,
  checkSchoolsCsv,
  checkTopicsCsv,
  checkTopicsJson,
  importErrorText,
} from './csv-import';
import { normalizeName, schoolKey } from './normalize';

const HEADER = '合集,辩题,正方持方,反方持方,类型,标签,语言,赛事,轮次,年份,备注,背景资料';

describe('checkTopicsCsv', () => {
  it('reads the template', () => {
    const checked = checkTopicsCsv(TOPIC_CSV_TEMPLATE);
    expect(checked).toMatchObject({
      ok: true,
      rows: [
        {
          row: 2,
          group: '练习辩题',
          topic: { text: '城市应当限制私家车出行', type: 'policy', tags: ['城市', '交通'] },
        },
      ],
    });
  });

  it('reads quoted cells, a BOM, field-name headers and type labels', () => {
    const csv =
      '\ufeffgroup,text,type,tags,year,tournament\r\n"合集, 一","辩题 ""甲""",价值,a|b,2020,某赛\r\n';
    const checked = checkTopicsCsv(csv);
    expect(checked).toMatchObject({
      ok: true,
      rows: [
        {
          group: '合集, 一',
          topic: {
            text: '辩题 "甲"',
            type: 'value',
            tags: ['a', 'b'],
            source: { year: 2020, tournament: '某赛' },
          },
        },
      ],
    });
  });

  it('names the row and column of every bad cell and returns no rows', () => {
    const csv = [
      HEADER,
      '甲,好辩题,,,政策,,zh,,,2021,,',
      '甲,,,,政策,,zh,,,,,',
      '乙,第三题,,,辩论,,fr,,,20x1,,',
    ].join('\n');
    const checked = checkTopicsCsv(csv);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.map(importErrorText)).toEqual([
      '第 3 行「辩题」：辩题不能为空',
      '第 4 行「类型」：类型只能是 政策、价值 或 事实',
      '第 4 行「语言」：语言只能是 zh 或 en',
      '第 4 行「年份」：年份应为四位数字，而不是「20x1」',
    ]);
    const again = checkTopicsCsv([HEADER, '乙,第三题,,,辩论,,fr,,,,,'].join('\n'));
    expect(again.ok ? [] : again.errors.map(importErrorText)).toEqual([
      '第 2 行「类型」：类型只能是 政策、价值 或 事实',
      '第 2 行「语言」：语言只能是 zh 或 en',
    ]);
  });

  it('refuses unknown and missing columns', () => {
    const checked = checkTopicsCsv('合集,题目\n甲,乙\n');
    expect(checked.ok ? [] : checked.errors.map(importErrorText)).toEqual([
      '第 1 行「题目」：未知的列「题目」',
      '第 1 行「辩题」：缺少必需的列「辩题」',
    ]);
  });
});

describe('checkTopicsJson', () => {
  it('reads an export back and fills the group', () => {
    const json = JSON.stringify({ topics: [{ id: 'x', groupId: 'g', text: '甲', tags: ['t'] }] });
    expect(checkTopicsJson(json, '默认')).toMatchObject({
      ok: true,
      rows: [{ row: 1, group: '默认', topic: { text: '甲' } }],
    });
  });
  it('reports bad items by index', () => {
    const checked = checkTopicsJson(
      JSON.stringify([
        { group: '甲', text: '好' },
        { group: '甲', text: '' },
      ]),
    );
    expect(checked.ok ? [] : checked.errors.map(importErrorText)).toEqual(['第 2 行「辩题」：辩题不能为空']);
    expect(checkTopicsJson('{').ok).toBe(false);
  });
});

describe('schools', () => {
  it('normalizes names: width, case, spaces, punctuation', () => {
    expect(normalizeName(' 复旦 大学（Fudan） ')).toBe(normalizeName('复旦大学(FUDAN)'));
    expect(schoolKey('复旦大学', '上海')).not.toBe(schoolKey('复旦大学', '北京'));
  });
  it('merges duplicate rows by normalized name and region, uniting aliases', () => {
    const csv =
      '名称,简称,地区,别名\n复旦大学,复旦,上海,Fudan\n 复旦 大学 ,,上海,FDU；fudan；復旦  大學\n复旦大学,,新加坡,复旦　大学\n';
    const checked = checkSchoolsCsv(csv);
    expect(checked).toMatchObject({ ok: true });
    if (!checked.ok) return;
    expect(checked.rows).toHaveLength(2);
    expect(checked.rows[0]).toMatchObject({
      rows: [2, 3],
      school: { name: '复旦大学', shortName: '复旦', aliases: ['Fudan', 'FDU', '復旦 大學'] },
    });
    // A spelling of the name itself (spaces, full-width space) is not an alias.
    expect(checked.rows[1]?.school.aliases).toEqual([]);
  });
  it('reports a bad website with its row', () => {
    const checked = checkSchoolsCsv('名称,网站\n甲大学,not a url\n');
    expect(checked.ok ? [] : checked.errors.map(importErrorText)).toEqual([
      '第 2 行「网站」：网址无效（应以 http:// 或 https:// 开头）',
    ]);
  });
});
