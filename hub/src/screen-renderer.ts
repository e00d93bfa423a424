/**
 * The built screen renderer: the client's `dist-server/screen-server.mjs`, loaded at run time.
 * It is the hub's one dependency on the client's build, so the composition root wires it into the
 * static pages (transport/page-render.ts) as their {@link ScreenRenderer}.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LobbySnapshot, WatchSnapshot as Snapshot } from '@bianshi/shared';
import type { Logger } from './lib/logger';
import type { ScreenRenderer } from './transport/page-render';

/** What `screen-server.mjs` exports. */
interface ScreenServerModule {
  renderDisplayFrame(href: string, snapshot: Snapshot, serverNow: number): string | null;
  renderLobbyFrame(href: string, origin: string, snapshot: LobbySnapshot, serverNow: number): string | null;
}

/**
 * Starts loading the built renderer from `serverDist` (a few milliseconds, once; a page asked for
 * meanwhile waits for it). When it is missing or fails to load or draw, pages go out undrawn.
 */
export function createScreenRenderer(serverDist: string, logger: Pick<Logger, 'warn'>): ScreenRenderer {
  const file = join(serverDist, 'screen-server.mjs');
  const screens: Promise<ScreenServerModule | null> = existsSync(file)
    ? import(pathToFileURL(file).href).then(
        (module: ScreenServerModule) =>
          typeof module.renderDisplayFrame === 'function' && typeof module.renderLobbyFrame === 'function'
            ? module
            : null,
        (error: unknown) => {
          logger.warn('screen renderer not loaded', { file, error: String(error) });
          return null;
        },
      )
    : Promise.resolve(null);
  return async ({ page, url, origin }, snapshotJson, serverNow) => {
    if (page === 'index.html') return null;
    const renderer = await screens;
    if (!renderer) return null;
    try {
      if (page === 'display.html')
        return renderer.renderDisplayFrame(url.href, JSON.parse(snapshotJson) as Snapshot, serverNow);
      return origin === null
        ? null
        : renderer.renderLobbyFrame(url.href, origin, JSON.parse(snapshotJson) as LobbySnapshot, serverNow);
    } catch (error) {
      logger.warn('screen frame not drawn', { path: url.pathname, error: String(error) });
      return null;
    }
  };
}
