import { describe, expect, it } from 'vitest';
import {
  clearedRedirectCookie,
  readRedirectPath,
  redirectCookie,
  redirectCookieName,
  safeRedirectPath,
} from './redirect-path';

describe('redirect path cookie', () => {
  it('is named with the auth cookie prefix and the suffix redirect-path', () => {
    expect(redirectCookieName('bs')).toBe('bs-redirect-path');
    expect(redirectCookieName('sb')).toBe('sb-redirect-path');
  });

  it('round-trips the full path with query and hash', () => {
    const full = '/timer/manage/ab12cd34/skin?tab=颜色&x=1#top';
    const cookie = redirectCookie('bs', full, false);
    expect(cookie).toMatch(/^bs-redirect-path=[^;]+; Path=\/; SameSite=Lax; Max-Age=1800$/);
    const header = `other=1; ${cookie.split(';')[0]}; more=2`;
    expect(readRedirectPath(header, 'bs')).toBe(full);
    expect(redirectCookie('bs', full, true)).toMatch(/; Secure$/);
    expect(clearedRedirectCookie('bs')).toMatch(/Max-Age=0/);
  });

  it.each([
    ['/home', '/home'],
    ['/timer/manage/x?y=1#z', '/timer/manage/x?y=1#z'],
    ['https://evil.example/', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['javascript:alert(1)', null],
    ['/auth/login', null],
    ['', null],
    [null, null],
  ] as const)('safeRedirectPath(%j) → %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it('ignores a malformed or unsafe cookie', () => {
    expect(readRedirectPath('bs-redirect-path=%E0%A4%A', 'bs')).toBeNull();
    expect(readRedirectPath(`bs-redirect-path=${encodeURIComponent('//evil.example')}`, 'bs')).toBeNull();
    expect(readRedirectPath('', 'bs')).toBeNull();
  });
});
