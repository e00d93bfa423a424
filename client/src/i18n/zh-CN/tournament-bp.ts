/**
 * British Parliamentary (英议 BP) rooms: four teams by position, their places and team points,
 * the chair's ranking ballot, the BP standings column. Shared by the tournament pages, the live
 * wall, the ballot page and the console.
 */
export const tournamentBp = {
  positions: { og: 'OG', oo: 'OO', cg: 'CG', co: 'CO' } as Record<string, string>,
  positionNames: {
    og: '开幕政府',
    oo: '开幕反对',
    cg: '闭幕政府',
    co: '闭幕反对',
  } as Record<string, string>,
  place: '第 {n} 名',
  placePoints: '第 {n} 名 · {points} 分',
  teamPoints: '积分',
  firsts: '第一',
  tieBreakOrder: '积分 → 辩手分',
  ranking: '排名：{order}',
  ballot: {
    intro: '英议（BP）：请为四支队伍排出第 1 至第 4 名，并填写八位辩手的分数（{min}–{max}）。',
    chairOnly: '英议（BP）由评审团主席代表评审团提交一张共识评分表。',
    rank: '名次',
    rankPlaceholder: '选择名次',
    speaker: '{position} 第 {n} 位辩手',
    total: '合计 {total}',
  },
};
