import { SITE_ROUTES } from '@bianshi/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

// What the build defines; the route table reaches env.ts, which reads them as it loads.
Object.assign(globalThis, { __BUILD_ID__: 'test', __APP_VERSION__: '0.0.0' });
const { routes } = await import('./route-table');

/** Every page path of the router, joined from its nested routes (`/timer/manage/:shortid/info`). */
function pagePaths(list: readonly RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : [];
    return [...own, ...(route.children ? pagePaths(route.children, path) : [])];
  });
}

describe('the hub knows every page of the router', () => {
  it('SITE_ROUTES (shared) lists exactly the router’s pages', () => {
    // The catch-all is the 404 page itself.
    const router = pagePaths(routes).filter((path) => path !== '/*');
    expect(new Set(router)).toEqual(new Set(SITE_ROUTES.map((route) => route.path)));
  });
});
