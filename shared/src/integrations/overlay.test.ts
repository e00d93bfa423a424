import { describe, expect, it } from 'vitest';
import { OVERLAY_PATH, overlayAddressOf, overlayPath } from './overlay';

describe('overlay addresses', () => {
  it.each([
    ['/timer/abc/overlay', true],
    ['/timer/abc/overlay/', true],
    ['/lobby/K7M2QP/overlay', true],
    ['/timer/manage/overlay', false],
    ['/timer/abc', false],
    ['/timer/abc/m1', false],
    ['/timer/abc/overlay/x', false],
  ])('%s is an overlay: %s', (path, yes) => {
    expect(OVERLAY_PATH.test(path)).toBe(yes);
  });

  it('reads layout, corner, scale, panel and keys with defaults and bounds', () => {
    expect(overlayAddressOf('/timer/abc/overlay', new URLSearchParams())).toEqual({
      kind: 'timer',
      id: 'abc',
      layout: 'corner',
      corner: 'tr',
      scale: 1,
      panel: 0.72,
    });
    expect(
      overlayAddressOf(
        '/lobby/L1/overlay',
        new URLSearchParams('layout=lower-third&scale=9&panel=-1&key=<bad>&token=tok_1'),
      ),
    ).toEqual({
      kind: 'lobby',
      id: 'L1',
      layout: 'lower-third',
      corner: 'tr',
      scale: 2,
      panel: 0,
      token: 'tok_1',
    });
    expect(
      overlayAddressOf('/timer/abc/overlay', new URLSearchParams('layout=nope&corner=bl')),
    ).toMatchObject({ layout: 'corner', corner: 'bl' });
  });

  it('writes an address that reads back the same', () => {
    const path = overlayPath('timer', 'abc', { layout: 'full', scale: 1.5, panel: 0, key: 'view_1' });
    expect(path).toBe('/timer/abc/overlay?layout=full&scale=1.5&panel=0&key=view_1');
    const url = new URL(path, 'http://x');
    expect(overlayAddressOf(url.pathname, url.searchParams)).toMatchObject({
      layout: 'full',
      scale: 1.5,
      panel: 0,
      key: 'view_1',
    });
    expect(overlayPath('timer', 'abc')).toBe('/timer/abc/overlay');
  });
});
