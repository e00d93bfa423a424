/** zh-TW strings for fallback; the same shape as zh-CN/fallback.ts. */
import type { fallback as zhfallback } from '../zh-CN/fallback';
import type { Messages } from '../messages-type';
export const fallback: Messages<typeof zhfallback> = {
  badge: {
    following: '備用通道',
    console: '備用通道·主控離線操作',
    joining: '正在切換備用通道',
  },
  hint: {
    following: '伺服器暫時無法連線，正透過備用通道同步；時鐘繼續準確計時',
    console: '伺服器暫時無法連線，目前顯示主控台離線操作後的狀態',
    joining: '伺服器暫時無法連線，正在連線備用通道；時鐘按最後狀態繼續計時',
  },
  peers: {
    backup: {
      text: '伺服器間同步已降級',
      hint: '伺服器之間的訊息通道中斷，比賽變化改經資料庫同步，可能稍有延遲；線上人數只計本伺服器',
    },
    unreachable: { text: '與其他伺服器失聯', hint: '與其他伺服器失聯，時間可能不同步；恢復後自動校正' },
  },
};
