/**
 * The HTML a page has before any JavaScript runs: search engines, link previews and `curl` read
 * this, and the SPA renders over it. Plain semantic markup, no styling hooks needed.
 */
import type { ChangelogEntry, ContentPage, IndexFields } from '@bianshi/shared/content/index';

/** What the hub puts into `index.html` for one path. */
export interface PrerenderFragment {
  title: string;
  description: string;
  /** Goes inside `<div id="root">`. */
  html: string;
  /** Stylesheets the markup needs beyond the site's own (a page drawn by `draw-pages-plugin.ts`). */
  styles?: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function landing(page: ContentPage): string {
  const f = page as unknown as ContentPage & IndexFields;
  const stats = f.hero.stats.map((s) => `<li><strong>${escapeHtml(s.value)}</strong> ${escapeHtml(s.label)}</li>`).join('');
  const features = f.features.items.map((i) => `<li><h3>${escapeHtml(i.title)}</h3><p>${escapeHtml(i.body)}</p></li>`).join('');
  const sections = f.sections
    .map((s) => `<section><h2>${escapeHtml(s.title)}</h2><ol>${s.steps.map((step) => `<li><h3>${escapeHtml(step.title)}</h3><p>${escapeHtml(step.body)}</p></li>`).join('')}</ol></section>`)
    .join('');
  return [
    `<h1>辩时 · 专业辩论比赛计时软件</h1>`,
    `<p>${escapeHtml(f.hero.lead)}</p>`,
    `<p><a href="${escapeHtml(f.hero.primary.to)}">${escapeHtml(f.hero.primary.label)}</a> · <a href="${escapeHtml(f.hero.secondary.to)}">${escapeHtml(f.hero.secondary.label)}</a></p>`,
    `<ul>${stats}</ul>`,
    `<section><h2>${escapeHtml(f.features.title)}</h2><p>${escapeHtml(f.features.lead)}</p><ul>${features}</ul></section>`,
    sections,
    `<section><h2>${escapeHtml(f.cta.title)}</h2><p>${escapeHtml(f.cta.lead)}</p></section>`,
    page.body.html,
  ].join('');
}

interface Extra {
  posts?: { title: string; description: string; path: string; date: unknown }[];
}

/** The prerendered fragment of a page (or of the changelog, which is built from two collections). */
export function renderPrerender(page: ContentPage | { title: string; description: string; path: string; entries: ChangelogEntry[] }, extra: Extra): PrerenderFragment {
  let html: string;
  if ('entries' in page && Array.isArray(page.entries)) {
    const entries = page.entries as ChangelogEntry[];
    html = `<h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.description)}</p>${entries
      .map((e) => `<section><h2 id="v${escapeHtml(e.version)}">${escapeHtml(e.title)}</h2><p><time datetime="${escapeHtml(e.date)}">${escapeHtml(e.date)}</time></p>${e.html}</section>`)
      .join('')}`;
  } else if ((page as ContentPage).collection === 'index') {
    html = landing(page as ContentPage);
  } else {
    page = page as ContentPage;
    const posts = page.path === '/about' && extra.posts?.length ? `<ul>${extra.posts.map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a> <time>${escapeHtml(String(p.date))}</time><p>${escapeHtml(p.description)}</p></li>`).join('')}</ul>` : '';
    html = `<h1>${escapeHtml(page.title)}</h1>${page.description ? `<p>${escapeHtml(page.description)}</p>` : ''}${page.body.html}${posts}`;
  }
  return { title: page.title, description: page.description, html: `<main id="main" class="prerendered"><article>${html}</article></main>` };
}
