/**
 * The service worker (client/public/sw.js) is plain JavaScript served as it is, so it keeps its
 * own copy of the display's path rule and of the pages the hub names in `x-bianshi-page`. These
 * checks fail when either side changes alone.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISPLAY_PATH } from '@bianshi/shared';
import { appPageFor } from '../../hub/src/transport/static';

const sw = readFileSync(new URL('../../client/public/sw.js', import.meta.url), 'utf8');

describe('service worker paths', () => {
  it('keeps the same display path rule as shared/', () => {
    const copy = /const DISPLAY_PATH = \/(.+)\/;\n/.exec(sw)?.[1];
    expect(copy).toBe(DISPLAY_PATH.source);
  });

  it('knows every page the hub keeps offline by the name the hub gives it', () => {
    const keys = /const PAGE_KEYS = (\{[^}]*\});/.exec(sw)?.[1];
    const pageKeys = JSON.parse((keys ?? '{}').replace(/'/g, '"')) as Record<string, string>;
    const named = new Set(
      ['/', '/timer/abc', '/lobby/abc', '/lobby/abc?key=k'].map((path) =>
        appPageFor(new URL(path, 'http://hub'), undefined, 'bs-session'),
      ),
    );
    expect([...named].sort()).toEqual(['display.html', 'index.html', 'lobby-screen.html']);
    // The site and the display are kept; the audience's lobby page needs the network anyway.
    expect(pageKeys).toEqual({ 'index.html': '/', 'display.html': '/display.html' });
  });
});
