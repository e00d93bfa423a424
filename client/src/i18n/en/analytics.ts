/** English strings for the analytics admin page; the same shape as zh-CN/analytics.ts. */
import type { analytics as zh } from '../zh-CN/analytics';
import type { Messages } from '../messages-type';
import { routes } from './routes';

export const analytics: Messages<typeof zh> = {
  title: routes.titles.adminAnalytics,
  lead: 'The built-in analytics record only the page path, referring site, language and screen size; visitors are counted by an anonymous ID that changes every day.',
  range: 'Time range',
  days: 'Last {n} days',
  pageViews: 'Page views',
  visitors: 'Visitors',
  events: 'Events',
  byDay: 'By day',
  day: 'Date',
  topPages: 'Top pages',
  page: 'Page',
  referrers: 'Referring sites',
  referrer: 'Referrer',
  none: 'No data yet',
  loading: 'Loading analytics…',
  failed: 'Could not load analytics: {message}',
  off: 'Site analytics are off: set ANALYTICS_WEBSITE_ID and the hub collects page views.',
  external: 'Analytics go to an external Umami: {url}. See the data there.',
  optOut: 'Do not count my visits in this browser',
  optOutOn: 'Visits from this browser are not counted.',
};
