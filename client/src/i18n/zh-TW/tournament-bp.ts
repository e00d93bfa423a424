/** zh-TW strings for tournament-bp; the same shape as zh-CN/tournament-bp.ts. */
import type { tournamentBp as zhtournamentBp } from '../zh-CN/tournament-bp';
import type { Messages } from '../messages-type';
export const tournamentBp: Messages<typeof zhtournamentBp> = {
  positions: { og: 'OG', oo: 'OO', cg: 'CG', co: 'CO' },
  positionNames: {
    og: '開幕政府',
    oo: '開幕反對',
    cg: '閉幕政府',
    co: '閉幕反對',
  },
  place: '第 {n} 名',
  placePoints: '第 {n} 名 · {points} 分',
  teamPoints: '積分',
  firsts: '第一',
  tieBreakOrder: '積分 → 辯士分',
  ranking: '排名：{order}',
  ballot: {
    intro: '英議（BP）：請為四支隊伍排出第 1 至第 4 名，並填寫八位辯士的分數（{min}–{max}）。',
    chairOnly: '英議（BP）由評審團主席代表評審團提交一張共識評分表。',
    rank: '名次',
    rankPlaceholder: '選擇名次',
    speaker: '{position} 第 {n} 位辯士',
    total: '合計 {total}',
  },
};
