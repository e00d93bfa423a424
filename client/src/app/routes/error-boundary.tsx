import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { messages } from '../../i18n';
import { isChunkLoadError } from '../../lib/chunk-reload';
import { reloadAfterChunkError } from '../../lib/chunk-reload-guard';
import { AppError, statusTextFor } from '../../lib/errors';
import { ErrorScreen } from './error-screen';
import { NotFound } from './not-found';

const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));

interface ErrorFacts {
  statusCode: number;
  statusMessage: string;
  message: string;
}

/** What the error screen says about anything thrown while rendering or loading a route. */
export function describeError(error: unknown): ErrorFacts {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message = typeof data === 'string' ? data : ((data as { message?: string } | null)?.message ?? error.statusText);
    return { statusCode: error.status, statusMessage: statusTextFor(error.status) || error.statusText, message };
  }
  if (error instanceof AppError) {
    return { statusCode: error.status || 500, statusMessage: error.statusText || statusTextFor(500), message: error.message };
  }
  const message = error instanceof Error && error.message ? error.message : messages.errors.request.unknown;
  return { statusCode: 500, statusMessage: statusTextFor(500), message };
}

/** Per-route boundary: 404 responses show the 404 page, stale chunks reload once, the rest 出错了. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isChunkLoadError(error) && reloadAfterChunkError(pathname)) {
    return (
      <div className="splash" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{messages.errors.chunk.reloading}</span>
      </div>
    );
  }
  return <ErrorScreen {...describeError(error)} />;
}

/** When the site chrome itself fails: the same screen, full page, with its own toaster. */
export function RootErrorBoundary() {
  return (
    <div className="root-error">
      <main id="main" className="root-error__main">
        <RouteErrorBoundary />
      </main>
      <Suspense fallback={null}>
        <Toaster theme={document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'} />
      </Suspense>
    </div>
  );
}
