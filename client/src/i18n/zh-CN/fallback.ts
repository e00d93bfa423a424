/**
 * What every screen says about the Supabase realtime fallback and about its hub's link to the
 * other hubs (the display loads this; the console's own texts are in fallback-console.ts).
 */
export const fallback = {
  badge: {
    /** A screen follows the backup channel (the hub's mirror). */
    following: '备用通道',
    /** The state shown came from an organizer's console running without the hub. */
    console: '备用通道·主控离线操作',
    joining: '正在切换备用通道',
  },
  hint: {
    following: '服务器暂时无法连接，正通过备用通道同步；时钟继续准确计时',
    console: '服务器暂时无法连接，当前显示主控台离线操作后的状态',
    joining: '服务器暂时无法连接，正在连接备用通道；时钟按最后状态继续计时',
  },
  /** The screen's hub cannot reach the other hubs as it should (Redis down): its ticks say `peers`. */
  peers: {
    backup: {
      text: '服务器间同步已降级',
      hint: '服务器之间的消息通道中断，比赛变化改经数据库同步，可能稍有延迟；在线人数只计本服务器',
    },
    unreachable: { text: '与其他服务器失联', hint: '与其他服务器失联，时间可能不同步；恢复后自动校正' },
  },
} as const;
