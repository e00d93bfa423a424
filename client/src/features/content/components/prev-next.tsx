import { Link } from 'react-router';
import { flattenNav, type NavItem } from '@bianshi/shared/content/index';
import { content as contentText } from '../../../i18n/zh-CN/content';

const t = contentText.docs;

/** Links to the previous and next pages in the docs tree's reading order. */
export function PrevNext({ navigation, path }: { navigation: readonly NavItem[]; path: string }) {
  const pages = flattenNav(navigation);
  const index = pages.findIndex((page) => page.path === path);
  const prev = index > 0 ? pages[index - 1] : undefined;
  const next = index >= 0 ? pages[index + 1] : path === '/docs' ? pages[0] : undefined;
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label={`${t.prev} / ${t.next}`}>
      {prev ? (
        <Link to={prev.path} rel="prev" className="prev-next__link" data-testid="doc-prev">
          <span className="prev-next__label">← {t.prev}</span>
          <span className="prev-next__title">{prev.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={next.path} rel="next" className="prev-next__link prev-next__link--next" data-testid="doc-next">
          <span className="prev-next__label">{t.next} →</span>
          <span className="prev-next__title">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
