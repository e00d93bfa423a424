/** zh-TW strings for tournament-speakers; the same shape as zh-CN/tournament-speakers.ts. */
import type { speakerTab as zhspeakerTab } from '../zh-CN/tournament-speakers';
import type { Messages } from '../messages-type';
export const speakerTab: Messages<typeof zhspeakerTab> = {
  tab: '辯士榜',
  lead: '預賽各輪已確認場次的辯士得分：總分、平均分和標準差（越小越穩定），依次排名，完全相同的並列。',
  staffOnly: '賽事結束前只有工作人員看得到辯士榜；賽事結束後向所有人公開。',
  all: '全部辯士',
  empty: '還沒有已確認的辯士得分。',
  rank: '排名',
  speaker: '辯士',
  team: '隊伍',
  school: '學校',
  total: '總分',
  average: '平均分',
  stdev: '標準差',
  tied: '並列',
  none: '—',
};
