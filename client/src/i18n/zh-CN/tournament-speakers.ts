/** 辩手榜 (the speaker tab) on the tournament page. */
export const speakerTab = {
  tab: '辩手榜',
  lead: '预赛各轮已确认场次的辩手得分：总分、平均分和标准差（越小越稳定），依次排名，完全相同的并列。',
  staffOnly: '赛事结束前只有工作人员看得到辩手榜；赛事结束后向所有人公开。',
  all: '全部辩手',
  empty: '还没有已确认的辩手得分。',
  rank: '排名',
  speaker: '辩手',
  team: '队伍',
  school: '学校',
  total: '总分',
  average: '平均分',
  stdev: '标准差',
  tied: '并列',
  none: '—',
} as const;
