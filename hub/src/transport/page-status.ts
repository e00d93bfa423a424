/**
 * Whether a navigation names a page that exists: an address the site's router knows
 * (`SITE_ROUTES`, shared with the client) whose timer, lobby, topic group, record or invite is
 * there. The static handler answers anything else with 404 and the site's 404 page. A lookup that
 * fails or is slow never hides a page: it answers 200 and the page says what it finds.
 */
import { matchSiteRoute, type SitePageEntity } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import type { ContextServices } from '../trpc/context';

/** A lookup slower than this answers 200: the page itself will say what it finds. */
export const PAGE_STATUS_TIMEOUT_MS = 500;

/** Ids, short ids, tokens and codes are URL-safe; anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** Whether the thing a parameter names exists (`params`: every parameter of the address). */
export type PageLookups = Record<
  SitePageEntity,
  (value: string, params: Readonly<Record<string, string>>) => Promise<boolean>
>;

/** The status a navigation to `pathname` (decoded) gets: 404 for no page, else 200. */
export type PageStatus = (pathname: string) => Promise<200 | 404>;

export function createPageStatus(
  lookups: PageLookups,
  timeoutMs: number = PAGE_STATUS_TIMEOUT_MS,
): PageStatus {
  return async (pathname) => {
    const match = matchSiteRoute(pathname);
    if (!match) return 404;
    const named = Object.entries(match.route.entities ?? {});
    if (named.length === 0) return 200;
    if (named.some(([param]) => !TOKEN.test(match.params[param] ?? ''))) return 404;
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timeout = setTimeout(() => resolve(true), timeoutMs);
    });
    const found = Promise.all(
      named.map(([param, kind]) => lookups[kind](match.params[param]!, match.params)),
    ).then(
      (each) => each.every(Boolean),
      () => true,
    );
    const exists = await Promise.race([found, late]).finally(() => clearTimeout(timeout));
    return exists ? 200 : 404;
  };
}

/** False only for a HubError NOT_FOUND: an expired or forbidden invite is a page that says so. */
async function notMissing(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof HubError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

/** The lookups of a hub's services. */
export function pageLookups(
  services: Pick<ContextServices, 'repository' | 'lobbies' | 'library' | 'members' | 'yjs'>,
): PageLookups {
  const timer = async (idOrShort: string) =>
    (await services.repository.findTimer(idOrShort)) ??
    (await services.repository.findTimerByShortId(idOrShort));
  return {
    timer: async (value) => (await timer(value)) !== null,
    match: async (value, params) => {
      const [owner, match] = await Promise.all([
        timer(params.id ?? ''),
        services.repository.findMatch(value),
      ]);
      return owner !== null && match !== null && match.timerId === owner.id;
    },
    lobby: async (value) => (await services.lobbies.find(value)) !== null,
    topicGroup: async (value) => (await services.library.topics.repository.findGroup(value)) !== null,
    record: async (value) => (await services.library.records.repository.match(value)) !== null,
    timerInvite: (value) => notMissing(() => services.members.liveInvite(value)),
    workbenchInvite: (value) => notMissing(() => services.yjs.workbench.liveInvite(value)),
  };
}
