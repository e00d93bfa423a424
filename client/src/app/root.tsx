import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { useColorModeSync } from '../features/color-mode';
import { usePageViews } from '../features/analytics';
import { useUpdateNotice } from '../features/update-notice';
import { messages } from '../i18n';
import { LoadingBar } from '../components/ui/loading-bar';
import { optionalLazy } from '../lib/loading/optional-lazy';
import { deepestHandle } from './route-handle';
import { useDocumentHead } from './use-document-head';
import { hubSaysNotFound } from './hub-status';
import { NotFound } from './routes/not-found';
import './status-page-frame.css';

// Loaded right after the first render, beside the route's own chunk: neither is needed to show a
// page, and the projector display shows no toast and needs no browser warning to start counting.
// Neither takes the page down when its chunk does not load.
const Toaster = optionalLazy(() => import('../components/ui/toaster').then((m) => m.Toaster));
const BrowserCompatDialog = optionalLazy(() =>
  import('../features/browser-compat').then((m) => m.BrowserCompatDialog),
);

/**
 * Site-wide chrome around every layout: head, colour mode, loading bar, toasts, dialogs. The auth
 * guard and the query cache sit below, in the server-data layout (not on the projector display).
 */
export function Root() {
  const matches = useMatches();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // The hub answered this address 404 (no such timer, lobby, record…): its 404 page, not the route's.
  const notFound = hubSaysNotFound(pathname);
  const mode = useColorModeSync(deepestHandle(matches, 'colorMode'));
  useDocumentHead(deepestHandle(matches, 'title'));
  useUpdateNotice();
  usePageViews();
  return (
    <>
      <a href="#main" className="skip-link">
        {messages.site.skipToContent}
      </a>
      <LoadingBar loading={navigation.state !== 'idle'} />
      {notFound ? (
        <main id="main" className="status-page-frame">
          <NotFound />
        </main>
      ) : (
        <Outlet />
      )}
      <Suspense fallback={null}>
        <Toaster theme={mode} />
        <BrowserCompatDialog />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route module loads; index.html paints the same before any script runs. */
export function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{messages.site.loading}</span>
    </div>
  );
}
