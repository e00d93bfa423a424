import { describe, expect, it } from 'vitest';
import { SvgRejected, sanitizeSvg } from './svg-sanitizer';

const wrap = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps drawing elements, attributes and internal references', () => {
    const out = sanitizeSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1" y="5">辩时 &amp; 计时</text>',
      ),
    );
    expect(out).toContain('<rect width="10" height="10" fill="url(#g)"/>');
    expect(out).toContain('<use href="#g"/>');
    expect(out).toContain('<text x="1" y="5">辩时 &amp; 计时</text>');
    expect(out).toContain('viewBox="0 0 10 10"');
  });

  it.each([
    ['script elements', wrap('<script>alert(1)</script><circle r="1"/>'), /script|alert/i],
    [
      'event handlers',
      wrap('<circle r="1" onclick="alert(1)" onmouseover="x()"/>', ' onload="alert(1)"'),
      /on\w+=/i,
    ],
    [
      'foreignObject',
      wrap('<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>'),
      /foreignObject|iframe|evil/i,
    ],
    [
      'external href',
      wrap('<use href="https://evil.example/x.svg#a"/><use xlink:href="javascript:alert(1)"/>'),
      /evil|javascript/i,
    ],
    [
      'external url() in attributes',
      wrap('<rect fill="url(https://evil.example/a)" style="background:url(//evil.example)"/>'),
      /evil/i,
    ],
    [
      'encoded javascript',
      wrap('<a href="&#106;avascript:alert(1)"><rect/></a><rect style="x:&#106;avascript:alert(1)"/>'),
      /javascript|alert|<a/i,
    ],
    [
      'style elements',
      wrap('<style>@import url(https://evil.example/x.css);</style><rect/>'),
      /style|evil|@import/i,
    ],
    ['image elements', wrap('<image href="https://evil.example/p.png"/>'), /image|evil/i],
    [
      'animation that sets href',
      wrap('<set attributeName="href" to="javascript:alert(1)"/><animate attributeName="onclick"/>'),
      /set|animate|javascript/i,
    ],
    [
      'namespaced elements',
      wrap('<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>'),
      /script|alert/i,
    ],
  ])('removes %s', (_, input, forbidden) => {
    const out = sanitizeSvg(input);
    expect(out).not.toMatch(forbidden);
    expect(out.startsWith('<?xml')).toBe(true);
  });

  it.each([
    ['a DOCTYPE with entities', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'],
    ['a root that is not svg', '<html><svg></svg></html>'],
    ['unbalanced tags', '<svg><g></svg>'],
    ['an unclosed root', '<svg><rect/>'],
    ['stray markup', '<svg><rect/ <</svg>'],
    ['content after the root', '<svg></svg><script>alert(1)</script>'],
  ])('rejects %s', (_, input) => {
    expect(() => sanitizeSvg(input)).toThrow(SvgRejected);
  });

  it('escapes text so nothing closes early', () => {
    const out = sanitizeSvg(wrap('<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>'));
    expect(out).toContain('<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>');
    expect(out).not.toContain('<script');
  });
});
