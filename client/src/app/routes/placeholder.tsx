import { Link, useLocation, useMatches } from 'react-router';
import { messages } from '../../i18n';
import { IconArrowLeft, IconBook, IconCheck, IconClock } from '../../components/ui/icons';
import { deepestHandle } from '../route-handle';

const t = messages.routes.placeholder;

/**
 * The page of a route whose feature lands in a later issue: its title, what it is for and
 * what is coming. Never a 404.
 */
export function PlaceholderRoute() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const id = deepestHandle(matches, 'page') ?? 'home';
  const page = messages.routes.pages[id];
  return (
    <section
      className="placeholder"
      aria-labelledby="placeholder-title"
      data-testid="placeholder"
      data-page={id}
    >
      <div className="placeholder__card">
        <span className="badge badge--primary">
          <IconClock />
          {t.badge}
        </span>
        <h1 id="placeholder-title" className="placeholder__title">
          {page.title}
        </h1>
        <p className="placeholder__lead">{page.description}</p>
        <div className="placeholder__coming">
          <h2 className="placeholder__coming-title">{t.coming}</h2>
          <ul className="checklist">
            {page.items.map((item) => (
              <li key={item}>
                <IconCheck />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="placeholder__foot">
          <div className="placeholder__actions">
            <Link to="/" className="btn btn--primary">
              <IconArrowLeft />
              {t.primary}
            </Link>
            <Link to="/docs" className="btn btn--ghost">
              <IconBook />
              {t.secondary}
            </Link>
          </div>
          <code className="placeholder__route" title={t.route}>
            {decodeURI(pathname)}
          </code>
        </div>
      </div>
    </section>
  );
}
