import { Link, useParams } from 'react-router';
import type { ContentPage } from '@bianshi/shared/content/index';
import { format } from '../../../i18n';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { ContentNotFound, usePayload } from '../../../lib/content';
import { SupportSection } from '../../../components/support';
import { usePageHead } from '../hooks/use-page-head';
import { Article } from './article';

const t = contentText;

interface PostSummary {
  title: string;
  description: string;
  path: string;
  date: string;
  badge?: { label: string };
  authors?: { name: string }[];
}

/** `/about`: the about text (blog collection), the support contact, and the posts, newest first. */
export function AboutPage() {
  const payload = usePayload<{ page: ContentPage; posts: PostSummary[] }>('/about');
  const page = payload.data?.page;
  const posts = payload.data?.posts ?? [];
  usePageHead(page?.title, page?.description);
  if (!page) return <p className="doc__status">{payload.error ? t.docs.loadFailed : t.docs.loading}</p>;
  return (
    <div className="content-page">
      <header className="content-page__head">
        <h1>{page.title}</h1>
        {page.description && <p className="content-page__lead">{page.description}</p>}
      </header>
      <Article html={page.body.html} />
      <SupportSection />
      {posts.length > 0 && (
        <section aria-labelledby="about-posts">
          <h2 id="about-posts">{t.about.posts}</h2>
          <ul className="post-list">
            {posts.map((post) => (
              <li key={post.path} className="post-list__item">
                <Link to={post.path} className="post-list__title">
                  {post.title}
                </Link>
                {post.badge && <span className="chip">{post.badge.label}</span>}
                <time dateTime={post.date}>{post.date}</time>
                <p>{post.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** `/about/:slug`: one post. */
export function AboutPostPage() {
  const { slug = '' } = useParams();
  const payload = usePayload<{ page: ContentPage & { date?: string; authors?: { name: string }[]; badge?: { label: string } } }>(`/about/${slug}`);
  const page = payload.data?.page;
  usePageHead(page?.title, page?.description);
  if (!page) {
    const missing = payload.error instanceof ContentNotFound;
    return <p className="doc__status">{missing ? t.about.notFound : payload.error ? t.docs.loadFailed : t.docs.loading}</p>;
  }
  return (
    <article className="content-page">
      <p>
        <Link to="/about">← {t.about.back}</Link>
      </p>
      <header className="content-page__head">
        {page.badge && <span className="chip">{page.badge.label}</span>}
        <h1>{page.title}</h1>
        <p className="content-page__meta">
          {page.date && <time dateTime={page.date}>{page.date}</time>}
          {page.authors?.length ? ` · ${format(t.about.by, { names: page.authors.map((a) => a.name).join('、') })}` : ''}
        </p>
      </header>
      <Article html={page.body.html} />
    </article>
  );
}
