/** Customer service (联系客服): the configured contact, and what to do when there is none (components/support). */
export const support = {
  contact: '联系客服',
  web: '在线客服',
  email: '客服邮箱',
  /** /about's section. */
  title: '联系我们',
  lead: '使用或购买中遇到问题，可以通过以下方式联系客服：',
  /** When the install has no contact: what a visitor can do instead. */
  none: '本站没有提供人工客服联系方式。可以先查看使用文档，或向 AI 客服提问。',
  docs: '使用文档',
  assistant: 'AI 客服',
  /** The AI assistant, after a question. */
  assistantLead: '没有解决你的问题？',
  assistantNone: '本站没有提供人工客服联系方式。可以换个说法再问，或在使用文档中查找。',
} as const;
