/** Strings that belong to the layouts' chrome. */
export const layouts = {
  purchase: {
    steps: ['选择方案', '支付', '激活'],
    secure: '支付安全由正规支付渠道保障',
    help: '购买遇到问题？',
    helpNone: '购买遇到问题？看常见问题',
  },
  simple: { back: '返回首页' },
  manage: { label: '计时器设置', console: '控制台', timer: '计时器 {id}', openDisplay: '打开大屏' },
  dash: {
    label: '管理后台',
    cdkey: 'CDKey 管理',
    aiFeedback: 'AI 反馈',
    topicReview: '辩题库审核',
    analytics: '访问统计',
    orders: '订单',
    invoices: '发票',
    users: '用户',
  },
  docs: {
    contents: '目录',
    more: '更多信息',
    contact: '联系客服',
    sections: [
      { title: '快速上手', path: '/docs/getting-started' },
      { title: '创建计时器', path: '/docs/create-timer' },
      { title: '赛制配置', path: '/docs/formats' },
      { title: '多屏联动', path: '/docs/screens' },
      { title: '控制台快捷键', path: '/docs/shortcuts' },
      { title: '常见问题', path: '/docs/faq' },
    ],
  },
  content: { back: '返回' },
} as const;
