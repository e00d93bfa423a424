import { Link, useLocation } from 'react-router';
import { format, messages } from '../../i18n';
import { IconArrowLeft, IconBook } from '../../components/ui/icons';
import { useTitleOverride } from '../use-document-head';

const t = messages.errors.notFound;

/** The 404 page: 'Page not found', status 404 and `Page Not Found: /the/path`. */
export function NotFound() {
  const { pathname } = useLocation();
  useTitleOverride(t.title);
  return (
    <section className="status-page" aria-labelledby="not-found-title" data-testid="not-found">
      <p className="status-page__code" aria-label="状态码 404">
        404
      </p>
      <h1 id="not-found-title" className="status-page__title">
        {t.heading}
      </h1>
      <p className="status-page__subtitle" lang="en">
        {t.title}
      </p>
      <p className="status-page__lead">{t.lead}</p>
      <p className="status-page__message" data-testid="error-message">
        <code>{format(t.message, { path: pathname })}</code>
      </p>
      <div className="status-page__actions">
        <Link to="/" className="btn btn--primary">
          <IconArrowLeft />
          {t.home}
        </Link>
        <Link to="/docs" className="btn btn--ghost">
          <IconBook />
          {t.docs}
        </Link>
      </div>
    </section>
  );
}
