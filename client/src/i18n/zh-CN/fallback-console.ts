/** The console's side of the Supabase realtime fallback: its authority badge, toasts and the conflict dialog. */
export const fallbackConsole = {
  badge: {
    /** This console runs the match itself. */
    authority: '备用通道·本机主控',
    replaying: '正在同步离线操作',
    conflict: '离线操作待确认',
  },
  hint: {
    authority: '服务器暂时无法连接。本机继续主控，操作通过备用通道同步到各屏幕，恢复连接后自动提交服务器',
    /** The console holds no valid certificate: screens drop what it would send. */
    unsigned:
      '服务器暂时无法连接。本机继续主控，但本机没有有效的备用通道签名（未取得授权或已过期），各屏幕不会显示本机的离线操作；恢复连接后自动提交服务器',
  },
  /** Shown beside the authority badge when screens will not follow this console. */
  unsigned: '屏幕不跟随',
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
