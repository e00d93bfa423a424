/** zh-TW strings for home; the same shape as zh-CN/home.ts. */
import type { home as zhhome } from '../zh-CN/home';
import type { Messages } from '../messages-type';
export const home: Messages<typeof zhhome> = {
  tools: {
    title: '更多功能',
    items: [
      { to: '/workbench', name: '工作台', hint: '團隊備賽專案：資料、分工與文件' },
      { to: '/ccf', name: '流程單', hint: '多人即時協作的辯論流程單' },
      { to: '/ai/ccf', name: 'AI 立論助手', hint: '輸入辯題，產生立論框架' },
      { to: '/worldcup', name: '世界盃', hint: '賽事、賽程、評審與對陣' },
      { to: '/ai/contact', name: 'AI 客服', hint: '根據使用文件回答問題' },
      { to: '/buy/verify', name: '訂單與兌換碼', hint: '檢視訂單狀態與付款方式' },
      { to: '/buy/invoice', name: '申請發票', hint: '為已付款的訂單開票' },
      { to: '/account/tokens', name: 'API 權杖', hint: '供導播軟體與腳本呼叫' },
    ],
  },
};
