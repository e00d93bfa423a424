/** Built-in English-language formats (parliamentary and US formats). Numbers from FORMATS.md. */
import type { FormatInput } from '../format.schema';
import {
  OFFICIAL_RULES_NOTE,
  bellsAt,
  mmss,
  none,
  single,
  speechesWithPrep,
  type SingleOptions,
  type StageInput,
} from './format-builders';

const tags = (region: string, ...keywords: string[]) => ({ language: 'en' as const, region, keywords });
const govOpp = {
  aff: { label: '政府', labelEn: 'Government' },
  neg: { label: '反对', labelEn: 'Opposition' },
};
const propOpp = {
  aff: { label: '正方', labelEn: 'Proposition' },
  neg: { label: '反方', labelEn: 'Opposition' },
};
const affNeg = {
  aff: { label: '正方', labelEn: 'Affirmative' },
  neg: { label: '反方', labelEn: 'Negative' },
};
const proCon = { aff: { label: '正方', labelEn: 'Pro' }, neg: { label: '反方', labelEn: 'Con' } };

/** Debatekeeper-style overtime bells: every 15 s once the 15 s grace is over. */
const overtimeBells = { graceMs: 15_000, everyMs: 15_000, count: 3, sound: 'bell' } as const;
const prepStage = (minutes: number) =>
  single('准备时间', null, mmss(minutes), {
    nameEn: 'Preparation',
    overtime: 'stop',
    bells: bellsAt([[minutes * 60, 2]]),
  });

/** Parliamentary speech: bells at the protected-time marks and at the end, POIs in between. */
function parlSpeech(
  name: string,
  nameEn: string,
  side: 'aff' | 'neg',
  minutes: number,
  poi: boolean,
): StageInput {
  const endS = minutes * 60;
  const options: SingleOptions = {
    nameEn,
    overtime: 'continue',
    overtimeBells,
    bells: poi
      ? bellsAt([
          [60, 1],
          [endS - 60, 1],
          [endS, 2],
        ])
      : bellsAt([
          [endS - 120, 1],
          [endS, 2],
        ]),
  };
  if (poi) options.poi = { openFromMs: 60_000, closeAtMs: (endS - 60) * 1000, maxMs: 15_000 };
  return single(name, side, endS * 1000, options);
}

/** Reply speech: 3:00 one bell, 4:00 two. */
const reply = (name: string, nameEn: string, side: 'aff' | 'neg') =>
  single(name, side, mmss(4), {
    nameEn,
    overtime: 'continue',
    overtimeBells,
    bells: bellsAt([
      [180, 1],
      [240, 2],
    ]),
  });

const bp: FormatInput = {
  schemaVersion: 1,
  id: 'bp',
  name: '英国议会制 BP',
  nameEn: 'British Parliamentary (WUDC)',
  description:
    '四队八位辩手各 7:00；1:00 与 6:00 各一声（保护时间），7:00 两声；POI 仅在 1:00–6:00，每次不超过 15 秒；超过 7:15 可能扣分。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('国际', 'WUDC', 'BP'),
  sides: govOpp,
  stages: [
    prepStage(15),
    parlSpeech('首相', 'Prime Minister', 'aff', 7, true),
    parlSpeech('反对党领袖', 'Leader of the Opposition', 'neg', 7, true),
    parlSpeech('副首相', 'Deputy Prime Minister', 'aff', 7, true),
    parlSpeech('反对党副领袖', 'Deputy Leader of the Opposition', 'neg', 7, true),
    parlSpeech('政府成员', 'Member of Government', 'aff', 7, true),
    parlSpeech('反对党成员', 'Member of Opposition', 'neg', 7, true),
    parlSpeech('政府党鞭', 'Government Whip', 'aff', 7, true),
    parlSpeech('反对党党鞭', 'Opposition Whip', 'neg', 7, true),
  ],
};

const wsdc: FormatInput = {
  schemaVersion: 1,
  id: 'wsdc',
  name: '世界中学生辩论赛 WSDC',
  nameEn: 'World Schools (WSDC)',
  description:
    '每方三位辩手各 8:00，1:00 与 7:00 各一声、8:00 两声；反方先做 4:00 总结（3:00 一声、4:00 两声）。准备时间 60:00。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('国际', 'WSDC'),
  sides: propOpp,
  stages: [
    prepStage(60),
    parlSpeech('正方一辩', 'First Proposition', 'aff', 8, true),
    parlSpeech('反方一辩', 'First Opposition', 'neg', 8, true),
    parlSpeech('正方二辩', 'Second Proposition', 'aff', 8, true),
    parlSpeech('反方二辩', 'Second Opposition', 'neg', 8, true),
    parlSpeech('正方三辩', 'Third Proposition', 'aff', 8, true),
    parlSpeech('反方三辩', 'Third Opposition', 'neg', 8, true),
    reply('反方总结', 'Opposition Reply', 'neg'),
    reply('正方总结', 'Proposition Reply', 'aff'),
  ],
};

const asianParl: FormatInput = {
  schemaVersion: 1,
  id: 'asian-parl',
  name: '亚洲议会制',
  nameEn: 'Asian Parliamentary',
  description: '六位辩手各 7:00（钟声同 BP），反方先做 4:00 总结。准备时间 30:00。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('亚洲', 'Asian Parliamentary'),
  sides: govOpp,
  stages: [
    prepStage(30),
    parlSpeech('首相', 'Prime Minister', 'aff', 7, true),
    parlSpeech('反对党领袖', 'Leader of the Opposition', 'neg', 7, true),
    parlSpeech('副首相', 'Deputy Prime Minister', 'aff', 7, true),
    parlSpeech('反对党副领袖', 'Deputy Leader of the Opposition', 'neg', 7, true),
    parlSpeech('政府党鞭', 'Government Whip', 'aff', 7, true),
    parlSpeech('反对党党鞭', 'Opposition Whip', 'neg', 7, true),
    reply('反对方总结', 'Opposition Reply', 'neg'),
    reply('政府方总结', 'Government Reply', 'aff'),
  ],
};

const australs: FormatInput = {
  schemaVersion: 1,
  id: 'australs',
  name: '澳亚大专辩论赛 Australs',
  nameEn: 'Australs',
  description: '六位辩手各 8:00，无 POI；6:00 一声、8:00 两声；总结 4:00。准备时间 30:00。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('澳大利亚', 'Australs'),
  sides: affNeg,
  stages: [
    prepStage(30),
    parlSpeech('正方一辩', 'First Affirmative', 'aff', 8, false),
    parlSpeech('反方一辩', 'First Negative', 'neg', 8, false),
    parlSpeech('正方二辩', 'Second Affirmative', 'aff', 8, false),
    parlSpeech('反方二辩', 'Second Negative', 'neg', 8, false),
    parlSpeech('正方三辩', 'Third Affirmative', 'aff', 8, false),
    parlSpeech('反方三辩', 'Third Negative', 'neg', 8, false),
    reply('反方总结', 'Negative Reply', 'neg'),
    reply('正方总结', 'Affirmative Reply', 'aff'),
  ],
};

const us: SingleOptions = { overtime: 'continue', bells: [] };
const prepPool = (minutes: number) => [
  {
    id: 'prep',
    name: '准备时间',
    kind: 'prep' as const,
    totalMs: { aff: mmss(minutes), neg: mmss(minutes) },
  },
];

/** Policy debate; `constructive`, `cx`, `rebuttal` and `prep` in minutes (HS 8/3/5/8, college 9/3/6/10). */
function policy(
  id: string,
  name: string,
  nameEn: string,
  c: number,
  cx: number,
  r: number,
  prepMinutes: number,
): FormatInput {
  return {
    schemaVersion: 1,
    id,
    name,
    nameEn,
    description: `立论 ${c} 分钟、质询 ${cx} 分钟、反驳 ${r} 分钟；每队准备时间 ${prepMinutes}:00，可分多次使用。钟声由裁判决定。`,
    note: OFFICIAL_RULES_NOTE,
    tags: tags('美国', 'Policy', 'CX'),
    sides: affNeg,
    pools: prepPool(prepMinutes),
    stages: speechesWithPrep(
      [
        ['1AC 正方一辩立论', 'aff', c, false],
        ['CX 反方质询', 'neg', cx, false],
        ['1NC 反方一辩立论', 'neg', c, true],
        ['CX 正方质询', 'aff', cx, false],
        ['2AC 正方二辩立论', 'aff', c, true],
        ['CX 反方质询', 'neg', cx, false],
        ['2NC 反方二辩立论', 'neg', c, true],
        ['CX 正方质询', 'aff', cx, false],
        ['1NR 反方一辩反驳', 'neg', r, true],
        ['1AR 正方一辩反驳', 'aff', r, true],
        ['2NR 反方二辩反驳', 'neg', r, true],
        ['2AR 正方二辩反驳', 'aff', r, true],
      ],
      'prep',
      us,
    ),
  };
}

const lincolnDouglas: FormatInput = {
  schemaVersion: 1,
  id: 'lincoln-douglas',
  name: '林肯-道格拉斯辩论 LD',
  nameEn: 'Lincoln-Douglas',
  description: '一对一价值辩论；每位辩手准备时间 4:00，可分多次使用。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('美国', 'LD'),
  sides: affNeg,
  pools: prepPool(4),
  stages: speechesWithPrep(
    [
      ['AC 正方立论', 'aff', 6, false],
      ['CX 反方质询', 'neg', 3, false],
      ['NC 反方立论', 'neg', 7, true],
      ['CX 正方质询', 'aff', 3, false],
      ['1AR 正方第一反驳', 'aff', 4, true],
      ['NR 反方反驳', 'neg', 6, true],
      ['2AR 正方第二反驳', 'aff', 3, true],
    ],
    'prep',
    us,
  ),
};

const publicForum: FormatInput = {
  schemaVersion: 1,
  id: 'public-forum',
  name: '公共论坛辩论 PF',
  nameEn: 'Public Forum',
  description: '双人队伍；交叉质询为双方共用时间；每队准备时间 3:00，可分多次使用。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('美国', 'PF'),
  sides: proCon,
  pools: prepPool(3),
  stages: speechesWithPrep(
    [
      ['A 队立论', 'aff', 4, false],
      ['B 队立论', 'neg', 4, false],
      ['交叉质询', null, 3, false],
      ['A 队反驳', 'aff', 4, true],
      ['B 队反驳', 'neg', 4, true],
      ['交叉质询', null, 3, false],
      ['A 队总结', 'aff', 3, true],
      ['B 队总结', 'neg', 3, true],
      ['全体交叉质询', null, 3, false],
      ['A 队最终焦点', 'aff', 2, true],
      ['B 队最终焦点', 'neg', 2, true],
    ],
    'prep',
    us,
  ),
};

const karlPopper: FormatInput = {
  schemaVersion: 1,
  id: 'karl-popper',
  name: '卡尔·波普尔辩论',
  nameEn: 'Karl Popper',
  description: '三人队伍；每队准备时间 8:00，可分多次使用。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('国际', 'Karl Popper'),
  sides: affNeg,
  pools: prepPool(8),
  stages: speechesWithPrep(
    [
      ['A1 正方一辩立论', 'aff', 6, false],
      ['N3 质询 A1', 'neg', 3, false],
      ['N1 反方一辩立论', 'neg', 6, true],
      ['A3 质询 N1', 'aff', 3, false],
      ['A2 正方二辩', 'aff', 5, true],
      ['N1 质询 A2', 'neg', 3, false],
      ['N2 反方二辩', 'neg', 5, true],
      ['A1 质询 N2', 'aff', 3, false],
      ['A3 正方三辩', 'aff', 5, true],
      ['N3 反方三辩', 'neg', 5, true],
    ],
    'prep',
    us,
  ),
};

const apdaSpeech = (name: string, nameEn: string, side: 'aff' | 'neg', minutes: number) =>
  single(name, side, mmss(minutes), {
    nameEn,
    overtime: 'continue',
    overtimeBells,
    bells: bellsAt([
      [60, 1],
      [minutes * 60 - 60, 1],
      [minutes * 60, 2],
    ]),
  });

const apda: FormatInput = {
  schemaVersion: 1,
  id: 'apda',
  name: '美国议会制 APDA',
  nameEn: 'APDA (American Parliamentary)',
  description: '1:00 一声，最后一分钟一声，时间到两声。',
  note: OFFICIAL_RULES_NOTE,
  tags: tags('美国', 'APDA'),
  sides: govOpp,
  stages: [
    none('封面'),
    apdaSpeech('首相', 'Prime Minister', 'aff', 7),
    apdaSpeech('反对党领袖', 'Leader of the Opposition', 'neg', 8),
    apdaSpeech('政府成员', 'Member of Government', 'aff', 8),
    apdaSpeech('反对党成员', 'Member of Opposition', 'neg', 8),
    apdaSpeech('反对党领袖总结', 'Leader of the Opposition Rebuttal', 'neg', 4),
    apdaSpeech('首相总结', 'Prime Minister Rebuttal', 'aff', 5),
  ],
};

/** The English-language built-ins, in display order. */
export const ENGLISH_FORMAT_INPUTS: readonly FormatInput[] = [
  bp,
  wsdc,
  asianParl,
  australs,
  policy('policy-hs', '政策性辩论（高中）', 'Policy (high school)', 8, 3, 5, 8),
  policy('policy-college', '政策性辩论（大学）', 'Policy (college)', 9, 3, 6, 10),
  lincolnDouglas,
  publicForum,
  karlPopper,
  apda,
];
