/**
 * The lobby's audience screen on its own page (`lobby-screen.html`): what the hub serves for
 * `/lobby/:id` to a browser that is neither signed in nor the lobby's organizer (a phone that
 * scanned the join code, a judge's link, a projector with `?as=display`). Built with the
 * projector display (vite.display.config.ts, Preact). Organizers, and links from other pages of
 * the site, get the lobby inside the site's router.
 */
import { errors as errorsText } from './i18n/zh-CN/errors';
import { audienceAddressOf, AudienceScreen, LobbyFailure } from './features/lobby/components/audience-screen';
import { mountStandalone, StandaloneErrorBoundary } from './lib/page/standalone-page';
import { createTrpcClient, TrpcClientContext } from './lib/api/trpc-client';
import './styles/index.css';

/** Made before React renders, so the socket's handshake runs while the first frame is built. */
const client = createTrpcClient(window.location, { eagerSocket: true });
const address = audienceAddressOf(new URL(window.location.href));

mountStandalone(
  'lobby-screen.html',
  <main id="main" className="container">
    <StandaloneErrorBoundary fallback={(message) => <LobbyFailure message={message} />}>
      {address ? (
        <TrpcClientContext.Provider value={client}>
          <AudienceScreen {...address} />
        </TrpcClientContext.Provider>
      ) : (
        <LobbyFailure message={errorsText.request.unknown} />
      )}
    </StandaloneErrorBoundary>
  </main>,
);
