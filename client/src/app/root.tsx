import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useColorModeSync } from '../features/color-mode';
import { usePageViews } from '../features/analytics';
import { useUpdateNotice } from '../features/update-notice';
import { messages } from '../i18n';
import { LoadingBar } from '../components/ui/loading-bar';
import { deepestHandle } from './route-handle';
import { useDocumentHead } from './use-document-head';

// Loaded right after the first render, beside the route's own chunk: neither is needed to show a
// page. On routes with `handle.lateChrome` (the projector display) they load a few seconds after
// the page, so that on a slow link nothing competes with the first clock.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));
const BrowserCompatDialog = lazy(() => import('../features/browser-compat').then((m) => ({ default: m.BrowserCompatDialog })));

/**
 * Site-wide chrome around every layout: head, colour mode, loading bar, toasts, dialogs. The auth
 * guard and the query cache sit below, in the server-data layout (not on the projector display).
 */
export function Root() {
  const matches = useMatches();
  const navigation = useNavigation();
  const mode = useColorModeSync(deepestHandle(matches, 'colorMode'));
  useDocumentHead(deepestHandle(matches, 'title'));
  useUpdateNotice();
  usePageViews();
  const chrome = useChromeAfter(deepestHandle(matches, 'lateChrome') ? LATE_CHROME_MS : 0);
  return (
    <>
      <a href="#main" className="skip-link">
        {messages.site.skipToContent}
      </a>
      <LoadingBar loading={navigation.state !== 'idle'} />
      <Outlet />
      {chrome && (
        <Suspense fallback={null}>
          <Toaster theme={mode} />
          <BrowserCompatDialog />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}

/** How long a `lateChrome` route waits before loading the toaster and the browser warning. */
const LATE_CHROME_MS = 5_000;

/** False for `delayMs` after the first render (0: true at once); true from then on, whatever the route. */
function useChromeAfter(delayMs: number): boolean {
  const [ready, setReady] = useState(delayMs === 0);
  useEffect(() => {
    if (ready) return;
    const timer = window.setTimeout(() => setReady(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs]);
  return ready || delayMs === 0;
}

/** Shown while the first route module loads. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{messages.site.loading}</span>
    </div>
  );
}
