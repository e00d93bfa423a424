/** The Supabase realtime fallback: badges, the organizer's offline authority, the conflict dialog. */
export const fallback = {
  badge: {
    /** A screen follows the backup channel (the hub's mirror). */
    following: '备用通道',
    /** The state shown came from an organizer's console running without the hub. */
    console: '备用通道·主控离线操作',
    joining: '正在切换备用通道',
    /** This console runs the match itself. */
    authority: '备用通道·本机主控',
    replaying: '正在同步离线操作',
    conflict: '离线操作待确认',
  },
  hint: {
    following: '服务器暂时无法连接，正通过备用通道同步；时钟继续准确计时',
    console: '服务器暂时无法连接，当前显示主控台离线操作后的状态',
    joining: '服务器暂时无法连接，正在连接备用通道；时钟按最后状态继续计时',
    authority: '服务器暂时无法连接。本机继续主控，操作通过备用通道同步到各屏幕，恢复连接后自动提交服务器',
    /** The console holds no valid certificate: screens drop what it would send. */
    unsigned: '服务器暂时无法连接。本机继续主控，但本机没有有效的备用通道签名（未取得授权或已过期），各屏幕不会显示本机的离线操作；恢复连接后自动提交服务器',
  },
  /** Shown beside the authority badge when screens will not follow this console. */
  unsigned: '屏幕不跟随',
  /** The screen's hub cannot reach the other hubs as it should (Redis down): its ticks say `peers`. */
  peers: {
    backup: { text: '服务器间同步已降级', hint: '服务器之间的消息通道中断，比赛变化改经数据库同步，可能稍有延迟；在线人数只计本服务器' },
    unreachable: { text: '与其他服务器失联', hint: '与其他服务器失联，时间可能不同步；恢复后自动校正' },
  },
  pending: '{count} 条离线操作待同步',
  synced: '离线操作已同步',
  keptServer: '已保留服务器状态，离线操作已放弃',
  forced: '已以本机为准，离线操作已提交服务器',
  invalidCommand: '无效的操作',
  tooMany: '离线操作过多（最多 500 条），请等待恢复连接',
  busyReplaying: '正在同步离线操作，请稍候',
  busyConflict: '请先选择保留哪一方的状态',
  conflict: {
    title: '离线期间服务器状态已变化',
    body: '断线期间，本机进行了 {count} 项操作；与此同时服务器上的比赛状态也发生了变化（可能有其他主控在操作）。请选择保留哪一方：',
    reason: '服务器说明：{message}',
    keepServer: '保留服务器状态',
    keepServerHint: '放弃本机的离线操作，各屏幕显示服务器上的状态',
    keepLocal: '以本机为准',
    keepLocalHint: '在服务器当前状态上重新执行本机的离线操作',
  },
} as const;
