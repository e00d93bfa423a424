/**
 * The screens' first frames, drawn on the hub: the same components as the screens' own pages
 * (`display-main.tsx`, `lobby-screen-main.tsx`, on Preact), rendered to HTML from the snapshot
 * the page carries (`hub/src/transport/page-state.ts`) at the hub's clock when it sends the page.
 * The browser shows the clock as soon as the page and its stylesheet are in, before any script
 * has run; the screen's code then replaces it with its own, in one task (`preact/compat` empties
 * the root as it renders), and takes over.
 *
 * Built for Node by `vite.server.config.ts` into `dist-server/screen-server.mjs`, which the hub
 * loads when it is there (`hub/src/screen-renderer.ts`, wired in by `hub/src/app.ts`).
 */
import type { LobbySnapshot, WatchSnapshot as Snapshot } from '@bianshi/shared';
import { renderToString } from 'preact-render-to-string';
import { DisplayScreen } from './features/display/components/display-screen';
import { displayAddressOf, roleFrom } from './features/display/routes/display-view';
import { audienceAddressOf, AudienceRoom } from './features/lobby/components/audience-screen';
import { lobbyJoinUrl } from './features/lobby/components/lobby-header';
import { createLobbyStore } from './lib/realtime/lobby';
import { createTimerStore, ServerClock } from './lib/realtime/timer';

/**
 * The display's markup for `href` (the page's address, for its role) showing `snapshot` at the
 * hub's `serverNow`; null for an address that is not a display's.
 */
export function renderDisplayFrame(href: string, snapshot: Snapshot, serverNow: number): string | null {
  const address = displayAddressOf(new URL(href));
  if (!address) return null;
  const store = createTimerStore(new ServerClock(() => serverNow));
  store.getState().receive(snapshot);
  return renderToString(<DisplayScreen store={store} role={roleFrom(address.search.get('role'))} />);
}

/**
 * The audience screen's markup for `href` as its page is opened at `origin` (its join link and
 * host), showing `snapshot` at the hub's `serverNow`; null for an address that is not a lobby
 * screen's. The `<main>` around it is the page's own (`lobby-screen-main.tsx`).
 */
export function renderLobbyFrame(
  href: string,
  origin: string,
  snapshot: LobbySnapshot,
  serverNow: number,
): string | null {
  const address = audienceAddressOf(new URL(href));
  if (!address) return null;
  const store = createLobbyStore(new ServerClock(() => serverNow));
  store.getState().receive(snapshot);
  const room = (
    <AudienceRoom
      store={store}
      role={address.role}
      joinUrl={lobbyJoinUrl(origin, address.lobbyId, address.token)}
      onMove={() => undefined}
    />
  );
  return renderToString(
    <main id="main" className="container">
      {room}
    </main>,
  );
}
