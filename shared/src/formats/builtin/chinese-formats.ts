/** Built-in Chinese-language formats (华语赛制). Numbers from FORMATS.md; each is a starting point to copy and edit. */
import type { FormatInput } from '../format.schema';
import {
  CN_BELLS,
  OFFICIAL_RULES_NOTE,
  bellsAt,
  dual,
  mmss,
  none,
  single,
  type SingleOptions,
} from './format-builders';

const cn: SingleOptions = { overtime: 'stop', bells: CN_BELLS };
const cnDual = { endBehaviour: 'relay', overtime: 'stop', bells: CN_BELLS, firstSide: 'aff' } as const;
const cnSolo = { endBehaviour: 'solo', overtime: 'stop', bells: CN_BELLS, firstSide: 'aff' } as const;
const tags = (region: string, ...keywords: string[]) => ({ language: 'zh' as const, region, keywords });
const opening = [none('封面'), none('队伍介绍'), none('声效测试')];
const results = none('公布结果');

/** 华语辩论世界杯-style. */
const cnWorldcup: FormatInput = {
  schemaVersion: 1,
  id: 'cn-worldcup',
  name: '华语辩论世界杯赛制',
  nameEn: 'Chinese Debate World Cup style',
  description: '立论、质询、对辩、盘问、自由辩论与总结陈词；30 秒提示一声，时间到两声。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('国际', '世界杯'),
  stages: [
    ...opening,
    single('正方一辩 立论', 'aff', mmss(3, 30), { ...cn, speaker: 1 }),
    single('反方一辩 立论', 'neg', mmss(3, 30), { ...cn, speaker: 1 }),
    single('反方二辩 质询 正方一辩', 'neg', mmss(2), { ...cn, speaker: 2 }),
    single('正方二辩 质询 反方一辩', 'aff', mmss(2), { ...cn, speaker: 2 }),
    single('反方二辩 质询小结', 'neg', mmss(1, 30), { ...cn, speaker: 2 }),
    single('正方二辩 质询小结', 'aff', mmss(1, 30), { ...cn, speaker: 2 }),
    dual('四辩对辩', mmss(1, 30), cnSolo),
    single('正方三辩 盘问', 'aff', mmss(2), { ...cn, speaker: 3 }),
    single('反方三辩 盘问', 'neg', mmss(2), { ...cn, speaker: 3 }),
    single('正方三辩 盘问小结', 'aff', mmss(1, 30), { ...cn, speaker: 3 }),
    single('反方三辩 盘问小结', 'neg', mmss(1, 30), { ...cn, speaker: 3 }),
    dual('自由辩论', mmss(4), cnDual),
    single('反方四辩 总结陈词', 'neg', mmss(3, 30), { ...cn, speaker: 4 }),
    single('正方四辩 总结陈词', 'aff', mmss(3, 30), { ...cn, speaker: 4 }),
    results,
  ],
};

/** 亚太赛 APICDT, with its no-bell buffer stages and a 90 s 暂停休整 per side. */
const apicdt: FormatInput = {
  schemaVersion: 1,
  id: 'apicdt',
  name: '亚太大专辩论赛 APICDT',
  nameEn: 'Asia-Pacific Inter-College Chinese Debate Tournament',
  description:
    '立论、质询、驳论、申论、盘问、小结、自由辩论、总结陈词。掉线缓冲：双方 1:30 / 单方 2:00，可用技术暂停处理。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('亚太', '亚太赛'),
  timeouts: { aff: { count: 1, durationMs: mmss(1, 30) }, neg: { count: 1, durationMs: mmss(1, 30) } },
  stages: [
    ...opening,
    single('正方一辩 立论', 'aff', mmss(3, 30), { ...cn, speaker: 1 }),
    single('反方一辩 立论', 'neg', mmss(3, 30), { ...cn, speaker: 1 }),
    single('反方三辩 质询 正方一辩', 'neg', mmss(2), { ...cn, speaker: 3 }),
    single('正方三辩 质询 反方一辩', 'aff', mmss(2), { ...cn, speaker: 3 }),
    single('正方二辩 驳论', 'aff', mmss(3), { ...cn, speaker: 2 }),
    single('反方二辩 驳论', 'neg', mmss(3), { ...cn, speaker: 2 }),
    single('正方三辩 申论', 'aff', mmss(3), { ...cn, speaker: 3 }),
    single('反方三辩 申论', 'neg', mmss(3), { ...cn, speaker: 3 }),
    single('正方二辩 盘问', 'aff', mmss(2, 30), { ...cn, speaker: 2 }),
    single('反方二辩 盘问', 'neg', mmss(2, 30), { ...cn, speaker: 2 }),
    single('正方四辩 小结', 'aff', mmss(1, 30), { ...cn, speaker: 4 }),
    single('反方四辩 小结', 'neg', mmss(1, 30), { ...cn, speaker: 4 }),
    dual('自由辩论', mmss(4), cnDual),
    single('反方四辩 总结陈词', 'neg', mmss(3, 30), { ...cn, speaker: 4 }),
    single('正方四辩 总结陈词', 'aff', mmss(3, 30), { ...cn, speaker: 4 }),
    single('缓冲时间', null, mmss(10), { overtime: 'stop' }),
    single('评审点评', null, mmss(10), { overtime: 'stop' }),
    results,
  ],
};

const gongbianCap: NonNullable<SingleOptions['turnCap']> = {
  turns: [
    { label: '提问', capMs: 30_000 },
    { label: '回答', capMs: 60_000 },
  ],
  onCap: 'signal',
  bell: { count: 1, sound: 'ding' },
};

/** 攻辩制 (CCTV style) with per-turn caps in 攻辩. */
const cnGongbian: FormatInput = {
  schemaVersion: 1,
  id: 'cn-gongbian',
  name: '攻辩制（国辩 CCTV 式）',
  nameEn: 'Cross-attack format (CCTV style)',
  description: '攻辩环节每轮提问不超过 30 秒、回答不超过 60 秒，计时员每开始一次即进入下一轮。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('中国大陆', '攻辩'),
  stages: [
    none('封面'),
    single('正方一辩 立论', 'aff', mmss(3), { ...cn, speaker: 1 }),
    single('反方一辩 立论', 'neg', mmss(3), { ...cn, speaker: 1 }),
    single('正方二辩 攻辩', 'aff', mmss(1, 30), { ...cn, speaker: 2, turnCap: gongbianCap }),
    single('反方二辩 攻辩', 'neg', mmss(1, 30), { ...cn, speaker: 2, turnCap: gongbianCap }),
    single('正方三辩 攻辩', 'aff', mmss(1, 30), { ...cn, speaker: 3, turnCap: gongbianCap }),
    single('反方三辩 攻辩', 'neg', mmss(1, 30), { ...cn, speaker: 3, turnCap: gongbianCap }),
    single('正方一辩 攻辩小结', 'aff', mmss(2), { ...cn, speaker: 1 }),
    single('反方一辩 攻辩小结', 'neg', mmss(2), { ...cn, speaker: 1 }),
    dual('自由辩论', mmss(4), cnDual),
    single('反方四辩 总结陈词', 'neg', mmss(3), { ...cn, speaker: 4 }),
    single('正方四辩 总结陈词', 'aff', mmss(3), { ...cn, speaker: 4 }),
    results,
  ],
};

/** 传统四辩: 陈词 alternating, 自由辩论, 总结. */
const cnClassic: FormatInput = {
  schemaVersion: 1,
  id: 'cn-classic',
  name: '传统四辩制',
  nameEn: 'Classic four-speaker format',
  description: '一、二、三辩交替陈词，自由辩论，四辩总结（反方先）。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('中国大陆', '四辩'),
  stages: [
    none('封面'),
    single('正方一辩 陈词', 'aff', mmss(3), { ...cn, speaker: 1 }),
    single('反方一辩 陈词', 'neg', mmss(3), { ...cn, speaker: 1 }),
    single('正方二辩 陈词', 'aff', mmss(3), { ...cn, speaker: 2 }),
    single('反方二辩 陈词', 'neg', mmss(3), { ...cn, speaker: 2 }),
    single('正方三辩 陈词', 'aff', mmss(3), { ...cn, speaker: 3 }),
    single('反方三辩 陈词', 'neg', mmss(3), { ...cn, speaker: 3 }),
    dual('自由辩论', mmss(4), cnDual),
    single('反方四辩 总结陈词', 'neg', mmss(4), { ...cn, speaker: 4 }),
    single('正方四辩 总结陈词', 'aff', mmss(4), { ...cn, speaker: 4 }),
    results,
  ],
};

const xgbBells = [{ from: 'end', offsetMs: 30_000, count: 1, sound: 'bell' }] as const;
const pooled: SingleOptions = { poolId: 'team', overtime: 'stop', bells: [...xgbBells] };
const pooledSingle = (name: string, side: 'aff' | 'neg', speaker: number) => ({
  kind: 'single' as const,
  name,
  side,
  speaker,
  ...pooled,
});

/** 新国辩: a shared 18:00 budget per team across its speeches, plus 自由辩论. */
const cnXinguobian: FormatInput = {
  schemaVersion: 1,
  id: 'cn-xinguobian',
  name: '新国辩赛制',
  nameEn: 'New National Debate (shared team budget)',
  description:
    '每队 18:00 共享用时，陈词、质询、小结、总结均从中扣除（结辩至少保留 3:00，请以当届规则为准）；自由辩论每方 4:00。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('中国大陆', '新国辩', '共享用时'),
  // 结辩至少保留 3:00: the speeches before it cannot spend the last three minutes of a team's pool.
  pools: [
    {
      id: 'team',
      name: '队伍总用时',
      kind: 'budget',
      totalMs: { aff: mmss(18), neg: mmss(18) },
      reserve: { ms: mmss(3), stages: ['反方四辩 总结陈词', '正方四辩 总结陈词'] },
    },
  ],
  stages: [
    none('封面'),
    pooledSingle('正方一辩 开篇陈词', 'aff', 1),
    pooledSingle('反方一辩 开篇陈词', 'neg', 1),
    pooledSingle('正方二辩 质询', 'aff', 2),
    pooledSingle('反方二辩 质询', 'neg', 2),
    pooledSingle('正方三辩 小结', 'aff', 3),
    pooledSingle('反方三辩 小结', 'neg', 3),
    dual('自由辩论', mmss(4), { ...cnDual, bells: [...xgbBells] }),
    pooledSingle('反方四辩 总结陈词', 'neg', 4),
    pooledSingle('正方四辩 总结陈词', 'aff', 4),
    results,
  ],
};

const oregonBells = bellsAt([
  [210, 1],
  [240, 2],
  [270, 3],
]);
const oregon: SingleOptions = { direction: 'up', overtime: 'continue', bells: oregonBells };

/** 新式奥瑞冈 444制 (Taiwan): counts up; bells at 3:30, 4:00 (2), 4:30 (3). */
const twOregon444: FormatInput = {
  schemaVersion: 1,
  id: 'tw-oregon-444',
  name: '新式奥瑞冈 444 制',
  nameEn: 'Taiwan New Oregon 4-4-4',
  description: '申论、质询、结辩各 4:00，正计时；3:30 一声，4:00 两声，4:30 三声（宽限结束）。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('台湾', '奥瑞冈', '正计时'),
  stages: [
    none('封面'),
    single('正方一辩 申论', 'aff', mmss(4), { ...oregon, speaker: 1 }),
    single('反方二辩 质询 正方一辩', 'neg', mmss(4), { ...oregon, speaker: 2 }),
    single('反方一辩 申论', 'neg', mmss(4), { ...oregon, speaker: 1 }),
    single('正方一辩 质询 反方一辩', 'aff', mmss(4), { ...oregon, speaker: 1 }),
    single('正方二辩 申论', 'aff', mmss(4), { ...oregon, speaker: 2 }),
    single('反方一辩 质询 正方二辩', 'neg', mmss(4), { ...oregon, speaker: 1 }),
    single('反方二辩 申论', 'neg', mmss(4), { ...oregon, speaker: 2 }),
    single('正方三辩 质询 反方二辩', 'aff', mmss(4), { ...oregon, speaker: 3 }),
    single('正方三辩 申论', 'aff', mmss(4), { ...oregon, speaker: 3 }),
    single('反方三辩 质询 正方三辩', 'neg', mmss(4), { ...oregon, speaker: 3 }),
    single('反方三辩 申论', 'neg', mmss(4), { ...oregon, speaker: 3 }),
    single('正方二辩 质询 反方三辩', 'aff', mmss(4), { ...oregon, speaker: 2 }),
    dual('自由辩论', mmss(4), {
      endBehaviour: 'relay',
      overtime: 'stop',
      direction: 'up',
      firstSide: 'aff',
      bells: bellsAt([
        [210, 1],
        [240, 2],
      ]),
    }),
    single('反方 结辩', 'neg', mmss(4), oregon),
    single('正方 结辩', 'aff', mmss(4), oregon),
    results,
  ],
};

/** The Chinese-language built-ins, in display order. */
export const CHINESE_FORMAT_INPUTS: readonly FormatInput[] = [
  cnWorldcup,
  apicdt,
  cnGongbian,
  cnClassic,
  cnXinguobian,
  twOregon444,
];
