import { env } from '../../lib/env';
import { local, STORAGE_KEYS } from '../../lib/storage';
import { buildEvent, isAnalyticsDisabled } from './analytics';

function context() {
  return {
    website: env.analyticsWebsiteId,
    url: `${location.pathname}${location.search}`,
    title: document.title,
    referrer: document.referrer,
    hostname: location.hostname,
    language: navigator.language,
    screen: `${window.screen.width}x${window.screen.height}`,
  };
}

/**
 * Sends one event to `VITE_ANALYTICS_URL`. Does nothing when no collector is configured or the
 * `bianshi:analytics-disabled` flag is `1`; every failure is ignored.
 */
export function track(event?: { name: unknown; data?: Record<string, unknown> }): void {
  if (!env.analyticsUrl || isAnalyticsDisabled(local.get(STORAGE_KEYS.analyticsDisabled))) return;
  try {
    const body = JSON.stringify(buildEvent(context(), event));
    void fetch(env.analyticsUrl, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
  } catch {
    /* analytics never breaks the page */
  }
}
