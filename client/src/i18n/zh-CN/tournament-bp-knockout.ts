/** 英议（BP）淘汰赛: the console's 淘汰赛 section and the public page's 淘汰赛 tab. */
export const tournamentBpKnockout = {
  /** The public tab before the knockout is drafted. */
  empty: '英议（BP）淘汰赛将在预赛结束后生成：每间四队，前两名晋级下一轮。',
  /** Under the rounds. */
  rule: '每间前两名晋级下一轮；决赛第一名为冠军。',
  champion: '冠军',
  room: '第 {n} 间',
  /** The console, seeding from a break category: room 1 holds seeds 1, {a}, {b} and {n}. */
  fromBreak: '淘汰赛将按「{name}」的晋级名单排定种子（{n} 队，每间四队：种子 1、{a}、{b}、{n} 同一间……）。',
  /** The console's break size field when the tournament has no break categories. */
  breakSize: '晋级队数（4、8、16…）',
};
