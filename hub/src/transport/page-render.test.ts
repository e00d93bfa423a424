import { describe, expect, it } from 'vitest';
import { drawScreen, pageOrigin } from './page-render';

describe('drawScreen', () => {
  it("puts the markup in place of the page's screen region, marked for the service worker", () => {
    const page = '<div id="root"><!--bs-screen--><div class="splash">连接中</div><!--/bs-screen--></div>';
    expect(drawScreen(page, '<b>$& 03:00</b>')).toBe(
      '<div id="root"><!--bs-drawn--><b>$& 03:00</b><!--/bs-drawn--></div>',
    );
  });

  it('leaves a page without a screen region as it is', () => {
    expect(drawScreen('<div id="root"></div>', '<b>03:00</b>')).toBe('<div id="root"></div>');
  });
});

describe('pageOrigin', () => {
  it('is the Host the browser asked, over http unless the socket is TLS', () => {
    expect(pageOrigin({ host: '192.168.1.20:3000' }, false, false)).toBe('http://192.168.1.20:3000');
    expect(pageOrigin({ host: 'Timer.Example.org' }, true, false)).toBe('https://timer.example.org');
    expect(pageOrigin({ host: '[::1]:3000' }, false, false)).toBe('http://[::1]:3000');
  });

  it('takes the forwarded host and protocol only behind a trusted proxy', () => {
    const headers = {
      host: 'hub-2:3000',
      'x-forwarded-host': 'bianshi.example, proxy.internal',
      'x-forwarded-proto': 'https',
    };
    expect(pageOrigin(headers, false, true)).toBe('https://bianshi.example');
    expect(pageOrigin(headers, false, false)).toBe('http://hub-2:3000');
    expect(pageOrigin({ host: 'hub', 'x-forwarded-proto': 'gopher' }, false, true)).toBe('http://hub');
  });

  it('is null without a host, or for one that is not a host name', () => {
    expect(pageOrigin({}, false, false)).toBeNull();
    expect(pageOrigin({ host: 'evil.example/"><script>' }, false, false)).toBeNull();
    expect(pageOrigin({ host: 'a b' }, false, false)).toBeNull();
  });
});
