/**
 * A screen's first frame drawn on the hub: the projector display's or the audience screen's
 * markup, rendered from the snapshot its page carries (./page-state.ts) by the screen's own
 * components (`client/src/screen-server.tsx`, built into `dist-server/screen-server.mjs` beside
 * the client's `dist/`). The browser shows the clock once the page and its stylesheet are in; the
 * screen's code, when it runs, replaces the drawn elements with its own in one task, so no frame
 * goes without a clock. Without that build (a hub run from source), or when drawing fails, the
 * page goes out with its splash as before. The renderer itself is a port ({@link ScreenRenderer}):
 * the composition root wires in the built one (hub/src/screen-renderer.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { drawnMarkup } from '@bianshi/shared';
import { requestHost } from '../lib/request-origin';
import type { AppPage } from './static';

/** The page being drawn: which, its address, and the origin it was opened at (null when unknown). */
export interface DrawnPage {
  page: AppPage;
  url: URL;
  origin: string | null;
}

/** Markup of the page's screen from its snapshot at `serverNow`; null when there is none to draw. */
export type ScreenRenderer = (
  target: DrawnPage,
  snapshotJson: string,
  serverNow: number,
) => Promise<string | null>;

/** Where a built page's screen goes: what its scripts replace (the splash, in the template). */
const SCREEN_REGION = /<!--bs-screen-->[\s\S]*?<!--\/bs-screen-->/;

/**
 * The page with `markup` in place of its splash, between `<!--bs-drawn-->` marks, which the
 * service worker's kept copy drops (client/public/sw.js). The page as it was when it has no
 * screen region.
 */
export function drawScreen(html: string, markup: string): string {
  return html.replace(SCREEN_REGION, () => drawnMarkup(markup));
}

/**
 * The origin a page was opened at, as its browser sees it (`window.location.origin`): the `Host`
 * header, and behind a trusted proxy the forwarded host and protocol. Null when it is missing or
 * not a host name.
 */
export function pageOrigin(
  headers: IncomingHttpHeaders,
  encrypted: boolean,
  trustProxy: boolean,
): string | null {
  const host = requestHost(headers, trustProxy);
  const proto = headers['x-forwarded-proto'];
  const forwarded = trustProxy
    ? (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http';
  return host && HOST.test(host) ? `${protocol}://${host.toLowerCase()}` : null;
}

/** A host name or address with an optional port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
