/** zh-TW strings for layouts; the same shape as zh-CN/layouts.ts. */
import type { layouts as zhlayouts } from '../zh-CN/layouts';
import type { Messages } from '../messages-type';
export const layouts: Messages<typeof zhlayouts> = {
  purchase: {
    steps: ['選擇方案', '付款', '啟用'],
    secure: '付款安全由合法金流管道保障',
    help: '購買遇到問題？',
    helpNone: '購買遇到問題？看常見問題',
  },
  simple: { back: '返回首頁' },
  manage: { label: '計時器設定', console: '控制台', timer: '計時器 {id}', openDisplay: '開啟大螢幕' },
  dash: {
    label: '管理後台',
    cdkey: 'CDKey 管理',
    aiFeedback: 'AI 回饋',
    topicReview: '辯題庫審核',
    analytics: '瀏覽統計',
    orders: '訂單',
    invoices: '發票',
    users: '使用者',
  },
  docs: {
    contents: '目錄',
    more: '更多資訊',
    contact: '聯絡客服',
    sections: [
      { title: '快速上手', path: '/docs/getting-started' },
      { title: '建立計時器', path: '/docs/create-timer' },
      { title: '賽制設定', path: '/docs/formats' },
      { title: '多螢幕連動', path: '/docs/screens' },
      { title: '控制台快捷鍵', path: '/docs/shortcuts' },
      { title: '常見問題', path: '/docs/faq' },
    ],
  },
  content: { back: '返回' },
};
