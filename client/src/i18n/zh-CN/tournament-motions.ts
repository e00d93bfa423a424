/**
 * A round's motions: several per round (prep by motion), each with a short reference and an
 * info slide, released together, and the motion each room debated (`roundMotions`, the console);
 * the released motions and their statistics on the public 辩题 tab (`motionTab`). Kept out of
 * tournament.ts, which the judge's ballot page downloads.
 */
export const roundMotions = {
  title: '本轮辩题',
  hint: '一轮可以公布多个辩题（如 BP、Australs 的备赛选题），每个可附背景资料。公布前只有工作人员可见。',
  none: '还没有添加辩题',
  add: '添加辩题',
  addFirst: '添加本轮辩题',
  edit: '编辑辩题',
  save: '保存辩题',
  saving: '正在保存…',
  saved: '辩题已保存',
  cancel: '取消',
  remove: '删除',
  reference: '简称（可选）',
  referencePlaceholder: '如：经济',
  text: '辩题',
  infoSlide: '背景资料（可选）',
  infoSlideShow: '背景资料',
  numbered: '辩题 {n}',
  max: '每轮最多 {n} 个辩题',
  unreleased: '未公布',
  scheduled: '将于 {time} 公布',
  releaseAt: '定时公布（可选）',
  schedule: '定时公布',
  scheduledToast: '辩题将于 {time} 公布',
  releasedAt: '{time} 已公布',
  release: '公布辩题',
  releaseConfirm: '公布本轮辩题？',
  releaseConfirmBody: '公布后赛事页所有人可见，并显示在本轮已发布比赛的计时屏上；公布后不能撤回。',
  releasedToast: '已公布 {n} 个辩题',
  rooms: '各场辩题',
  roomsHint: '本轮有多个辩题：选定每场实际辩论的辩题，计时屏和辩题统计会据此更新。',
  room: '{aff} vs {neg}',
  notChosen: '未选定',
  chosen: '已更新该场辩题',
} as const;

export const motionTab = {
  infoSlide: '背景资料',
  statsTitle: '辩题统计',
  statsMotion: '辩题',
  statsRooms: '场次',
  statsWins: '{side}胜',
  statsPoints: '{position} 平均得分',
  statsEmpty: '暂无已确认结果',
} as const;
