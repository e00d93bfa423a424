/**
 * A corpus of rules texts as organisers write them (rules PDFs, group-chat notices, English
 * tournament packs), written for the tests to cover every built-in format's shape and common
 * variants, each with the stages a careful reader would time.
 *
 * Expected stages, in order, ignoring no-clock and prep stages:
 * - `S aff 3:30` one clock for 正方 (`neg` 反方, `-` neutral), `S aff pool` drawn from the team budget;
 * - `D 4:00 relay aff` two clocks per side, how they end, who starts (`D 4:00/3:00 …` when unequal).
 * Pools are listed as `budget 18:00` / `prep 8:00`; count-up formats as `up`.
 */

export interface RulesCorpusEntry {
  readonly id: string;
  readonly text: string;
  readonly stages: readonly string[];
  readonly pools?: readonly string[];
  readonly up?: boolean;
}

export const RULES_CORPUS: readonly RulesCorpusEntry[] = [
  {
    id: 'wechat-short',
    text: '立论3分半，质询2分钟，自由辩论每方4分钟，总结陈词3分钟，剩余30秒提示',
    stages: ['S aff 3:30', 'S neg 3:30', 'S aff 2:00', 'S neg 2:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'worldcup-full',
    text: [
      '华语辩论世界杯赛制',
      '1. 正方一辩立论 3分30秒',
      '2. 反方一辩立论 3分30秒',
      '3. 反方二辩质询正方一辩 2分钟',
      '4. 正方二辩质询反方一辩 2分钟',
      '5. 反方二辩质询小结 1分30秒',
      '6. 正方二辩质询小结 1分30秒',
      '7. 四辩对辩 每方1分30秒',
      '8. 正方三辩盘问 2分钟',
      '9. 反方三辩盘问 2分钟',
      '10. 正方三辩盘问小结 1分30秒',
      '11. 反方三辩盘问小结 1分30秒',
      '12. 自由辩论 每方4分钟，正方先发言',
      '13. 反方四辩总结陈词 3分30秒',
      '14. 正方四辩总结陈词 3分30秒',
      '剩余30秒时响铃一次，时间到响铃两次。',
    ].join('\n'),
    stages: [
      'S aff 3:30', 'S neg 3:30', 'S neg 2:00', 'S aff 2:00', 'S neg 1:30', 'S aff 1:30', 'D 1:30 solo aff',
      'S aff 2:00', 'S neg 2:00', 'S aff 1:30', 'S neg 1:30', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30',
    ],
  },
  {
    id: 'classic-four',
    text: '正方一辩陈词三分钟；反方一辩陈词三分钟；正方二辩陈词三分钟；反方二辩陈词三分钟；正方三辩陈词三分钟；反方三辩陈词三分钟；自由辩论双方各四分钟；反方四辩总结陈词四分钟；正方四辩总结陈词四分钟。',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 3:00', 'S neg 3:00', 'S aff 3:00', 'S neg 3:00', 'D 4:00 relay aff', 'S neg 4:00', 'S aff 4:00'],
  },
  {
    id: 'classic-grouped',
    text: '一辩、二辩、三辩陈词各3分钟（正反方交替）\n自由辩论：每方4分钟\n四辩总结陈词各4分钟，反方先',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 3:00', 'S neg 3:00', 'S aff 3:00', 'S neg 3:00', 'D 4:00 relay aff', 'S neg 4:00', 'S aff 4:00'],
  },
  {
    id: 'apicdt',
    text: [
      '亚太大专辩论赛比赛流程',
      '正方一辩立论 3:30',
      '反方一辩立论 3:30',
      '反方三辩质询正方一辩 2:00',
      '正方三辩质询反方一辩 2:00',
      '正方二辩驳论 3:00',
      '反方二辩驳论 3:00',
      '正方三辩申论 3:00',
      '反方三辩申论 3:00',
      '正方二辩盘问 2:30',
      '反方二辩盘问 2:30',
      '正方四辩小结 1:30',
      '反方四辩小结 1:30',
      '自由辩论 每方 4:00',
      '反方四辩总结陈词 3:30',
      '正方四辩总结陈词 3:30',
      '评审点评 10:00',
      '每方可申请一次90秒暂停休整。',
    ].join('\n'),
    stages: [
      'S aff 3:30', 'S neg 3:30', 'S neg 2:00', 'S aff 2:00', 'S aff 3:00', 'S neg 3:00', 'S aff 3:00', 'S neg 3:00',
      'S aff 2:30', 'S neg 2:30', 'S aff 1:30', 'S neg 1:30', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30', 'S - 10:00',
    ],
  },
  {
    id: 'gongbian-cctv',
    text: '一辩立论：正反方各3分钟\n攻辩：正方二辩、反方二辩、正方三辩、反方三辩依次攻辩，各1分30秒（每次提问不超过30秒，回答不超过1分钟）\n攻辩小结：正反方一辩各2分钟\n自由辩论：各4分钟\n总结陈词：双方四辩各3分钟，反方先',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 1:30', 'S neg 1:30', 'S aff 1:30', 'S neg 1:30', 'S aff 2:00', 'S neg 2:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'xinguobian',
    text: '新国辩赛制：每队总用时18分钟，陈词、质询、小结、总结均从中扣除。\n正方一辩开篇陈词\n反方一辩开篇陈词\n正方二辩质询\n反方二辩质询\n正方三辩小结\n反方三辩小结\n自由辩论每方4分钟\n反方四辩总结陈词\n正方四辩总结陈词\n剩余30秒提示一次',
    stages: ['S aff pool', 'S neg pool', 'S aff pool', 'S neg pool', 'S aff pool', 'S neg pool', 'D 4:00 relay aff', 'S neg pool', 'S aff pool'],
    pools: ['budget 18:00'],
  },
  {
    id: 'oregon-444',
    text: '新式奥瑞冈四四四制（正计时）\n正方一辩申论4分钟\n反方二辩质询正方一辩4分钟\n反方一辩申论4分钟\n正方一辩质询反方一辩4分钟\n正方二辩申论4分钟\n反方一辩质询正方二辩4分钟\n反方二辩申论4分钟\n正方三辩质询反方二辩4分钟\n正方三辩申论4分钟\n反方三辩质询正方三辩4分钟\n反方三辩申论4分钟\n正方二辩质询反方三辩4分钟\n自由辩论每方4分钟\n反方结辩4分钟\n正方结辩4分钟\n3分30秒响铃一次，4分钟响铃两次，4分30秒响铃三次',
    stages: [
      'S aff 4:00', 'S neg 4:00', 'S neg 4:00', 'S aff 4:00', 'S aff 4:00', 'S neg 4:00', 'S neg 4:00', 'S aff 4:00',
      'S aff 4:00', 'S neg 4:00', 'S neg 4:00', 'S aff 4:00', 'D 4:00 relay aff', 'S neg 4:00', 'S aff 4:00',
    ],
    up: true,
  },
  {
    id: 'wechat-school',
    text: '各位辩手好！本次院赛赛制如下：\n立论：双方一辩各三分钟\n质询：双方二辩各两分钟\n自由辩论：每方三分钟，正方先开始\n结辩：双方四辩各三分钟（反方先）\n剩余30秒举牌提示，时间到响铃。',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 2:00', 'S neg 2:00', 'D 3:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'seconds-only',
    text: '正方一辩立论210秒，反方一辩立论210秒，正方二辩驳论180秒，反方二辩驳论180秒，自由辩论每方240秒，反方四辩总结210秒，正方四辩总结210秒',
    stages: ['S aff 3:30', 'S neg 3:30', 'S aff 3:00', 'S neg 3:00', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30'],
  },
  {
    id: 'short-names',
    text: '正一立论 3:00\n反一立论 3:00\n正二质询反一 1:30\n反二质询正一 1:30\n自由辩 4:00\n反四总结 3:00\n正四总结 3:00',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 1:30', 'S neg 1:30', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'free-total',
    text: '开篇立论：正反方一辩各2分30秒\n自由辩论：共8分钟，双方轮流发言\n总结陈词：双方四辩各2分30秒',
    stages: ['S aff 2:30', 'S neg 2:30', 'D 4:00 relay aff', 'S neg 2:30', 'S aff 2:30'],
  },
  {
    id: 'neg-first-free',
    text: '一辩立论各3分钟；自由辩论各4分钟，由反方先开始；总结各3分钟',
    stages: ['S aff 3:00', 'S neg 3:00', 'D 4:00 relay neg', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'decimal-minutes',
    text: '立论：正方一辩3.5分钟，反方一辩3.5分钟\n盘问：正方三辩2.5分钟，反方三辩2.5分钟\n自由辩论：每方4分钟\n总结陈词：反方四辩3.5分钟，正方四辩3.5分钟',
    stages: ['S aff 3:30', 'S neg 3:30', 'S aff 2:30', 'S neg 2:30', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30'],
  },
  {
    id: 'judges-and-buffer',
    text: '正方一辩立论3分钟\n反方一辩立论3分钟\n自由辩论每方4分钟\n反方四辩总结3分钟\n正方四辩总结3分钟\n缓冲时间10分钟\n评委点评5分钟',
    stages: ['S aff 3:00', 'S neg 3:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00', 'S - 10:00', 'S - 5:00'],
  },
  {
    id: 'half-minute',
    text: '正方二辩质询小结一分半，反方二辩质询小结一分半，四辩对辩双方各一分半',
    stages: ['S aff 1:30', 'S neg 1:30', 'D 1:30 solo aff'],
  },
  {
    id: 'primes',
    text: "正方一辩立论 3'30\"\n反方一辩立论 3'30\"\n自由辩论 4'00\" 每方\n反方四辩总结 3'30\"\n正方四辩总结 3'30\"",
    stages: ['S aff 3:30', 'S neg 3:30', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30'],
  },
  {
    id: 'bp',
    text: 'British Parliamentary\nPrime Minister 7 minutes\nLeader of the Opposition 7 minutes\nDeputy Prime Minister 7 minutes\nDeputy Leader of the Opposition 7 minutes\nMember of Government 7 minutes\nMember of Opposition 7 minutes\nGovernment Whip 7 minutes\nOpposition Whip 7 minutes\nBells at 1:00 and 6:00, double bell at 7:00.',
    stages: ['S aff 7:00', 'S neg 7:00', 'S aff 7:00', 'S neg 7:00', 'S aff 7:00', 'S neg 7:00', 'S aff 7:00', 'S neg 7:00'],
  },
  {
    id: 'wsdc',
    text: 'World Schools format: 1st Proposition 8 minutes, 1st Opposition 8 minutes, 2nd Proposition 8 minutes, 2nd Opposition 8 minutes, 3rd Proposition 8 minutes, 3rd Opposition 8 minutes, Opposition Reply 4 minutes, Proposition Reply 4 minutes.',
    stages: ['S aff 8:00', 'S neg 8:00', 'S aff 8:00', 'S neg 8:00', 'S aff 8:00', 'S neg 8:00', 'S neg 4:00', 'S aff 4:00'],
  },
  {
    id: 'asian-parl',
    text: 'Prime Minister 7:00\nLeader of Opposition 7:00\nDeputy Prime Minister 7:00\nDeputy Leader of Opposition 7:00\nGovernment Whip 7:00\nOpposition Whip 7:00\nOpposition Reply 4:00\nGovernment Reply 4:00',
    stages: ['S aff 7:00', 'S neg 7:00', 'S aff 7:00', 'S neg 7:00', 'S aff 7:00', 'S neg 7:00', 'S neg 4:00', 'S aff 4:00'],
  },
  {
    id: 'australs',
    text: 'Substantive speeches: Affirmative 1 8 min, Negative 1 8 min, Affirmative 2 8 min, Negative 2 8 min, Affirmative 3 8 min, Negative 3 8 min. Replies: Negative reply 4 min, Affirmative reply 4 min.',
    stages: ['S aff 8:00', 'S neg 8:00', 'S aff 8:00', 'S neg 8:00', 'S aff 8:00', 'S neg 8:00', 'S neg 4:00', 'S aff 4:00'],
  },
  {
    id: 'policy-hs',
    text: 'Policy debate times: 1AC 8, CX 3, 1NC 8, CX 3, 2AC 8, CX 3, 2NC 8, CX 3, 1NR 5, 1AR 5, 2NR 5, 2AR 5. Prep time: 8 minutes per team.',
    stages: ['S aff 8:00', 'S neg 3:00', 'S neg 8:00', 'S aff 3:00', 'S aff 8:00', 'S neg 3:00', 'S neg 8:00', 'S aff 3:00', 'S neg 5:00', 'S aff 5:00', 'S neg 5:00', 'S aff 5:00'],
    pools: ['prep 8:00'],
  },
  {
    id: 'lincoln-douglas',
    text: 'Affirmative Constructive (AC) 6 minutes\nCross-Examination by Negative 3 minutes\nNegative Constructive (NC) 7 minutes\nCross-Examination by Affirmative 3 minutes\nFirst Affirmative Rebuttal (1AR) 4 minutes\nNegative Rebuttal (NR) 6 minutes\nSecond Affirmative Rebuttal (2AR) 3 minutes\nPrep time 4 minutes each',
    stages: ['S aff 6:00', 'S neg 3:00', 'S neg 7:00', 'S aff 3:00', 'S aff 4:00', 'S neg 6:00', 'S aff 3:00'],
    pools: ['prep 4:00'],
  },
  {
    id: 'public-forum',
    text: 'Constructive Speaker A 4 minutes\nConstructive Speaker B 4 minutes\nCrossfire 3 minutes\nRebuttal Speaker A 4 minutes\nRebuttal Speaker B 4 minutes\nCrossfire 3 minutes\nSummary Speaker A 3 minutes\nSummary Speaker B 3 minutes\nGrand Crossfire 3 minutes\nFinal Focus Speaker A 2 minutes\nFinal Focus Speaker B 2 minutes\nPrep time: 3 minutes per team',
    stages: ['S aff 4:00', 'S neg 4:00', 'S - 3:00', 'S aff 4:00', 'S neg 4:00', 'S - 3:00', 'S aff 3:00', 'S neg 3:00', 'S - 3:00', 'S aff 2:00', 'S neg 2:00'],
    pools: ['prep 3:00'],
  },
  {
    id: 'apda',
    text: 'PM 7 minutes, LO 8 minutes, MG 8 minutes, MO 8 minutes, LOR 4 minutes, PMR 5 minutes',
    stages: ['S aff 7:00', 'S neg 8:00', 'S aff 8:00', 'S neg 8:00', 'S neg 4:00', 'S aff 5:00'],
  },
  {
    id: 'karl-popper',
    text: 'A1 constructive 6 minutes; Cross-examination of A1 by N3 3 minutes; N1 constructive 6 minutes; Cross-examination of N1 by A3 3 minutes; A2 rebuttal 5 minutes; N2 rebuttal 5 minutes; A3 rebuttal 5 minutes; N3 rebuttal 5 minutes. Prep time 8 minutes per team.',
    stages: ['S aff 6:00', 'S neg 3:00', 'S neg 6:00', 'S aff 3:00', 'S aff 5:00', 'S neg 5:00', 'S aff 5:00', 'S neg 5:00'],
    pools: ['prep 8:00'],
  },
  {
    id: 'bilingual-notice',
    text: '赛制说明 / Format\n- 正方一辩 立论 3 min\n- 反方一辩 立论 3 min\n- 自由辩论 free debate 4 min each side\n- 反方四辩 总结 3 min\n- 正方四辩 总结 3 min',
    stages: ['S aff 3:00', 'S neg 3:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'bullets-fullwidth',
    text: '（1）正方一辩立论：３分钟\n（2）反方一辩立论：３分钟\n（3）正方二辩驳立论：２分钟\n（4）反方二辩驳立论：２分钟\n（5）自由辩论：每方４分钟\n（6）反方四辩总结：３分钟\n（7）正方四辩总结：３分钟',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 2:00', 'S neg 2:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'stage-numbered',
    text: '第一环节：开篇立论，正方一辩、反方一辩各3分钟\n第二环节：攻辩，正方二辩、反方二辩各2分钟\n第三环节：自由辩论，双方各5分钟\n第四环节：总结陈词，双方四辩各3分钟',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 2:00', 'S neg 2:00', 'D 5:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'middle-school',
    text: '初中组比赛：一辩开篇陈词各2分钟，二辩质询各1分30秒，三辩质询小结各1分30秒，自由辩论各3分钟，四辩总结各2分30秒。',
    stages: ['S aff 2:00', 'S neg 2:00', 'S aff 1:30', 'S neg 1:30', 'S aff 1:30', 'S neg 1:30', 'D 3:00 relay aff', 'S neg 2:30', 'S aff 2:30'],
  },
  {
    id: 'unequal-free',
    text: '正方一辩立论3分钟\n反方一辩立论3分钟\n自由辩论：正方4分钟，反方3分钟\n反方总结3分钟\n正方总结3分钟',
    stages: ['S aff 3:00', 'S neg 3:00', 'D 4:00/3:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'newlines-split',
    text: '自由辩论\n每方4分钟\n总结陈词\n双方各3分钟',
    stages: ['D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'with-timeout',
    text: '立论：正反方一辩各3分30秒；质询：正反方二辩各2分钟；自由辩论：每方4分钟；总结陈词：正反方四辩各3分30秒。比赛中每方可使用一次技术暂停，时长1分钟。',
    stages: ['S aff 3:30', 'S neg 3:30', 'S aff 2:00', 'S neg 2:00', 'D 4:00 relay aff', 'S neg 3:30', 'S aff 3:30'],
  },
  {
    id: 'minutes-word-english',
    text: 'Government opening speech: 5 minutes\nOpposition opening speech: 5 minutes\nOpen debate: 4 minutes each side\nOpposition closing: 3 minutes\nGovernment closing: 3 minutes',
    stages: ['S aff 5:00', 'S neg 5:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'cup-notice',
    text: '【校辩论赛决赛赛制】\n一、开篇立论（正反方一辩，各3分钟）\n二、攻辩环节（正反方二辩、三辩，每人1分30秒）\n三、自由辩论（双方各4分钟）\n四、总结陈词（反方四辩先，各3分钟）\n注：剩余30秒举牌提示，时间到响铃。',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 1:30', 'S neg 1:30', 'S aff 1:30', 'S neg 1:30', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'colon-times',
    text: '正方一辩：立论 03:00\n反方一辩：立论 03:00\n正方二辩：质询 02:00\n反方二辩：质询 02:00\n双方：自由辩论 各04:00\n反方四辩：总结 03:00\n正方四辩：总结 03:00',
    stages: ['S aff 3:00', 'S neg 3:00', 'S aff 2:00', 'S neg 2:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
  },
  {
    id: 'host-and-judges',
    text: '主持人开场 2分钟\n正方一辩立论 3分钟\n反方一辩立论 3分钟\n自由辩论 每方3分钟\n反方四辩总结 3分钟\n正方四辩总结 3分钟\n评委合议 5分钟',
    stages: ['S - 2:00', 'S aff 3:00', 'S neg 3:00', 'D 3:00 relay aff', 'S neg 3:00', 'S aff 3:00', 'S - 5:00'],
  },
  {
    id: 'count-up-taiwan',
    text: '採正計時。正方一辯申論3分鐘，反方二辯質詢正方一辯3分鐘，反方一辯申論3分鐘，正方二辯質詢反方一辯3分鐘，自由辯論各4分鐘，反方結辯3分鐘，正方結辯3分鐘。',
    stages: ['S aff 3:00', 'S neg 3:00', 'S neg 3:00', 'S aff 3:00', 'D 4:00 relay aff', 'S neg 3:00', 'S aff 3:00'],
    up: true,
  },
];
