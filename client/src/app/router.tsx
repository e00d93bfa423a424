import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { messages } from '../i18n';
import type { RoutePageId } from '../i18n/zh-CN/routes';
import { BlankLayout } from './layouts/blank-layout';
import { ContentLayout } from './layouts/content-layout';
import { DashLayout } from './layouts/dash-layout';
import { DocsLayout } from './layouts/docs-layout';
import { LogoBlankLayout } from './layouts/logo-blank-layout';
import { MainLayout } from './layouts/main-layout';
import { PurchaseLayout } from './layouts/purchase-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { TimerManageLayout } from './layouts/timer-manage-layout';
import { Root, Splash } from './root';
import type { RouteHandle } from './route-handle';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/error-boundary';
import { NotFound } from './routes/not-found';

const pages = messages.routes.pages;

/** Route modules are loaded on demand; each becomes its own chunk. */
const lazyPlaceholder = () => import('./routes/placeholder').then((m) => ({ Component: m.PlaceholderRoute }));
const lazyDisplay = () => import('../features/display').then((m) => ({ Component: m.DisplayRoute }));
const lazyShortLink = () => import('../features/display').then((m) => ({ Component: m.ShortLinkRoute }));

/**
 * A route whose feature lands in a later issue: a Chinese placeholder with its title.
 * When the feature lands, replace `lazy` with the feature's route module; keep path and layout.
 */
function page(path: string, id: RoutePageId, handle: Omit<RouteHandle, 'page'> = {}): RouteObject {
  return { path, handle: { title: pages[id].title, page: id, ...handle }, lazy: lazyPlaceholder, ErrorBoundary: RouteErrorBoundary };
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
] as const satisfies readonly (readonly [string, RoutePageId])[];

/**
 * Every route of the site, grouped by layout (DESIGN.md "Screens", SPEC.md §2).
 * To add a route: put it under its layout, with a `handle.title` and a route module.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: Splash,
    children: [
      {
        Component: BlankLayout,
        children: [
          {
            index: true,
            handle: { title: messages.landing.title } satisfies RouteHandle,
            lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
          page('ccf/:project_id', 'ccfProject'),
          { ...page('auth/login', 'login'), lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.LoginPage })) },
          page('workbench/:project_id', 'workbenchProject'),
          // Projector displays are dark whatever the preference: they hang in dim halls.
          { ...page('timer/:id', 'timer', { colorMode: 'dark' }), lazy: lazyDisplay },
          { ...page('timer/:id/:matchid', 'timerMatch', { colorMode: 'dark' }), lazy: lazyDisplay },
          {
            path: '__error-test',
            lazy: () => import('./routes/error-test').then((m) => ({ Component: m.ErrorTestRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
      {
        Component: MainLayout,
        children: [
          { ...page('home', 'home'), lazy: () => import('../features/home').then((m) => ({ Component: m.HomePage })) },
          page('ccf', 'ccf'),
          page('topic', 'topic'),
          page('topic/:topicGroupId', 'topicGroup'),
          page('record', 'record'),
          page('record/:match', 'recordMatch'),
          page('schools', 'schools'),
          page('workbench', 'workbench'),
          { ...page('lobby', 'lobby'), lazy: () => import('../features/lobby').then((m) => ({ Component: m.LobbyIndexPage })) },
          { ...page('lobby/:id', 'lobbyRoom'), lazy: () => import('../features/lobby').then((m) => ({ Component: m.LobbyRoomPage })) },
          page('worldcup', 'worldcup'),
          {
            path: '*',
            handle: { title: messages.errors.notFound.title } satisfies RouteHandle,
            Component: NotFound,
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
      {
        Component: SimpleLayout,
        children: [{ ...page('create', 'create'), lazy: () => import('../features/create').then((m) => ({ Component: m.CreateRoute })) }, page('ai/ccf', 'aiCcf'), page('ai/contact', 'aiContact')],
      },
      {
        Component: PurchaseLayout,
        children: [page('buy', 'buy'), page('buy/cdkey', 'buyCdkey'), page('buy/verify', 'buyVerify'), page('buy/invoice', 'buyInvoice')],
      },
      {
        path: 'timer/manage/:shortid',
        Component: TimerManageLayout,
        children: [
          {
            index: true,
            handle: { title: pages.manage.title, page: 'manage' } satisfies RouteHandle,
            lazy: () => import('../features/console').then((m) => ({ Component: m.ConsoleRoute })),
            ErrorBoundary: RouteErrorBoundary,
          },
          ...MANAGE_PAGES.map(([path, id]) => ({ ...page(path, id), lazy: () => import('../features/manage').then((m) => ({ Component: m.MANAGE_ROUTES[path] })) })),
        ],
      },
      {
        Component: ContentLayout,
        children: [
          page('about', 'about'),
          page('about/:slug', 'aboutPage'),
          page('changelog', 'changelog'),
          page('pricing', 'pricing'),
        ],
      },
      {
        Component: DashLayout,
        children: [page('admin/cdkey', 'adminCdkey')],
      },
      {
        Component: DocsLayout,
        // /docs has a title; deeper docs pages fall back to their last path segment until
        // content/ is compiled in.
        children: [page('docs', 'docs'), { ...page('docs/*', 'docs'), handle: { page: 'docs' } satisfies RouteHandle }],
      },
      {
        Component: LogoBlankLayout,
        children: [
          { ...page('auth/logout', 'logout'), lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.LogoutPage })) },
          { ...page('auth/callback', 'callback'), lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.CallbackPage })) },
          { ...page('auth/redirect', 'authRedirect'), lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.RedirectPage })) },
          page('utils/redirect', 'utilsRedirect'),
          { ...page('id/:shortid', 'shortLink'), lazy: lazyShortLink },
          page('workbench/invite/:invite_id', 'workbenchInvite'),
          // Timer invite links (a role and an expiry); /workbench/invite/ is the workbench's own.
          {
            path: 'timer/invite/:token',
            handle: { title: messages.auth.invite.title } satisfies RouteHandle,
            lazy: () => import('../features/auth/routes').then((m) => ({ Component: m.InvitePage })),
            ErrorBoundary: RouteErrorBoundary,
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
