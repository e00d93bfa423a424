import { LOBBY_CODE_RULE } from '@bianshi/shared';

/** The landing page `/` (its sections are in content/index.md; these are the fixed parts). */
export const landing = {
  title: '辩时',
  join: {
    title: '加入大厅',
    lead: '输入主办方提供的房间码，或扫描现场二维码。',
    label: '房间码',
    placeholder: '例如 8K2Q7M',
    submit: '加入',
    empty: '请输入房间码',
    invalid: LOBBY_CODE_RULE,
    joining: '正在进入大厅 {code}',
  },
  testimonials: '用户评价',
  loadFailed: '首页内容加载失败，请刷新重试。',
} as const;
