import { lazy, type ComponentType } from 'react';
import { isChunkLoadError } from './chunk-reload';

const Nothing = () => null;

/**
 * `React.lazy` for a part a page can do without (the toaster, the browser warning). When its
 * chunk does not load, because the venue's network went while the page was starting, it renders
 * nothing instead of throwing: thrown, the error would reach the route's boundary and take the
 * whole page with it (a judge's ballot, say). The next page load tries again; when the hub still
 * answers (a deploy renamed the chunk) the page reloads anyway (`reloadOnPreloadError`).
 */
export function optionalLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (!isChunkLoadError(error)) throw error;
        return { default: Nothing as ComponentType<P> };
      },
    ),
  );
}
