import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp, forwardedAddress } from './request';

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
