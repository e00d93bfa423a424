/**
 * The projector display's own page (`display.html`): what the hub serves for `/timer/:id` and
 * `/timer/:id/:matchid`. One screen, so no router, no site chrome, no toaster: the display
 * renders as soon as its few modules are in, which is what a projector on venue Wi-Fi waits for.
 * Links from other pages of the site still open the display inside the app's router.
 */
import { Component, StrictMode, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { track } from './features/analytics/tracker';
import { afterLoad, PAGE_VIEW_DELAY_MS } from './features/analytics/analytics';
import { displayAddressOf, DisplayView } from './features/display/routes/display-view';
import { DisplayMessagePage } from './features/display/components/display-notices';
import { display as displayText } from './i18n/zh-CN/display';
import { errors as errorsText } from './i18n/zh-CN/errors';
import { isChunkLoadError } from './lib/chunk-reload';
import { reloadAfterChunkError } from './lib/chunk-reload-guard';
import { env } from './lib/env';
import { canonicalUrl, pageTitle } from './lib/head';
import { createTrpcClient, TrpcClientContext } from './lib/trpc-client';
import './styles/index.css';

window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

/** 出错了 with a reload, for anything thrown while the display renders. */
class DisplayErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error) && reloadAfterChunkError()) return null;
    const message = error instanceof Error && error.message ? error.message : errorsText.request.unknown;
    return (
      <DisplayMessagePage
        title={errorsText.screen.title}
        body={message}
        action={{ label: displayText.loadFailed.retry, onClick: () => window.location.reload() }}
      />
    );
  }
}

/** The page's address, re-read when only its hash or history entry changes (a pasted `#view=` key). */
function useHref(): string {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('hashchange', listener);
      window.addEventListener('popstate', listener);
      return () => {
        window.removeEventListener('hashchange', listener);
        window.removeEventListener('popstate', listener);
      };
    },
    () => window.location.href,
  );
}

/**
 * The page's tRPC client, made before React renders: its socket's handshake runs while the first
 * frame is being built, so the watch goes out as soon as the display mounts.
 */
const client = createTrpcClient(window.location, { eagerSocket: true });

function StandaloneDisplay() {
  const href = useHref();
  const address = useMemo(() => displayAddressOf(new URL(href)), [href]);
  useEffect(() => {
    document.title = pageTitle(displayText.title, window.location.pathname);
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.href = canonicalUrl(env.siteUrl, window.location.pathname, window.location.search, { lowercase: true });
    document.head.append(link);
    let timer = 0;
    const stop = afterLoad(() => {
      timer = window.setTimeout(() => track(), PAGE_VIEW_DELAY_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, []);
  if (!address) return <DisplayMessagePage title={displayText.notFound.title} body={displayText.notFound.body} />;
  return (
    <TrpcClientContext.Provider value={client}>
      <DisplayView {...address} />
    </TrpcClientContext.Provider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from display.html');
createRoot(container).render(
  <StrictMode>
    <DisplayErrorBoundary>
      <StandaloneDisplay />
    </DisplayErrorBoundary>
  </StrictMode>,
);
