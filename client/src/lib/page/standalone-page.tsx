/**
 * What a page of its own needs around its one screen (the projector display, `display.html`; the
 * lobby's audience screen, `lobby-screen.html`): no router, no site chrome, no toaster, so the
 * screen renders as soon as its few modules are in. Mounting with a reload on a stale chunk (when the hub answers), an
 * error boundary, the document head, and the page view.
 */
import { Component, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { schedulePageView } from '../analytics/tracker';
import { errors as errorsText } from '../../i18n/zh-CN/errors';
import { isChunkLoadError } from '../loading/chunk-reload';
import { reloadAfterChunkError, reloadOnPreloadError } from '../loading/chunk-reload-guard';
import { env } from '../env';
import { canonicalUrl, pageTitle } from './head';

/** Renders `screen` into `#root` of `page` (the HTML file, for the error when it is missing). */
export function mountStandalone(page: string, screen: ReactNode): void {
  reloadOnPreloadError();
  const container = document.getElementById('root');
  if (!container) throw new Error(`#root missing from ${page}`);
  createRoot(container).render(<StrictMode>{screen}</StrictMode>);
}

/** Anything thrown while the screen renders, as `fallback` says it (after a reload for a stale chunk). */
export class StandaloneErrorBoundary extends Component<
  { children: ReactNode; fallback: (message: string) => ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // A stale chunk reloads the page when the hub answers; the fallback says what failed meanwhile.
  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) void reloadAfterChunkError();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return this.props.fallback(errorsText.chunk.failed);
    return this.props.fallback(
      error instanceof Error && error.message ? error.message : errorsText.request.unknown,
    );
  }
}

/**
 * The document's title (`title`, with the site's suffix) and canonical link, and the page view
 * once the page has loaded, as the site's router does for its routes. `title` null: the screen
 * names the page itself (the display, once it knows its timer's name).
 */
export function useStandaloneHead(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title, window.location.pathname);
  }, [title]);
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = canonicalUrl(env.siteUrl, window.location.pathname, window.location.search, {
      lowercase: true,
    });
    document.head.append(link);
    const cancel = schedulePageView();
    return () => {
      cancel();
      link.remove();
    };
  }, []);
}
