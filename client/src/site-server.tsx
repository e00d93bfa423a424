/**
 * The site's pages drawn at build time: the landing page, the lobby list, the create page and the
 * content pages (docs, about, changelog, pricing) as React renders them for a visitor who is not
 * signed in, from the same route table, layouts and components as the browser
 * (`app/route-table.tsx`). The hub sends this markup in the page, so the page's text and largest
 * element are on screen once the HTML and its stylesheets are in; the app, once its route modules
 * have loaded, replaces it with the same elements in one commit (`main.tsx`).
 *
 * Built for Node by `vite.site-server.config.ts` into `dist-server/site-server.mjs`; its build
 * step (`build/draw-pages-plugin.ts`) calls {@link drawSitePage} and writes the result beside the
 * content build's prerendered pages. Nothing here runs in the hub.
 */
import type { AppRouter } from '@bianshi/hub/router';
import { createTransformer } from '@bianshi/shared';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { UIMatch } from 'react-router';
import { deepestHandle } from './app/route-handle';
import { routes } from './app/route-table';
import { messages } from './i18n';
import { providePayload } from './lib/content';
import { TRPC_PATH, TrpcClientContext } from './lib/api/trpc-client';

/** A page drawn: the root's markup, and the title and description its head should carry. */
export interface DrawnSitePage {
  html: string;
  title: string;
  description: string;
}

/**
 * The markup of the site's root (`<div id="root">`'s content) at `url`, with `payload` as the
 * page's content payload (what the hub embeds in the page for it), and the route's title and
 * description; null when the route does not render (a redirect or an error).
 */
export async function drawSitePage(url: string, payload?: unknown): Promise<DrawnSitePage | null> {
  const path = new URL(url).pathname;
  if (payload !== undefined) providePayload(path, payload);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Never called: nothing fetches while a page is drawn (queries start in effects).
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `http://localhost${TRPC_PATH}`, transformer: createTransformer() })],
  });
  const matches = router.state.matches.map((match) => ({ handle: match.route.handle as unknown }));
  const page = deepestHandle(matches as UIMatch[], 'page');
  const html = renderToString(
    <StrictMode>
      <TrpcClientContext.Provider value={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </TrpcClientContext.Provider>
    </StrictMode>,
  );
  return {
    html,
    title: deepestHandle(matches as UIMatch[], 'title') ?? messages.site.brand,
    description: page ? messages.routes.pages[page].description : '',
  };
}
