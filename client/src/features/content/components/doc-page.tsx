import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { ContentPage } from '@bianshi/shared/content/index';
import { trimTrailingSlashes } from '@bianshi/shared';
import { format } from '../../../i18n';
import { lazyFormat } from '../../../i18n/format';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { ContentNotFound, usePayload } from '../../../lib/content';
import { useDocsNavigation } from '../api';
import { usePageHead } from '../hooks/use-page-head';
import { Article } from './article';
import { PrevNext } from './prev-next';
import { Toc } from './toc';

const t = contentText.docs;

const dateFormat = lazyFormat<Date>(() => new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long' }));

/** `/docs/*`: one compiled docs page with its 目录, prev/next, last-updated date and edit link. */
export function DocPage() {
  const { pathname, hash } = useLocation();
  const path = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  const payload = usePayload<{ page: ContentPage }>(path);
  const navigation = useDocsNavigation();
  const page = payload.data?.page;
  usePageHead(page?.title, page?.description);

  // A link to a heading (search results, shared links) scrolls there once the article is in.
  useEffect(() => {
    if (!page || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    window.requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
  }, [page, hash]);

  if (payload.isPending) {
    return (
      <main id="main" className="doc" aria-busy="true">
        <p className="doc__status">{t.loading}</p>
      </main>
    );
  }
  if (payload.error || !page) {
    const missing = payload.error instanceof ContentNotFound;
    return (
      <main id="main" className="doc">
        <article className="prose">
          <h1>{missing ? t.notFound : t.loadFailed}</h1>
          {missing && <p>{t.notFoundLead}</p>}
          <p>
            <Link to="/docs">{contentText.docs.title}</Link>
          </p>
        </article>
      </main>
    );
  }
  const updatedAt = typeof page.meta.updatedAt === 'string' ? page.meta.updatedAt : undefined;
  const editUrl = typeof page.meta.editUrl === 'string' ? page.meta.editUrl : undefined;
  // One grid (content.css): the title, the 目录, the article, its foot and prev/next. The 目录
  // spans a column of its own beside them on wide screens and sits under the title on phones.
  return (
    <main id="main" className="doc doc-grid">
      <header className="doc__head">
        <h1 className="doc__title">{page.title}</h1>
        {page.description && <p className="doc__lead">{page.description}</p>}
      </header>
      <Toc toc={page.body.toc} />
      <article className="doc__body">
        <Article html={page.body.html} />
      </article>
      <footer className="doc__foot">
        {updatedAt && <span data-testid="doc-updated">{format(t.updated, { date: dateFormat.format(new Date(`${updatedAt}T00:00:00`)) })}</span>}
        {editUrl && (
          <a href={editUrl} target="_blank" rel="noopener noreferrer">
            {t.edit}
          </a>
        )}
      </footer>
      {navigation.data && <PrevNext navigation={navigation.data} path={page.path} />}
    </main>
  );
}
