/** Knockouts of the other break categories (ESL, 新生…): the console's 淘汰赛 section and the public 淘汰赛 tab. */
export const categoryKnockout = {
  /** The console: one block per category beside the open one. */
  title: '{name}淘汰赛',
  /** Before the open knockout exists. */
  mainFirst: '公开组淘汰赛生成后，可按「{name}」的晋级名单另开一组淘汰赛。',
  /** Seeds come from the category's break. */
  fromBreak: '按「{name}」的晋级名单排定种子（{n} 队）。',
  fromBreakEmpty: '「{name}」还没有晋级的队伍：请先在「晋级」里确认名额与参赛资格。',
  create: '生成{name}淘汰赛',
  createConfirm: '将按「{name}」的晋级名单生成淘汰赛第一轮。生成后该类别的晋级名单不再影响对阵。',
  created: '已生成{name}淘汰赛',
  next: '生成{name}下一轮',
  nextDrafted: '已生成{name}下一轮',
  finished: '{name}淘汰赛已经结束',
  champion: '{name}冠军',
};
