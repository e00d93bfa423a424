/** zh-CN messages of the timer use cases, kept together so English can follow. */
export const M = {
  timerNotFound: '找不到这个计时器，请检查链接是否正确',
  matchNotFound: '找不到这场比赛',
  controlKeyMissing: '需要控制权限：请使用控制链接打开',
  controlKeyWrong: '控制密钥无效或已失效',
  conflict: '计时状态已被他人更新，请刷新后重试',
  unavailable: '数据库暂时不可用，请稍后重试',
  matchGone: '比赛已不存在',
  replayConflict: '离线期间服务器上的计时已有变化，请选择保留哪一方的状态',
  replayRejected: (reason: string) => `离线操作无法同步：${reason}`,
  rateLimited: '操作过于频繁，请稍后再试',
  formatUnknown: (id: string) => `未知赛制：${id}`,
  formatInvalid: (details: string) => `赛制无效：${details}`,
  roleTooLow: '你在这个计时器上没有这项权限',
  roleNeedsControl: '以控制台身份观看需要控制权限',
  viewKeyRequired: '这个计时器是私有的，需要观看链接',
} as const;
