/** zh-TW strings for duration; the same shape as zh-CN/duration.ts. */
import type { duration as zhduration } from '../zh-CN/duration';
import type { Messages } from '../messages-type';
export const duration: Messages<typeof zhduration> = {
  errors: {
    empty: '請填寫時長，例如 3:30',
    negative: '時長不能為負數',
    shape: '看不懂這個時長：請寫成 3:30、90（秒）或 3分30秒',
    sixty: '秒數和分鐘數不能超過 59',
    'too-long': '不能超過 24 小時',
    zero: '時長必須大於 0:00',
  },
  hint: '例如 3:30、90（秒）、3分30秒，全形數字也可以',
};
