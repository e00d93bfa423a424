/**
 * Swiss rounds in the tournament console (赛制与抽签, and each round's 抽签): adding rounds drawn
 * one at a time, pull-up rules, draw records. Imported by the console only, so the live wall and
 * the ballot page do not download it.
 */
export const swiss = {
  modePools: '小组循环：先分组，每组内循环对阵，各轮一次排好。',
  modeSwiss: '瑞士制：一轮一轮抽签，随机配对或按积分实力配对（同分组内对阵，奇数组从下一组上调）。',
  swissTitle: '瑞士制轮次',
  addRound: '新增一轮',
  roundKind: '抽签方式',
  kinds: { random: '随机配对', power: '实力配对（按积分）' } as Record<string, string>,
  roundNameLabel: '轮次名称（可选）',
  roundNamePlaceholder: '默认：第 N 轮',
  roundAdded: '已新增一轮，请在“轮次与赛果”中抽签',
  swissRounds: '已有 {n} 轮瑞士制轮次，在“轮次与赛果”中逐轮抽签、发布。',
  breakSize: '晋级淘汰赛的队伍数',
  breakSizeInvalid: '晋级队伍数须是 2 到 64 的整数',
  roundDraw: {
    pullup: '上调规则',
    pullups: {
      top: '下一组排名最前的队',
      bottom: '下一组排名最后的队',
      random: '下一组随机一队',
      highestRanked: '上调次数最少者中排名最高的',
      lowestRanked: '上调次数最少者中排名最低的',
    } as Record<string, string>,
    seed: '抽签种子',
    reroll: '换一个种子',
    draw: '抽签',
    redraw: '重新抽签',
    redrawConfirm: '重新抽签？',
    redrawConfirmBody: '本轮现有的对阵、会场和评委安排将被新的抽签结果替换。',
    drawn: '已抽签：{n} 场对阵，种子 {seed}',
    record: '{kind} · {pullup}种子 {seed} · {by} · {at}',
    recordPullup: '上调：{rule} · ',
    quality: '重复对阵 {repeats} 场，同校对阵 {clashes} 场',
    qualityWarning: '有无法避免的重复对阵或同校对阵：{detail}',
    hint: '实力配对按已确认的积分把同胜场的队伍配在一起，避开已交手和同校的对阵，并平衡正反方。',
    notYet: '还没有抽签。',
    bracket: '{n} 胜组',
    pulledUp: '上调',
  },
  checkIn: {
    summary: '到场登记：队伍 {teams}/{teamsTotal} 到场 · 评委 {judges}/{judgesTotal} 到场',
    lead: '取消勾选缺席的队伍和评委：本轮抽签和自动分配评委时不安排他们。发布本轮后不能再修改。',
    teams: '队伍',
    judges: '评委',
    filter: '筛选名称',
    allPresent: '全部到场',
    saved: '已更新到场登记',
  },
} as const;
