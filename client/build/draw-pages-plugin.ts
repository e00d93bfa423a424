import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
// Relative, so Vite's config bundler compiles it; constants.ts is plain values.
import { DRAWN_MARK, drawnMarkup } from '../../shared/src/protocol/constants.ts';
import type { DrawnSitePage } from '../src/site-server.tsx';
import { compressDirectory } from './compress-plugin.ts';
import type { PrerenderFragment } from './content/prerender.ts';
import { payloadFile } from './content/write.ts';
import { ROUTE_MODULES } from './route-modules.ts';
import { filesForRoute, readManifest } from './route-chunks.ts';

/** The site's pages drawn at build time besides the content pages. */
const APP_PAGES = ['/lobby', '/create'];

/**
 * The route modules (layouts, then the page) whose stylesheets a drawn page's markup needs, by
 * its path: the routes of `src/app/route-table.tsx` that have a drawn page.
 */
const PAGE_MODULES: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/$/, modules: ROUTE_MODULES.landing },
  { path: /^\/lobby$/, modules: ROUTE_MODULES.lobbyList },
  { path: /^\/create$/, modules: ROUTE_MODULES.create },
  { path: /^\/docs(\/.*)?$/, modules: ROUTE_MODULES.docs },
  { path: /^\/pricing$/, modules: ROUTE_MODULES.pricing },
  { path: /^\/(about|changelog)(\/.*)?$/, modules: ROUTE_MODULES.article },
];

/** What `dist-server/site-server.mjs` exports (src/site-server.tsx). */
interface SiteServerModule {
  drawSitePage(url: string, payload?: unknown): Promise<DrawnSitePage | null>;
}

/**
 * Once the site's renderer is written, draws every content page of the content build's
 * `dist/_content/prerender.json` (the landing page, docs, about, changelog, pricing) and the
 * {@link APP_PAGES} with it, and puts their markup there, between `<!--bs-drawn-->` marks, in
 * place of the plain article (a content page's title and description are kept), with the
 * stylesheets of their route modules, which the hub links in the page's head so the markup is
 * styled at its first paint. A page that cannot be drawn, draws its loading splash, or (a content
 * page) loses its article's heading, fails the build.
 */
export function drawPagesPlugin(): Plugin {
  let serverDist = '';
  return {
    name: 'bianshi:draw-pages',
    apply: 'build',
    configResolved(config) {
      serverDist = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const dist = resolve(serverDist, '../dist');
        const file = join(dist, '_content', 'prerender.json');
        if (!existsSync(file))
          throw new Error(`${file} missing: build the site first (vite build), then its pages`);
        const server = (await import(
          pathToFileURL(join(serverDist, 'site-server.mjs')).href
        )) as SiteServerModule;
        const prerender = JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderFragment>;
        const manifest = readManifest(dist);
        const entryFiles = new Set(filesForRoute(manifest, []));
        for (const path of [...Object.keys(prerender), ...APP_PAGES]) {
          const modules = PAGE_MODULES.find((page) => page.path.test(path))?.modules;
          if (!modules)
            throw new Error(`draw ${path}: no route modules listed for it in draw-pages-plugin.ts`);
          const payloadPath = payloadFile(dist, path);
          const payload: unknown = existsSync(payloadPath)
            ? JSON.parse(readFileSync(payloadPath, 'utf8'))
            : undefined;
          const drawn = await server.drawSitePage(`http://localhost${path}`, payload);
          if (!drawn) throw new Error(`draw ${path}: the route did not render`);
          if (drawn.html.includes('class="splash"'))
            throw new Error(`draw ${path}: it drew its loading splash, not the page`);
          const known = prerender[path];
          const heading =
            known && !known.html.startsWith(`<!--${DRAWN_MARK}-->`)
              ? /<h1[^>]*>([^<]+)/.exec(known.html)?.[1]
              : undefined;
          if (heading && !drawn.html.includes(heading))
            throw new Error(`draw ${path}: the drawn page lacks the article's heading 「${heading}」`);
          const styles = filesForRoute(manifest, modules).filter(
            (name) => name.endsWith('.css') && !entryFiles.has(name),
          );
          prerender[path] = {
            title: known?.title ?? drawn.title,
            description: known?.description || drawn.description,
            html: drawnMarkup(drawn.html),
            styles: styles.map((name) => `/${name}`),
          };
        }
        writeFileSync(file, JSON.stringify(prerender));
        compressDirectory(join(dist, '_content'));
      },
    },
  };
}
