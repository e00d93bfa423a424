/** zh-TW strings for analytics; the same shape as zh-CN/analytics.ts. */
import type { analytics as zhanalytics } from '../zh-CN/analytics';
import type { Messages } from '../messages-type';
import { routes } from './routes';

export const analytics: Messages<typeof zhanalytics> = {
  title: routes.titles.adminAnalytics,
  lead: '內建統計只記錄頁面路徑、來源網站、語言與螢幕尺寸；訪客以每日更換的匿名識別碼計數。',
  range: '時間範圍',
  days: '最近 {n} 天',
  pageViews: '瀏覽量',
  visitors: '訪客',
  events: '事件',
  byDay: '每日',
  day: '日期',
  topPages: '熱門頁面',
  page: '頁面',
  referrers: '來源網站',
  referrer: '來源',
  none: '尚無資料',
  loading: '正在載入統計…',
  failed: '統計載入失敗：{message}',
  off: '站內統計未開啟：設定 ANALYTICS_WEBSITE_ID 後，hub 會收集頁面瀏覽。',
  external: '統計傳送到外部 Umami：{url}。請在那裡檢視資料。',
  optOut: '在本瀏覽器中不統計我的造訪',
  optOutOn: '本瀏覽器的造訪不會被統計。',
};
