import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, decideChunkReload, isChunkLoadError, parseRecord } from './chunk-reload';

describe('isChunkLoadError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), true],
    [new TypeError('error loading dynamically imported module'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/a.css'), true],
    [Object.assign(new Error('x'), { name: 'ChunkLoadError' }), true],
    [new Error('something else'), false],
    ['Failed to fetch dynamically imported module', false],
    [null, false],
  ])('%s → %s', (error, expected) => expect(isChunkLoadError(error)).toBe(expected));
});

describe('decideChunkReload', () => {
  it('reloads the first time and records it', () => {
    expect(decideChunkReload(undefined, '/topic', 1000)).toEqual({
      reload: true,
      record: { path: '/topic', at: 1000 },
    });
  });

  it('does not reload the same path again within 10 s (no loop)', () => {
    const first = decideChunkReload(undefined, '/topic', 1000);
    if (!first.reload) throw new Error('expected a reload');
    expect(decideChunkReload(first.record, '/topic', 1000 + CHUNK_RELOAD_WINDOW_MS - 1)).toEqual({
      reload: false,
    });
  });

  it('reloads again after the window, or for another path', () => {
    const record = { path: '/topic', at: 1000 };
    expect(decideChunkReload(record, '/topic', 1000 + CHUNK_RELOAD_WINDOW_MS).reload).toBe(true);
    expect(decideChunkReload(record, '/record', 1500).reload).toBe(true);
  });

  it('treats a record from the future (clock change) as stale', () => {
    expect(decideChunkReload({ path: '/a', at: 50_000 }, '/a', 1000).reload).toBe(true);
  });
});

describe('parseRecord', () => {
  it('reads valid records and ignores garbage', () => {
    expect(parseRecord('{"path":"/a","at":5}')).toEqual({ path: '/a', at: 5 });
    expect(parseRecord('{"path":1}')).toBeUndefined();
    expect(parseRecord('nope')).toBeUndefined();
    expect(parseRecord(null)).toBeUndefined();
  });
});
