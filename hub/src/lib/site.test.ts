import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { siteBase } from './site';

function request(headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { headers, socket: { encrypted } } as unknown as IncomingMessage;
}

describe('siteBase', () => {
  const cases: {
    name: string;
    config: { SITE_URL?: string; PORT: number; TRUST_PROXY: boolean };
    req: IncomingMessage | null;
    base: string;
  }[] = [
    {
      name: 'SITE_URL wins',
      config: { SITE_URL: 'https://bianshi.example/', PORT: 3900, TRUST_PROXY: false },
      req: request({ host: 'other:1' }),
      base: 'https://bianshi.example',
    },
    {
      name: 'the request Host',
      config: { PORT: 3900, TRUST_PROXY: false },
      req: request({ host: '192.168.1.5:3900' }),
      base: 'http://192.168.1.5:3900',
    },
    {
      name: 'TLS',
      config: { PORT: 443, TRUST_PROXY: false },
      req: request({ host: 'hub.local' }, true),
      base: 'https://hub.local',
    },
    {
      name: 'a trusted proxy',
      config: { PORT: 3900, TRUST_PROXY: true },
      req: request({
        host: '10.0.0.2:3900',
        'x-forwarded-host': 'bianshi.example',
        'x-forwarded-proto': 'https',
      }),
      base: 'https://bianshi.example',
    },
    {
      name: 'an untrusted proxy header',
      config: { PORT: 3900, TRUST_PROXY: false },
      req: request({ host: '10.0.0.2:3900', 'x-forwarded-host': 'evil.example' }),
      base: 'http://10.0.0.2:3900',
    },
    {
      name: 'a garbage Host',
      config: { PORT: 3900, TRUST_PROXY: false },
      req: request({ host: 'evil.example/"><script>' }),
      base: 'http://localhost:3900',
    },
    {
      name: 'no request',
      config: { PORT: 3900, TRUST_PROXY: false },
      req: null,
      base: 'http://localhost:3900',
    },
  ];
  it.each(cases)('$name', ({ config, req, base }) => {
    expect(siteBase(config, req)).toBe(base);
  });
});
