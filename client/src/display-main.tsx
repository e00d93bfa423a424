/**
 * The projector display's own page (`display.html`): what the hub serves for `/timer/:id` and
 * `/timer/:id/:matchid`. One screen, so no router, no site chrome, no toaster: the display
 * renders as soon as its few modules are in, which is what a projector on venue Wi-Fi waits for.
 * Links from other pages of the site still open the display inside the app's router.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { displayAddressOf, DisplayView } from './features/display/routes/display-view';
import { DisplayMessagePage } from './features/display/components/display-notices';
import { display as displayText } from './i18n/zh-CN/display';
import { errors as errorsText } from './i18n/zh-CN/errors';
import { mountStandalone, StandaloneErrorBoundary, useStandaloneHead } from './lib/page/standalone-page';
import { createTrpcClient, TrpcClientContext } from './lib/api/trpc-client';
import './styles/index.css';

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
  // The display names the tab after its timer (useDisplayTitle); display.html says 计时器 until then.
  useStandaloneHead(null);
  if (!address)
    return <DisplayMessagePage title={displayText.notFound.title} body={displayText.notFound.body} />;
  return (
    <TrpcClientContext.Provider value={client}>
      <DisplayView {...address} />
    </TrpcClientContext.Provider>
  );
}

mountStandalone(
  'display.html',
  <StandaloneErrorBoundary
    fallback={(message) => (
      <DisplayMessagePage
        title={errorsText.screen.title}
        body={message}
        action={{ label: displayText.loadFailed.retry, onClick: () => window.location.reload() }}
      />
    )}
  >
    <StandaloneDisplay />
  </StandaloneErrorBoundary>,
);
