import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it.each([
    ['https://example.com/a?b=1', 'example.com'],
    ['http://例子.中国/路径', 'xn--fsqu00a.xn--fiqs8s'],
    ['  https://docs.example.org:8443/x  ', 'docs.example.org:8443'],
  ])('follows %j (host %j)', (to, host) => {
    const target = redirectTarget(to);
    expect(target.ok && target.host).toBe(host);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https://user:pass@evil.example',
    'ftp://example.com',
    '/docs',
    'https://\nevil.example',
  ])('refuses %j', (to) => expect(redirectTarget(to)).toEqual({ ok: false, reason: 'refused' }));

  it('reports a missing target', () => {
    expect(redirectTarget(null)).toEqual({ ok: false, reason: 'missing' });
    expect(redirectTarget('  ')).toEqual({ ok: false, reason: 'missing' });
  });
});
