/** zh-TW strings for tournament-category-knockout; the same shape as zh-CN/tournament-category-knockout.ts. */
import type { categoryKnockout as zhcategoryKnockout } from '../zh-CN/tournament-category-knockout';
import type { Messages } from '../messages-type';
export const categoryKnockout: Messages<typeof zhcategoryKnockout> = {
  title: '{name}淘汰賽',
  mainFirst: '公開組淘汰賽產生後，可按「{name}」的晉級名單另開一組淘汰賽。',
  fromBreak: '按「{name}」的晉級名單排定種子（{n} 隊）。',
  fromBreakEmpty: '「{name}」還沒有晉級的隊伍：請先在「晉級」裡確認名額與參賽資格。',
  create: '產生{name}淘汰賽',
  createConfirm: '將按「{name}」的晉級名單產生淘汰賽第一輪。產生後該類別的晉級名單不再影響對陣。',
  created: '已產生{name}淘汰賽',
  next: '產生{name}下一輪',
  nextDrafted: '已產生{name}下一輪',
  finished: '{name}淘汰賽已經結束',
  champion: '{name}冠軍',
};
