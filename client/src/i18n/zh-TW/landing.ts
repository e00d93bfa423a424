/** zh-TW strings for landing; the same shape as zh-CN/landing.ts. */
import type { landing as zhlanding } from '../zh-CN/landing';
import type { Messages } from '../messages-type';
export const landing: Messages<typeof zhlanding> = {
  title: '辯時',
  join: {
    title: '加入大廳',
    lead: '輸入主辦方提供的房間碼，或掃描現場 QR Code。',
    label: '房間碼',
    placeholder: '例如 8K2Q7M',
    submit: '加入',
    empty: '請輸入房間碼',
    invalid: '房間碼是 6 位字母或數字（不含 0、O、1、I、L）',
    joining: '正在進入大廳 {code}',
  },
  testimonials: '使用者評價',
  loadFailed: '首頁內容載入失敗，請重新整理重試。',
};
