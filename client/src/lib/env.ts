/** Build-time configuration of the client, read once. */
export const env = {
  siteUrl: (import.meta.env.VITE_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  analyticsUrl: import.meta.env.VITE_ANALYTICS_URL || '',
  analyticsWebsiteId: import.meta.env.VITE_ANALYTICS_WEBSITE_ID || '',
  buildId: __BUILD_ID__,
  version: __APP_VERSION__,
  isDev: import.meta.env.DEV,
} as const;
