import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { clientIp, cookieOf, forwardedAddress, readBodyUpTo } from './request';

const request = (forwarded: string | string[] | undefined, remoteAddress = '10.0.0.1') =>
  ({
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

describe('the client address behind proxies', () => {
  it.each([
    // header, hops, address
    ['203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 7.7.7.7, 203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9, 10.0.0.2', 2, '203.0.113.9'],
    ['203.0.113.9', 2, '203.0.113.9'],
    [' 6.6.6.6 ,203.0.113.9 ', 1, '203.0.113.9'],
  ] as const)('%s with %i trusted hop(s) → %s', (header, hops, address) => {
    expect(forwardedAddress(header, hops)).toBe(address);
  });

  it('reads several X-Forwarded-For headers as one list', () => {
    expect(forwardedAddress(['6.6.6.6', '203.0.113.9'], 1)).toBe('203.0.113.9');
  });

  it('uses the socket address without TRUST_PROXY, or when the header is empty', () => {
    expect(clientIp(request('6.6.6.6'), { TRUST_PROXY: false, TRUST_PROXY_HOPS: 1 })).toBe('10.0.0.1');
    expect(clientIp(request(' , '), { TRUST_PROXY: true, TRUST_PROXY_HOPS: 1 })).toBe('10.0.0.1');
    expect(clientIp(request(undefined), { TRUST_PROXY: true, TRUST_PROXY_HOPS: 1 })).toBe('10.0.0.1');
  });

  it('never takes the leftmost, client-supplied value behind one proxy', () => {
    expect(clientIp(request('1.1.1.1, 203.0.113.9'), { TRUST_PROXY: true, TRUST_PROXY_HOPS: 1 })).toBe(
      '203.0.113.9',
    );
  });
});

describe('readBodyUpTo', () => {
  const request = (chunks: string[], headers: Record<string, string> = {}) => {
    const req = Readable.from(chunks.map((chunk) => Buffer.from(chunk))) as unknown as IncomingMessage;
    req.headers = headers;
    return req;
  };

  it('reads a body up to the limit, and refuses one past it as soon as it passes', async () => {
    expect((await readBodyUpTo(request(['{"a"', ':1}']), 16))?.toString()).toBe('{"a":1}');
    expect(await readBodyUpTo(request(['0123456789', '0123456789']), 16)).toBeNull();
  });

  it('refuses a declared length over the limit before reading', async () => {
    expect(await readBodyUpTo(request(['x'], { 'content-length': '17' }), 16)).toBeNull();
  });
});

describe('cookieOf', () => {
  it('reads one cookie, or null without a Cookie header', () => {
    expect(
      cookieOf({ headers: { cookie: 'a=1; bs-session=tok%20en' } } as IncomingMessage, 'bs-session'),
    ).toBe('tok en');
    expect(cookieOf({ headers: {} } as IncomingMessage, 'bs-session')).toBeNull();
  });
});
