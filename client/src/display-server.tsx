/**
 * The projector display's first frame, drawn on the hub: the same components as the display's
 * own page (`display-main.tsx`, Preact), rendered to HTML from the snapshot the page carries
 * (`hub/src/transport/page-state.ts`) at the hub's clock when it sends the page. The browser
 * shows the clock as soon as the page and its stylesheet are in, before any script has run;
 * the display's code then replaces it with its own, in one task (`preact/compat` empties the root
 * as it renders), and takes over.
 *
 * Built for Node by `vite.server.config.ts` into `dist-server/display-server.mjs`, which the hub
 * loads when it is there (`hub/src/transport/page-render.ts`).
 */
import type { WatchMessage } from '@bianshi/shared';
import { renderToString } from 'preact-render-to-string';
import { DisplayScreen } from './features/display/components/display-screen';
import { displayAddressOf, roleFrom } from './features/display/routes/display-view';
import { createTimerStore, ServerClock } from './lib/timer-sync';

type Snapshot = Extract<WatchMessage, { type: 'snapshot' }>;

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
