import type { ChangelogEntry } from '@bianshi/shared/content/index';
import { format } from '../../../i18n';
import { content as contentText } from '../../../i18n/zh-CN/content';
import { usePayload } from '../../../lib/content';
import { usePageHead } from '../hooks/use-page-head';
import { Article } from './article';

const t = contentText;

interface ChangelogPayload {
  page: { title: string; description: string; entries: ChangelogEntry[] };
}

/** `/changelog`: every version, newest first, with its date and notes. */
export function ChangelogPage() {
  const payload = usePayload<ChangelogPayload>('/changelog');
  const page = payload.data?.page;
  usePageHead(page?.title, page?.description);
  if (!page) return <p className="doc__status">{payload.error ? t.docs.loadFailed : t.docs.loading}</p>;
  return (
    <div className="content-page">
      <header className="content-page__head">
        <h1>{page.title}</h1>
        {page.description && <p className="content-page__lead">{page.description}</p>}
      </header>
      {page.entries.length === 0 && <p>{t.changelog.empty}</p>}
      <ol className="changelog">
        {page.entries.map((entry) => (
          <li key={entry.version} className="changelog__entry" data-testid="changelog-entry">
            <h2 id={`v${entry.version}`} className="changelog__version">
              {entry.title}
            </h2>
            <time className="changelog__date" dateTime={entry.date}>
              {format(t.changelog.date, { date: entry.date })}
            </time>
            {entry.image && <img className="changelog__image" src={entry.image} alt="" loading="lazy" />}
            <Article html={entry.html} />
          </li>
        ))}
      </ol>
    </div>
  );
}
