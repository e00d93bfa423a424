import { describe, expect, it } from 'vitest';
import { consoleShortId, isProtectedPath, matchesPath, type ProtectionRules } from './path-matcher';

const DEFAULT_RULES: ProtectionRules = {
  protectedPaths: [
    '/home',
    '/record',
    '/workbench/**',
    '/ccf/**',
    '/admin/**',
    '/buy/verify',
    '/buy/invoice',
  ],
  excludedPaths: [],
  loginPath: '/auth/login',
  callbackPath: '/auth/callback',
};

describe('matchesPath', () => {
  it.each([
    ['/home', '/home', true],
    ['/home', '/home/', true],
    ['/home', '/HOME', true],
    ['/home', '/home?tab=1#x', true],
    ['/home', '/home/sub', false],
    ['/home', '/homepage', false],
    ['/workbench/**', '/workbench', true],
    ['/workbench/**', '/workbench/p1', true],
    ['/workbench/**', '/workbench/invite/abc', true],
    ['/workbench/**', '/workbenches', false],
    ['/record/*', '/record/m1', true],
    ['/record/*', '/record', false],
    ['/record/*', '/record/m1/x', false],
    ['/**', '/anything/at/all', true],
    ['/', '/', true],
  ] as const)('%s vs %s → %s', (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
  });
});

describe('isProtectedPath', () => {
  it.each([
    ['/home', true],
    ['/record', true],
    ['/record/m1', false],
    ['/workbench', true],
    ['/workbench/p1', true],
    ['/ccf/doc', true],
    ['/admin/cdkey', true],
    ['/buy/verify', true],
    ['/buy/invoice', true],
    ['/buy', false],
    ['/buy/cdkey', false],
    ['/', false],
    ['/timer/abc', false],
    ['/timer/manage/abc', false],
    ['/auth/login', false],
    ['/auth/callback', false],
    ['/docs/getting-started', false],
  ] as const)('default rules: %s → %s', (path, expected) => {
    expect(isProtectedPath(path, DEFAULT_RULES)).toBe(expected);
  });

  it('honours the exclude list', () => {
    const rules = { ...DEFAULT_RULES, excludedPaths: ['/workbench/invite/**'] };
    expect(isProtectedPath('/workbench/invite/abc', rules)).toBe(false);
    expect(isProtectedPath('/workbench/p1', rules)).toBe(true);
  });

  it('never protects the login and callback paths, even when listed', () => {
    const rules = { ...DEFAULT_RULES, protectedPaths: ['/**'] };
    expect(isProtectedPath('/auth/login', rules)).toBe(false);
    expect(isProtectedPath('/auth/callback?code=1', rules)).toBe(false);
    expect(isProtectedPath('/auth/logout', rules)).toBe(true);
  });
});

describe('consoleShortId', () => {
  it.each([
    ['/timer/manage/ab12cd34', 'ab12cd34'],
    ['/timer/manage/ab12cd34/skin', 'ab12cd34'],
    ['/timer/ab12cd34', null],
    ['/timer/manage', null],
  ] as const)('%s → %s', (path, expected) => {
    expect(consoleShortId(path)).toBe(expected);
  });
});
