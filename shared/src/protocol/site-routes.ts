/**
 * The site's page addresses, as the client's router knows them (client/src/app/route-table.tsx;
 * a test there fails when the two lists differ). The hub answers a navigation to any other
 * address, or to a page whose timer, lobby, topic, record or invite does not exist, with 404 and
 * the site's 404 page, not 200 and a page that then says so.
 */

/** What a page's address names, which the hub looks up before it answers 200. */
export type SitePageEntity =
  'timer' | 'match' | 'lobby' | 'topicGroup' | 'record' | 'timerInvite' | 'workbenchInvite';

/** One page address: `:name` a segment, `:name?` an optional one, a trailing `*` any rest. */
export interface SiteRoute {
  readonly path: string;
  /** Parameters naming what must exist, by the kind of thing they name. */
  readonly entities?: Readonly<Record<string, SitePageEntity>>;
}

const MANAGE_PAGES = [
  'info',
  'logo',
  'skin',
  'audio',
  'teams',
  'record',
  'timing',
  'details',
  'offline',
  'schedule',
  'members',
  'integrations',
] as const;

/** Every page of the site. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/' },
  { path: '/home' },
  { path: '/ccf' },
  { path: '/ccf/:project_id' },
  { path: '/auth/login' },
  { path: '/auth/logout' },
  { path: '/auth/callback' },
  { path: '/auth/redirect' },
  { path: '/utils/redirect' },
  { path: '/ai/ccf' },
  { path: '/ai/contact' },
  { path: '/create' },
  { path: '/topic' },
  { path: '/topic/:topicGroupId', entities: { topicGroupId: 'topicGroup' } },
  { path: '/record' },
  { path: '/record/:match', entities: { match: 'record' } },
  { path: '/schools' },
  { path: '/schools/:schoolId' },
  { path: '/workbench' },
  { path: '/workbench/:project_id' },
  { path: '/workbench/invite/:invite_id', entities: { invite_id: 'workbenchInvite' } },
  { path: '/lobby' },
  { path: '/lobby/:id', entities: { id: 'lobby' } },
  { path: '/worldcup' },
  { path: '/worldcup/new' },
  { path: '/worldcup/new/tabbycat' },
  { path: '/worldcup/ballot/:token' },
  { path: '/worldcup/:slug' },
  { path: '/worldcup/:slug/manage' },
  { path: '/worldcup/:slug/manage/overview/:roundId?' },
  { path: '/worldcup/:slug/print' },
  { path: '/worldcup/:slug/live/:roundId?' },
  { path: '/timer/:id', entities: { id: 'timer' } },
  { path: '/timer/:id/:matchid', entities: { id: 'timer', matchid: 'match' } },
  { path: '/timer/invite/:token', entities: { token: 'timerInvite' } },
  { path: '/timer/manage/:shortid', entities: { shortid: 'timer' } },
  ...MANAGE_PAGES.map((page) => ({
    path: `/timer/manage/:shortid/${page}`,
    entities: { shortid: 'timer' } as const,
  })),
  { path: '/id/:shortid', entities: { shortid: 'timer' } },
  { path: '/account/tokens' },
  { path: '/about' },
  { path: '/about/:slug' },
  { path: '/changelog' },
  { path: '/pricing' },
  { path: '/buy' },
  { path: '/buy/cdkey' },
  { path: '/buy/verify' },
  { path: '/buy/invoice' },
  { path: '/admin/cdkey' },
  { path: '/admin/ai' },
  { path: '/admin/analytics' },
  { path: '/admin/topics' },
  { path: '/docs' },
  { path: '/docs/*' },
  // The error screen's test page (with the debug flag; the router shows its 404 page without it).
  { path: '/__error-test' },
];

/**
 * Pages the hub serves from their own entry rather than the client's router (the livestream
 * overlay, `overlay.html`): known addresses all the same, so they are not answered with 404.
 */
export const ENTRY_ROUTES: readonly SiteRoute[] = [
  { path: '/timer/:id/overlay', entities: { id: 'timer' } },
  { path: '/lobby/:id/overlay', entities: { id: 'lobby' } },
];

const ALL_ROUTES: readonly SiteRoute[] = [...SITE_ROUTES, ...ENTRY_ROUTES];

/** A matched page: its route and the values of its parameters. */
export interface SiteRouteMatch {
  readonly route: SiteRoute;
  readonly params: Readonly<Record<string, string>>;
}

function matchOne(route: SiteRoute, segments: readonly string[]): Record<string, string> | null {
  const pattern = route.path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const part = pattern[i]!;
    const segment = segments[i];
    if (part === '*') return segments.length > i ? params : null;
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (optional && i === pattern.length - 1) return params;
        return null;
      }
      params[name] = segment;
      continue;
    }
    if (segment !== part) return null;
  }
  return segments.length === pattern.length ? params : null;
}

/**
 * `path` without the slashes it ends with, in one pass from the end. `/\/+$/` does the same in
 * time quadratic in a run of slashes that does not end the string (`/` × 16 000 then `x` in a
 * request's address held the hub 0.1–0.2 s per request), so request paths never meet it.
 */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return end === path.length ? path : path.slice(0, end);
}

/**
 * The page an address names, or null when the site has none. Static segments win over
 * parameters (`/worldcup/new` is not the tournament `new`), as in the client's router.
 */
export function matchSiteRoute(pathname: string): SiteRouteMatch | null {
  const trimmed = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  const segments = trimmed.split('/').filter(Boolean);
  let best: SiteRouteMatch | null = null;
  let bestScore = -1;
  for (const route of ALL_ROUTES) {
    const params = matchOne(route, segments);
    if (!params) continue;
    // More static segments is more specific.
    const score = route.path
      .split('/')
      .filter((part) => part && !part.startsWith(':') && part !== '*').length;
    if (score > bestScore) {
      best = { route, params };
      bestScore = score;
    }
  }
  return best;
}
