import { describe, expect, it } from 'vitest';
import { isCompressible, preferredCoding } from './http-encoding';

describe('preferredCoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    [['gzip', 'br'], 'br'],
    ['deflate', null],
  ] as const)('%j → %s', (header, coding) => {
    expect(preferredCoding(header as string | string[] | undefined)).toBe(coding);
  });

  it('only offers what exists', () => {
    expect(preferredCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredCoding('br', ['gzip'])).toBeNull();
  });
});

describe('isCompressible', () => {
  it.each([
    ['text/javascript; charset=utf-8', true],
    ['text/css; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/manifest+json; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/wasm', true],
    ['image/png', false],
    ['font/woff2', false],
    ['audio/mpeg', false],
  ])('%s → %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});
