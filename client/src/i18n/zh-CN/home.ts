/** Strings of /home's own sections that the header's account menu does not need (features/home). */
export const home = {
  tools: {
    title: '更多功能',
    items: [
      { to: '/workbench', name: '工作台', hint: '团队备赛项目：资料、分工与文档' },
      { to: '/ccf', name: '流程单', hint: '多人实时协作的辩论流程单' },
      { to: '/ai/ccf', name: 'AI 立论助手', hint: '输入辩题，生成立论框架' },
      { to: '/worldcup', name: '世界杯', hint: '赛事、赛程、评委与对阵' },
      { to: '/ai/contact', name: 'AI 客服', hint: '根据使用文档回答问题' },
      { to: '/buy/verify', name: '订单与兑换码', hint: '查看订单状态与付款方式' },
      { to: '/buy/invoice', name: '申请发票', hint: '为已付款的订单开票' },
      { to: '/account/tokens', name: 'API 令牌', hint: '供导播软件与脚本调用' },
    ],
  },
} as const;
