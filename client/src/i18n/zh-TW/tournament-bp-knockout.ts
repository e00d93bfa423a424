/** zh-TW strings for tournament-bp-knockout; the same shape as zh-CN/tournament-bp-knockout.ts. */
import type { tournamentBpKnockout as zhtournamentBpKnockout } from '../zh-CN/tournament-bp-knockout';
import type { Messages } from '../messages-type';
export const tournamentBpKnockout: Messages<typeof zhtournamentBpKnockout> = {
  empty: '英議（BP）淘汰賽將在預賽結束後產生：每間四隊，前兩名晉級下一輪。',
  rule: '每間前兩名晉級下一輪；決賽第一名為冠軍。',
  champion: '冠軍',
  room: '第 {n} 間',
  fromBreak: '淘汰賽將按「{name}」的晉級名單排定種子（{n} 隊，每間四隊：種子 1、{a}、{b}、{n} 同一間……）。',
  breakSize: '晉級隊數（4、8、16…）',
};
