import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { toAppError } from '../../../lib/api/errors';
import { useTRPC } from '../../../lib/api/trpc';
import { DisplayMessagePage } from '../components/display-notices';
import { viewKeyFrom } from './display-view';
import '../display.css';

const t = displayText;

/** `/id/:shortid`: resolves a short link to `/timer/<id>` (keeping the query, e.g. ?role=audience). */
export function ShortLinkRoute() {
  const { shortid = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const viewKey = viewKeyFrom(hash, new URLSearchParams(search));
  const query = useQuery({
    ...trpc.timer.get.queryOptions({ id: shortid, ...(viewKey ? { viewKey } : {}) }),
    retry: (count, error) =>
      count < 2 &&
      toAppError(error).status !== 404 &&
      toAppError(error).status !== 401 &&
      toAppError(error).status !== 403,
  });

  const timerId = query.data?.timer.id;
  useEffect(() => {
    // The view key of a private timer's link goes along (in the fragment, as it came).
    if (timerId) void navigate(`/timer/${encodeURIComponent(timerId)}${search}${hash}`, { replace: true });
  }, [timerId, search, hash, navigate]);

  if (query.error) {
    const error = toAppError(query.error);
    return error.status === 404 || error.code === 'NOT_FOUND' ? (
      <DisplayMessagePage title={t.notFound.title} body={t.notFound.body} />
    ) : (
      <DisplayMessagePage
        title={t.loadFailed.title}
        body={error.message}
        action={{ label: t.loadFailed.retry, onClick: () => void query.refetch() }}
      />
    );
  }
  return (
    <div className="ds-resolving" role="status" data-testid="short-link-resolving">
      <span className="spinner" aria-hidden="true" />
      <span>{t.shortLink.resolving}</span>
    </div>
  );
}
