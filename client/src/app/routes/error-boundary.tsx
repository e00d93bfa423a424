import { Suspense } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError, type RouteObject } from 'react-router';
import { messages } from '../../i18n';
import { isChunkLoadError } from '../../lib/loading/chunk-reload';
import { useChunkReload } from '../../lib/loading/chunk-reload-guard';
import { optionalLazy } from '../../lib/loading/optional-lazy';
import { AppError, statusTextFor } from '../../lib/api/errors';
import { ErrorScreen } from './error-screen';
import { NotFound } from './not-found';

const Toaster = optionalLazy(() => import('../../components/ui/toaster').then((m) => m.Toaster));

interface ErrorFacts {
  statusCode: number;
  statusMessage: string;
  message: string;
}

/** What the error screen says about anything thrown while rendering or loading a route. */
export function describeError(error: unknown): ErrorFacts {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string' ? data : ((data as { message?: string } | null)?.message ?? error.statusText);
    return {
      statusCode: error.status,
      statusMessage: statusTextFor(error.status) || error.statusText,
      message,
    };
  }
  if (error instanceof AppError) {
    return {
      statusCode: error.status || 500,
      statusMessage: error.statusText || statusTextFor(500),
      message: error.message,
    };
  }
  if (isChunkLoadError(error))
    return { statusCode: 503, statusMessage: statusTextFor(503), message: messages.errors.chunk.failed };
  const message = error instanceof Error && error.message ? error.message : messages.errors.request.unknown;
  return { statusCode: 500, statusMessage: statusTextFor(500), message };
}

/**
 * A chunk that did not load: while its hub answers, the page reloads onto the new build (a
 * deploy renamed the chunk); when it does not (the venue's network is gone), 出错了 says so, and
 * 重新加载 tries again once the network is back.
 */
function ChunkError({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const reloading = useChunkReload(error, pathname);
  if (reloading) {
    return (
      <div className="splash" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{messages.errors.chunk.reloading}</span>
      </div>
    );
  }
  return <ErrorScreen {...describeError(error)} onReload={() => window.location.reload()} />;
}

/** Per-route boundary: 404 responses show the 404 page, chunks that did not load {@link ChunkError}, the rest 出错了. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isChunkLoadError(error)) return <ChunkError error={error} />;
  return <ErrorScreen {...describeError(error)} />;
}

/**
 * Route modules whose chunk does not load become {@link ChunkError} instead of failing: React
 * Router, when one route's `lazy` fails, leaves the layouts of that navigation unloaded and the
 * page blank, error boundary and all. Walks `routes` and their children.
 */
export function withChunkErrors(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy;
    const guarded: RouteObject = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      guarded.lazy = () =>
        lazy().catch((error: unknown) => {
          if (!isChunkLoadError(error)) throw error;
          return { Component: () => <ChunkError error={error} /> };
        });
    }
    if (route.children) guarded.children = withChunkErrors(route.children);
    return guarded;
  });
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
