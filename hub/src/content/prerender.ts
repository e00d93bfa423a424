import { canonicalUrl, pageTitle } from '@bianshi/shared/content/head';
import type { Config } from '../lib/config';
import type { PrerenderFragment } from './content.store';

const escapeAttr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's `index.html` with a content page's title, description, canonical link, Open Graph
 * tags and article filled in. The SPA then renders over the article.
 */
export function renderPage(template: string, page: PrerenderFragment, options: { config: Config; siteUrl: string; pathname: string; search: string; payload: string | null }): string {
  const { config } = options;
  const title = pageTitle(page.title === '辩时' ? undefined : page.title, options.pathname);
  const canonical = canonicalUrl(options.siteUrl, options.pathname, options.search, { whitelist: config.CANONICAL_QUERY_PARAMS, lowercase: config.CANONICAL_LOWERCASE });
  const description = page.description || '辩时是专业的辩论比赛计时软件。';
  const head = [
    `<link rel="canonical" href="${escapeAttr(canonical)}" />`,
    `<meta property="og:type" content="${options.pathname === '/' ? 'website' : 'article'}" />`,
    `<meta property="og:site_name" content="辩时" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(description)}" />`,
    `<meta property="og:url" content="${escapeAttr(canonical)}" />`,
    `<meta property="og:locale" content="zh_CN" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(config.SITE_INDEXABLE ? [] : ['<meta name="robots" content="noindex, nofollow" />']),
  ].join('\n    ');
  // A drawn page's route stylesheets, after the site's own as the app would add them, so its
  // markup is styled at its first paint (the app's loader finds them there and adds none).
  const styles = (page.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`).join('');
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeAttr(title)}</title>\n    ${head}`)
    .replace('</head>', () => `${styles}</head>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeAttr(description)}" />`)
    .replace(ROOT, `<div id="root">${page.html}</div>${embed(options.payload, options.pathname)}`);
}

/**
 * The app's root element, empty or holding the loading splash `index.html` paints before any
 * script runs (between `<!--splash-->` markers): a prerendered page puts its article there.
 */
const ROOT = /<div id="root">(?:<!--splash-->[\s\S]*?<!--\/splash-->)?<\/div>/;

/** The page's payload as an inert JSON block the client reads instead of fetching it. */
function embed(payload: string | null, pathname: string): string {
  if (!payload) return '';
  const safe = payload.replace(/</g, '\\u003c');
  return `\n    <script type="application/json" id="bs-payload" data-path="${escapeAttr(pathname)}">${safe}</script>`;
}
