import { env } from '../env';
import { local, STORAGE_KEYS } from '../browser/storage';
import { afterLoad, buildEvent, isAnalyticsDisabled, PAGE_VIEW_DELAY_MS } from './analytics';

/** Where events go: this hub's collector, an external Umami, or nowhere (`url` null). */
interface CollectorConfig {
  url: string | null;
  websiteId: string | null;
}

let configPromise: Promise<CollectorConfig> | undefined;

/**
 * The collector: `VITE_ANALYTICS_URL` + `VITE_ANALYTICS_WEBSITE_ID` when the build sets them,
 * otherwise what the hub says (`/api/analytics/config`: its own `/api/send`, an external Umami,
 * or off). Asked once per page load; a failure means off.
 */
function collector(): Promise<CollectorConfig> {
  if (env.analyticsUrl && env.analyticsWebsiteId)
    return Promise.resolve({ url: env.analyticsUrl, websiteId: env.analyticsWebsiteId });
  configPromise ??= fetch('/api/analytics/config', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<CollectorConfig>) : { url: null, websiteId: null }))
    .catch(() => ({ url: null, websiteId: null }));
  return configPromise;
}

/** The previous page of this visit, the referrer of the next page view. */
let lastUrl: string | undefined;

function context(websiteId: string) {
  const url = `${location.pathname}${location.search}`;
  const referrer = lastUrl ? `${location.origin}${lastUrl}` : document.referrer;
  return {
    website: websiteId,
    url,
    title: document.title,
    referrer,
    hostname: location.hostname,
    language: navigator.language,
    screen: `${window.screen.width}x${window.screen.height}`,
  };
}

/** Analytics is off in this browser (localStorage `umami.disabled` is `1`). */
export function analyticsDisabled(): boolean {
  return isAnalyticsDisabled(local.get(STORAGE_KEYS.analyticsDisabled));
}

/** Turns analytics off (or back on) for this browser. */
export function setAnalyticsDisabled(disabled: boolean): void {
  if (disabled) local.set(STORAGE_KEYS.analyticsDisabled, '1');
  else local.remove(STORAGE_KEYS.analyticsDisabled);
}

/**
 * Sends one event (a page view without `event`, a named event with it) in Umami's wire format.
 * Does nothing when analytics is off or disabled in this browser; every failure is ignored.
 */
export function track(event?: { name: unknown; data?: Record<string, unknown> }): void {
  if (analyticsDisabled()) return;
  void collector()
    .then(({ url, websiteId }) => {
      if (!url || !websiteId || analyticsDisabled()) return;
      const body = buildEvent(context(websiteId), event);
      if (!event) lastUrl = body.payload.url;
      return fetch(url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        keepalive: true,
      });
    })
    .catch(() => {
      /* analytics never breaks the page */
    });
}

/** Sends a page view {@link PAGE_VIEW_DELAY_MS} after the page has loaded; returns what cancels it. */
export function schedulePageView(): () => void {
  let timer = 0;
  const stop = afterLoad(() => {
    timer = window.setTimeout(() => track(), PAGE_VIEW_DELAY_MS);
  });
  return () => {
    stop();
    window.clearTimeout(timer);
  };
}
