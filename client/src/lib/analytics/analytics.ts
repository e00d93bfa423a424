/** Page views are sent this long after a page finishes loading (title and URL have settled). */
export const PAGE_VIEW_DELAY_MS = 250;

/** Runs `fn` once the page has finished loading (now, if it already has); returns the cancel. */
export function afterLoad(fn: () => void): () => void {
  if (document.readyState === 'complete') {
    fn();
    return () => {};
  }
  window.addEventListener('load', fn, { once: true });
  return () => window.removeEventListener('load', fn);
}

/** The analytics fields of one event (SPEC §3). */
export interface AnalyticsPayload {
  website: string;
  name?: string;
  data?: Record<string, unknown>;
  url: string;
  title: string;
  referrer: string;
  hostname: string;
  language: string;
  screen: string;
}

/** What is POSTed to the collector. */
export interface AnalyticsBody {
  type: 'event' | 'identify';
  payload: AnalyticsPayload;
}

/** Analytics is off when the local-storage flag is exactly `1`. */
export function isAnalyticsDisabled(flag: string | null): boolean {
  return flag === '1';
}

/** An event name must be a non-empty string; anything else is recorded as `unknown`. */
export function eventName(name: unknown): string {
  return typeof name === 'string' && name.trim() ? name : 'unknown';
}

/** Builds the collector body for a page view (no name) or a named event. */
export function buildEvent(
  context: Omit<AnalyticsPayload, 'name' | 'data'>,
  event?: { name: unknown; data?: Record<string, unknown> },
): AnalyticsBody {
  const payload: AnalyticsPayload = { ...context };
  if (event) {
    payload.name = eventName(event.name);
    if (event.data) payload.data = event.data;
  }
  return { type: 'event', payload };
}
