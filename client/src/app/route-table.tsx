import type { RouteObject } from 'react-router';
import { messages } from '../i18n';
import type { RoutePageId } from '../i18n/zh-CN/routes';
import { Root, Splash } from './root';
import type { RouteHandle } from './route-handle';
import { RootErrorBoundary, RouteErrorBoundary, withChunkErrors } from './routes/error-boundary';
import { NotFound } from './routes/not-found';

const pages = messages.routes.pages;
/**
 * Titles of routes without a placeholder entry. They come from the always-loaded strings, never
 * from a feature's strings module: importing `zh-CN/auth`, `zh-CN/analytics` or `zh-CN/landing`
 * here put those features' strings (and, through landing, the lobby code rule and the lobby
 * protocol schemas of @bianshi/shared) into the entry chunk every page downloads.
 */
const titles = messages.routes.titles;

/**
 * Layouts load on demand like pages, so the first download of a page holds its own layout
 * only (a projector display never downloads the site header, its account menu or footer).
 */
function layout<K extends string>(
  load: () => Promise<Record<K, RouteObject['Component']>>,
  name: K,
): RouteObject['lazy'] {
  return () => load().then((m) => ({ Component: m[name] }));
}

/** Route modules are loaded on demand; each becomes its own chunk. */
const lazyPlaceholder = () => import('./routes/placeholder').then((m) => ({ Component: m.PlaceholderRoute }));
const lazyDisplay = () => import('../features/display').then((m) => ({ Component: m.DisplayRoute }));
const lazyContent =
  (name: 'DocPage' | 'ChangelogPage' | 'AboutPage' | 'AboutPostPage' | 'RedirectPage') => () =>
    import('../features/content').then((m) => ({ Component: m[name] }));
// The short link looks its timer up through the query cache: its own chunk, not the display's.
const lazyShortLink = () =>
  import('../features/display/short-link').then((m) => ({ Component: m.ShortLinkRoute }));
const lazyTournament =
  (
    name:
      | 'TournamentsPage'
      | 'CreateTournamentPage'
      | 'TournamentPage'
      | 'ManagePage'
      | 'DrawSheetPage'
      | 'TabbycatImportPage',
  ) =>
  () =>
    import('../features/tournament').then((m) => ({ Component: m[name] }));

/** A route with its own page module and a title from the always-loaded strings. */
function titled(
  path: string,
  title: string,
  lazy: RouteObject['lazy'],
  handle: Omit<RouteHandle, 'title'> = {},
): RouteObject {
  return {
    path,
    handle: { title, ...handle } satisfies RouteHandle,
    lazy,
    ErrorBoundary: RouteErrorBoundary,
  };
}

/**
 * A route whose feature lands in a later issue: a Chinese placeholder with its title.
 * When the feature lands, replace `lazy` with the feature's route module; keep path and layout.
 */
function page(path: string, id: RoutePageId, handle: Omit<RouteHandle, 'page'> = {}): RouteObject {
  return {
    path,
    handle: { title: pages[id].title, page: id, ...handle },
    lazy: lazyPlaceholder,
    ErrorBoundary: RouteErrorBoundary,
  };
}

/** The timer console's sub-pages, under /timer/manage/:shortid. */
const MANAGE_PAGES = [
  ['info', 'manageInfo'],
  ['logo', 'manageLogo'],
  ['skin', 'manageSkin'],
  ['audio', 'manageAudio'],
  ['teams', 'manageTeams'],
  ['record', 'manageRecord'],
  ['timing', 'manageTiming'],
  ['details', 'manageDetails'],
  ['offline', 'manageOffline'],
  ['schedule', 'manageSchedule'],
  ['members', 'manageMembers'],
  ['integrations', 'manageIntegrations'],
] as const satisfies readonly (readonly [string, RoutePageId])[];

/**
 * The projector display, beside every other layout: no query cache, no auth guard, no site
 * chrome. It watches its timer over the tRPC socket only, so it downloads as little as a screen
 * can. Every other layout sits under the server-data layout (query cache, tRPC's TanStack Query
 * bindings, tooltips, the auth guard), a pathless route loaded beside the page's own chunks.
 */
function withServerData(layouts: RouteObject[]): RouteObject[] {
  return [
    {
      lazy: layout(() => import('./layouts/blank-layout'), 'BlankLayout'),
      children: [
        // Projector displays are dark whatever the preference: they hang in dim halls.
        { ...page('timer/:id', 'timer', { colorMode: 'dark' }), lazy: lazyDisplay },
        { ...page('timer/:id/:matchid', 'timerMatch', { colorMode: 'dark' }), lazy: lazyDisplay },
      ],
    },
    { lazy: layout(() => import('./layouts/server-data-layout'), 'ServerDataLayout'), children: layouts },
  ];
}

/**
 * Every route of the site, grouped by layout (DESIGN.md "Screens", SPEC.md §2).
 * To add a route: put it under its layout, with a `handle.title` and a route module.
 */
export const routes: RouteObject[] = withChunkErrors([
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: Splash,
    children: withServerData([
      {
        lazy: layout(() => import('./layouts/blank-layout'), 'BlankLayout'),
        children: [
          {
            index: true,
            handle: { title: messages.site.brand } satisfies RouteHandle,
            lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
          {
            ...page('ccf/:project_id', 'ccfProject'),
            lazy: () => import('../features/flow-sheets').then((m) => ({ Component: m.FlowSheetPage })),
          },
          {
            ...page('auth/login', 'login'),
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.LoginPage })),
          },
          {
            ...page('workbench/:project_id', 'workbenchProject'),
            lazy: () => import('../features/workbench').then((m) => ({ Component: m.WorkbenchProjectPage })),
          },
          // The tournament live wall (a projector) and the printable draw sheet: nothing around them.
          titled('worldcup/:slug/live/:roundId?', titles.worldcupLive, () =>
            import('../features/tournament/wall').then((m) => ({ Component: m.LiveWallPage })),
          ),
          titled('worldcup/:slug/print', titles.worldcupPrint, lazyTournament('DrawSheetPage')),
          // The tab room's overview of a round (staff): a dense table of every room's clock and ballots.
          titled('worldcup/:slug/manage/overview/:roundId?', titles.worldcupOverview, () =>
            import('../features/tournament/overview').then((m) => ({ Component: m.OverviewPage })),
          ),
          {
            path: '__error-test',
            lazy: () => import('./routes/error-test').then((m) => ({ Component: m.ErrorTestRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/main-layout'), 'MainLayout'),
        children: [
          {
            ...page('home', 'home'),
            lazy: () => import('../features/home').then((m) => ({ Component: m.HomePage })),
          },
          {
            ...page('account/tokens', 'accountTokens'),
            lazy: () => import('../features/account').then((m) => ({ Component: m.TokensPage })),
          },
          {
            ...page('ccf', 'ccf'),
            lazy: () => import('../features/flow-sheets').then((m) => ({ Component: m.FlowSheetListPage })),
          },
          {
            ...page('topic', 'topic'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.TopicsPage })),
          },
          {
            ...page('topic/:topicGroupId', 'topicGroup'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.TopicGroupPage })),
          },
          {
            ...page('record', 'record'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.RecordsPage })),
          },
          {
            ...page('record/:match', 'recordMatch'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.RecordPage })),
          },
          {
            ...page('schools', 'schools'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.SchoolsPage })),
          },
          {
            ...page('schools/:schoolId', 'school'),
            lazy: () => import('../features/library').then((m) => ({ Component: m.SchoolPage })),
          },
          {
            ...page('workbench', 'workbench'),
            lazy: () => import('../features/workbench').then((m) => ({ Component: m.WorkbenchIndexPage })),
          },
          {
            ...page('lobby', 'lobby'),
            lazy: () => import('../features/lobby/list').then((m) => ({ Component: m.LobbyIndexPage })),
          },
          {
            ...page('lobby/:id', 'lobbyRoom'),
            lazy: () => import('./routes/lobby-room').then((m) => ({ Component: m.LobbyRoomRoute })),
          },
          { ...page('worldcup', 'worldcup'), lazy: lazyTournament('TournamentsPage') },
          titled('worldcup/new', titles.worldcupNew, lazyTournament('CreateTournamentPage')),
          titled('worldcup/new/tabbycat', titles.worldcupTabbycat, lazyTournament('TabbycatImportPage')),
          titled('worldcup/:slug', titles.worldcupTournament, lazyTournament('TournamentPage')),
          titled('worldcup/:slug/manage', titles.worldcupManage, lazyTournament('ManagePage')),
          {
            path: '*',
            handle: { title: messages.errors.notFound.title } satisfies RouteHandle,
            Component: NotFound,
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/simple-layout'), 'SimpleLayout'),
        children: [
          {
            ...page('create', 'create'),
            lazy: () => import('../features/create').then((m) => ({ Component: m.CreateRoute })),
          },
          {
            ...page('ai/ccf', 'aiCcf'),
            lazy: () => import('../features/ai').then((m) => ({ Component: m.AiCcfPage })),
          },
          {
            ...page('ai/contact', 'aiContact'),
            lazy: () => import('../features/ai').then((m) => ({ Component: m.AiContactPage })),
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/purchase-layout'), 'PurchaseLayout'),
        children: [
          {
            ...page('buy', 'buy'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.BuyPage })),
          },
          {
            ...page('buy/cdkey', 'buyCdkey'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.CdkeyPage })),
          },
          {
            ...page('buy/verify', 'buyVerify'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.VerifyPage })),
          },
          {
            ...page('buy/invoice', 'buyInvoice'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.InvoicePage })),
          },
        ],
      },
      {
        path: 'timer/manage/:shortid',
        lazy: layout(() => import('./layouts/timer-manage-layout'), 'TimerManageLayout'),
        children: [
          {
            index: true,
            handle: { title: pages.manage.title, page: 'manage' } satisfies RouteHandle,
            lazy: () => import('../features/console').then((m) => ({ Component: m.ConsoleRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
          ...MANAGE_PAGES.map(([path, id]) => ({
            ...page(path, id),
            lazy: () => import('../features/manage').then((m) => ({ Component: m.MANAGE_ROUTES[path] })),
          })),
        ],
      },
      {
        lazy: layout(() => import('./layouts/content-layout'), 'ContentLayout'),
        children: [
          { ...page('about', 'about'), lazy: lazyContent('AboutPage') },
          { ...page('about/:slug', 'aboutPage'), lazy: lazyContent('AboutPostPage') },
          { ...page('changelog', 'changelog'), lazy: lazyContent('ChangelogPage') },
          {
            ...page('pricing', 'pricing'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.PricingPage })),
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/dash-layout'), 'DashLayout'),
        children: [
          {
            ...page('admin/cdkey', 'adminCdkey'),
            lazy: () => import('../features/commerce').then((m) => ({ Component: m.AdminCdkeyPage })),
          },
          {
            path: 'admin/ai',
            handle: { title: titles.adminAi } satisfies RouteHandle,
            lazy: () => import('../features/ai').then((m) => ({ Component: m.AiFeedbackAdminPage })),
            ErrorBoundary: RouteErrorBoundary,
          },
          {
            path: 'admin/topics',
            handle: { title: titles.adminTopics } satisfies RouteHandle,
            lazy: () => import('../features/library').then((m) => ({ Component: m.TopicReviewPage })),
            ErrorBoundary: RouteErrorBoundary,
          },
          {
            path: 'admin/analytics',
            handle: { title: titles.adminAnalytics } satisfies RouteHandle,
            lazy: () =>
              import('../features/analytics/admin').then((m) => ({ Component: m.AnalyticsAdminPage })),
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
      {
        // The docs layout and pages come from the content feature, loaded only on /docs.
        lazy: () => import('./layouts/docs-layout').then((m) => ({ Component: m.DocsLayoutRoute })),
        // /docs has a title; a docs page takes its own from its payload (or the last path segment).
        children: [
          { ...page('docs', 'docs'), lazy: lazyContent('DocPage') },
          {
            ...page('docs/*', 'docs'),
            handle: { page: 'docs' } satisfies RouteHandle,
            lazy: lazyContent('DocPage'),
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/logo-blank-layout'), 'LogoBlankLayout'),
        children: [
          {
            ...page('auth/logout', 'logout'),
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.LogoutPage })),
          },
          {
            ...page('auth/callback', 'callback'),
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.CallbackPage })),
          },
          {
            ...page('auth/redirect', 'authRedirect'),
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.RedirectPage })),
          },
          { ...page('utils/redirect', 'utilsRedirect'), lazy: lazyContent('RedirectPage') },
          { ...page('id/:shortid', 'shortLink'), lazy: lazyShortLink },
          // A judge's private ballot link, opened on a phone.
          titled('worldcup/ballot/:token', titles.worldcupBallot, () =>
            import('../features/tournament/ballot').then((m) => ({ Component: m.BallotPage })),
          ),
          {
            ...page('workbench/invite/:invite_id', 'workbenchInvite'),
            lazy: () => import('../features/workbench').then((m) => ({ Component: m.WorkbenchInvitePage })),
          },
          // Timer invite links (a role and an expiry); /workbench/invite/ is the workbench's own.
          {
            path: 'timer/invite/:token',
            handle: { title: titles.timerInvite } satisfies RouteHandle,
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.InvitePage })),
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
    ]),
  },
]);
