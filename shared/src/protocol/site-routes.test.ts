import { describe, expect, it } from 'vitest';
import { matchSiteRoute } from './site-routes';

describe('matchSiteRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/timer/abc', '/timer/:id', { id: 'abc' }],
    ['/timer/abc/', '/timer/:id', { id: 'abc' }],
    ['/timer/abc/m1', '/timer/:id/:matchid', { id: 'abc', matchid: 'm1' }],
    ['/timer/manage/xyz', '/timer/manage/:shortid', { shortid: 'xyz' }],
    ['/timer/manage/xyz/timing', '/timer/manage/:shortid/timing', { shortid: 'xyz' }],
    ['/timer/invite/tok', '/timer/invite/:token', { token: 'tok' }],
    ['/worldcup/new', '/worldcup/new', {}],
    ['/worldcup/cup-2026', '/worldcup/:slug', { slug: 'cup-2026' }],
    ['/worldcup/cup/live', '/worldcup/:slug/live/:roundId?', { slug: 'cup' }],
    ['/worldcup/cup/live/r1', '/worldcup/:slug/live/:roundId?', { slug: 'cup', roundId: 'r1' }],
    ['/docs/guide/console', '/docs/*', {}],
    ['/lobby/L1', '/lobby/:id', { id: 'L1' }],
  ])('%s is %s', (pathname, path, params) => {
    expect(matchSiteRoute(pathname)).toEqual(
      expect.objectContaining({ route: expect.objectContaining({ path }), params }),
    );
  });

  it.each(['/no/such/page', '/timer', '/timer/manage/xyz/nope', '/lobby/a/b', '/record/a/b'])(
    '%s is no page',
    (pathname) => {
      expect(matchSiteRoute(pathname)).toBeNull();
    },
  );
});
