/**
 * Route prefetch (SPEC §9): a link loads its route's chunks when it comes into view or is
 * hovered or focused, so the click finds them downloaded. While more than 4 prefetches are
 * pending, new ones wait their turn; on a save-data or 2g connection nothing is prefetched.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { whenIdle } from './idle';

/** Prefetches wait while more than this many are pending (SPEC §9). */
export const MAX_PENDING_PREFETCHES = 4;

/**
 * Prefetches of links that merely came into view wait this long after the page's `load` event,
 * and then for an idle moment: the page's own data and socket come first (on a 1.6 Mbit/s link a
 * lobby screen's clock waited behind the create page's chunks its header links to).
 */
export const IN_VIEW_PREFETCH_DELAY_MS = 2_000;

/** What `navigator.connection` tells (Network Information API, where the browser has it). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** False on a save-data or 2g (or slower) connection: prefetching would spend the visitor's data or bandwidth. */
export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** A queue that runs at most `limit` + 1 tasks at once: a task waits while more than `limit` are pending. */
export function createPrefetchQueue(limit = MAX_PENDING_PREFETCHES) {
  let pending = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    while (pending <= limit && waiting.length > 0) waiting.shift()!();
  };
  return {
    /** Runs `task` now, or once no more than `limit` others are pending; failures are swallowed. */
    push(task: () => Promise<unknown>): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          pending += 1;
          void task()
            .catch(() => undefined)
            .finally(() => {
              pending -= 1;
              resolve();
              next();
            });
        });
        next();
      });
    },
    get pending() {
      return pending;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

let table: RouteObject[] = [];
const queue = createPrefetchQueue();
const done = new Set<string>();

/** Gives the prefetcher the app's route table (called once, where the router is made). */
export function registerPrefetchRoutes(routes: RouteObject[]): void {
  table = routes;
}

function connectionHints(): ConnectionHints | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

let settled: Promise<void> | undefined;

/** Resolves once the page has loaded, {@link IN_VIEW_PREFETCH_DELAY_MS} passed and the browser is idle. */
function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const idle = () => whenIdle(() => resolve());
    const afterLoad = () => window.setTimeout(idle, IN_VIEW_PREFETCH_DELAY_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return settled;
}

/** {@link prefetchRoute} for a link that came into view: after the page has settled. */
export function prefetchRouteWhenSettled(path: string): void {
  void pageSettled().then(() => prefetchRoute(path));
}

/**
 * Loads the chunks of every route `path` matches (layouts and page), once per path. Loading runs
 * the route's `lazy()`, the same import React Router makes on navigation, so the chunk lands in
 * the module cache and the navigation itself fetches nothing.
 */
export function prefetchRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0] ?? path;
  if (done.has(pathname) || !prefetchAllowed(connectionHints())) return;
  done.add(pathname);
  const matches = matchRoutes(table, pathname) ?? [];
  for (const match of matches) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void queue.push(() => Promise.resolve((lazy as () => unknown)()));
  }
}
