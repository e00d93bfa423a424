/**
 * A screen's first frame drawn on the hub: the projector display's markup, rendered from the
 * snapshot its page carries (./page-state.ts) by the display's own components
 * (`client/src/display-server.tsx`, built into `dist-server/display-server.mjs` beside the
 * client's `dist/`). The browser shows the clock once the page and its stylesheet are in; the
 * display's code, when it runs, replaces the drawn elements with its own in one task, so no frame
 * goes without a clock. Without that build (a hub run from source), or when drawing fails, the
 * page goes out with its splash as before.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WatchMessage } from '@bianshi/shared';
import type { Logger } from '../lib/logger';
import type { AppPage } from './static';

type Snapshot = Extract<WatchMessage, { type: 'snapshot' }>;

/** What `display-server.mjs` exports. */
interface DisplayServerModule {
  renderDisplayFrame(href: string, snapshot: Snapshot, serverNow: number): string | null;
}

/** Markup of `page`'s screen for `url` at `serverNow`; null when there is none to draw. */
export type ScreenRenderer = (page: AppPage, url: URL, snapshotJson: string, serverNow: number) => Promise<string | null>;

/** Where a built page's screen goes: what its scripts replace (the splash, in the template). */
const SCREEN_REGION = /<!--bs-screen-->[\s\S]*?<!--\/bs-screen-->/;

/**
 * The page with `markup` in place of its splash, between `<!--bs-drawn-->` marks, which the
 * service worker's kept copy drops (client/public/sw.js). The page as it was when it has no
 * screen region.
 */
export function drawScreen(html: string, markup: string): string {
  return html.replace(SCREEN_REGION, () => `<!--bs-drawn-->${markup}<!--/bs-drawn-->`);
}

/**
 * Starts loading the built renderer from `serverDist` (a few milliseconds, once; a page asked for
 * meanwhile waits for it). When it is missing or fails to load or draw, pages go out undrawn.
 */
export function createScreenRenderer(serverDist: string, logger: Pick<Logger, 'warn'>): ScreenRenderer {
  const file = join(serverDist, 'display-server.mjs');
  const display: Promise<DisplayServerModule | null> = existsSync(file)
    ? import(pathToFileURL(file).href).then(
        (module: DisplayServerModule) => (typeof module.renderDisplayFrame === 'function' ? module : null),
        (error: unknown) => {
          logger.warn('display renderer not loaded', { file, error: String(error) });
          return null;
        },
      )
    : Promise.resolve(null);
  return async (page, url, snapshotJson, serverNow) => {
    const renderer = page === 'display.html' ? await display : null;
    if (!renderer) return null;
    try {
      return renderer.renderDisplayFrame(url.href, JSON.parse(snapshotJson) as Snapshot, serverNow);
    } catch (error) {
      logger.warn('display frame not drawn', { path: url.pathname, error: String(error) });
      return null;
    }
  };
}
