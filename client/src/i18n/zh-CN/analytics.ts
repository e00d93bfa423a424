import { routes } from './routes';

/** The analytics admin page. */
export const analytics = {
  title: routes.titles.adminAnalytics,
  lead: '内置统计只记录页面路径、来源网站、语言与屏幕尺寸；访客以每日更换的匿名标识计数。',
  range: '时间范围',
  days: '最近 {n} 天',
  pageViews: '浏览量',
  visitors: '访客',
  events: '事件',
  byDay: '每日',
  day: '日期',
  topPages: '热门页面',
  page: '页面',
  referrers: '来源网站',
  referrer: '来源',
  none: '暂无数据',
  loading: '正在加载统计…',
  failed: '统计加载失败：{message}',
  off: '站内统计未开启：设置 ANALYTICS_WEBSITE_ID 后，hub 会收集页面浏览。',
  external: '统计发送到外部 Umami：{url}。请在那里查看数据。',
  optOut: '在本浏览器中不统计我的访问',
  optOutOn: '本浏览器的访问不会被统计。',
} as const;
