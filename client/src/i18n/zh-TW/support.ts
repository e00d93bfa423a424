/** zh-TW strings for support; the same shape as zh-CN/support.ts. */
import type { support as zhsupport } from '../zh-CN/support';
import type { Messages } from '../messages-type';
export const support: Messages<typeof zhsupport> = {
  contact: '聯絡客服',
  web: '線上客服',
  email: '客服電子郵件',
  title: '聯絡我們',
  lead: '使用或購買中遇到問題，可以透過以下方式聯絡客服：',
  none: '本站沒有提供人工客服聯絡方式。可以先檢視使用文件，或向 AI 客服提問。',
  docs: '使用文件',
  assistant: 'AI 客服',
  assistantLead: '沒有解決你的問題？',
  assistantNone: '本站沒有提供人工客服聯絡方式。可以換個說法再問，或在使用文件中查詢。',
};
