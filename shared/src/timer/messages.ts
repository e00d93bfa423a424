/** User-facing messages (zh-CN) for refused commands, by error code. English can follow with the same keys. */
export const TIMER_ERROR_MESSAGES = {
  'nothing-due': '当前没有到期的事件',
  finished: '比赛已结束',
  'no-clock': '本阶段没有计时器',
  'already-running': '计时器已在运行',
  'not-running': '计时器没有在运行',
  'clock-exhausted': '该方时间已用完',
  'not-dual': '本阶段只有一个计时器，无法切换发言方',
  'no-next-stage': '已经是最后一个阶段',
  'no-prev-stage': '已经是第一个阶段',
  'stage-out-of-range': '阶段编号超出范围',
  'same-stage': '已经在该阶段',
  'no-such-clock': '本阶段没有指定的计时器',
  'budget-below-used': '新的时长不能少于已用时间',
  'pooled-clock': '该计时器从时间池扣除，请调整时间池总量',
  'no-such-pool': '赛制中没有这个时间池',
  'no-timeouts': '该方没有可用的暂停次数',
  'timeout-active': '暂停进行中',
  'no-timeout': '当前没有进行中的暂停',
  'invalid-command': '指令格式不正确',
  'match-begun': '比赛已经开始，赛制不能再改；修改只对下一场比赛生效',
  'hub-only': '这个指令只能由服务器发出',
  'undo-needs-log': '撤销需要连接服务器（离线时无法撤销）',
  'nothing-to-undo': '没有可以撤销的操作',
  'undo-after-scheduler': '上一次变化是自动计时（响铃、时间到或交接），无法撤销',
} as const;

/** Every error code a command may be refused with. */
export type CommandErrorCode = keyof typeof TIMER_ERROR_MESSAGES;
