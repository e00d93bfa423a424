/** zh-TW strings for update; the same shape as zh-CN/update.ts. */
import type { update as zhupdate } from '../zh-CN/update';
import type { Messages } from '../messages-type';
export const update: Messages<typeof zhupdate> = {
  available: '有新版本可用',
  description: '重新整理頁面即可使用最新版本。',
  reload: '重新整理',
  changelog: '更新內容',
};
