/** zh-TW strings for fallback-console; the same shape as zh-CN/fallback-console.ts. */
import type { fallbackConsole as zhfallbackConsole } from '../zh-CN/fallback-console';
import type { Messages } from '../messages-type';
export const fallbackConsole: Messages<typeof zhfallbackConsole> = {
  badge: {
    authority: '備用通道·本機主控',
    replaying: '正在同步離線操作',
    conflict: '離線操作待確認',
  },
  hint: {
    authority: '伺服器暫時無法連線。本機繼續主控，操作透過備用通道同步到各螢幕，恢復連線後自動提交伺服器',
    unsigned:
      '伺服器暫時無法連線。本機繼續主控，但本機沒有有效的備用通道簽名（未取得授權或已過期），各螢幕不會顯示本機的離線操作；恢復連線後自動提交伺服器',
  },
  unsigned: '螢幕不跟隨',
  pending: '{count} 項離線操作待同步',
  synced: '離線操作已同步',
  keptServer: '已保留伺服器狀態，離線操作已放棄',
  forced: '已以本機為準，離線操作已提交伺服器',
  invalidCommand: '無效的操作',
  tooMany: '離線操作過多（最多 500 項），請等待恢復連線',
  busyReplaying: '正在同步離線操作，請稍候',
  busyConflict: '請先選擇保留哪一方的狀態',
  conflict: {
    title: '離線期間伺服器狀態已變化',
    body: '斷線期間，本機進行了 {count} 項操作；與此同時伺服器上的比賽狀態也發生了變化（可能有其他主控在操作）。請選擇保留哪一方：',
    reason: '伺服器說明：{message}',
    keepServer: '保留伺服器狀態',
    keepServerHint: '放棄本機的離線操作，各螢幕顯示伺服器上的狀態',
    keepLocal: '以本機為準',
    keepLocalHint: '在伺服器目前狀態上重新執行本機的離線操作',
  },
};
