/**
 * The livestream overlay's own page (`overlay.html`): what the hub serves for `/timer/:id/overlay`
 * and `/lobby/:id/overlay`. A transparent page with one panel, for OBS browser sources; built
 * beside the projector display (vite.display.config.ts), on Preact, with the display's clocks.
 */
import { overlayAddressOf } from '@bianshi/shared';
import { LobbyOverlay, TimerOverlay } from './features/overlay/overlay-screen';
import { overlay as overlayText } from './i18n/zh-CN/overlay';
import { mountStandalone, StandaloneErrorBoundary, useStandaloneHead } from './lib/page/standalone-page';
import { createTrpcClient, TrpcClientContext } from './lib/api/trpc-client';
import './styles/index.css';

const client = createTrpcClient(window.location, { eagerSocket: true });
const address = overlayAddressOf(window.location.pathname, new URLSearchParams(window.location.search));

function Overlay() {
  useStandaloneHead(overlayText.title);
  if (!address) return <p className="ov-error">{overlayText.notFound}</p>;
  return (
    <TrpcClientContext.Provider value={client}>
      {address.kind === 'lobby' ? <LobbyOverlay address={address} /> : <TimerOverlay address={address} />}
    </TrpcClientContext.Provider>
  );
}

// An error is shown small and transparent too: a stream must not turn into an error page.
mountStandalone(
  'overlay.html',
  <StandaloneErrorBoundary fallback={(message) => <p className="ov-error">{message}</p>}>
    {<Overlay />}
  </StandaloneErrorBoundary>,
);
