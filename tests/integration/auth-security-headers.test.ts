/**
 * Security headers of the hub: a Content-Security-Policy the app works under (scripts from this
 * origin plus the hashed inline colour-mode script), a locked policy for API answers, no foreign
 * framing, a referrer policy, and uploads served with fixed, safe content types.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../hub/src/transport/security-headers';
import { paths } from '../../hub/src/lib/paths';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('security headers', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ env: { CSP_CONNECT_SRC: 'https://collector.example' } });
  });
  afterAll(() => hub?.close());

  it('serves the app with a CSP it works under and the base headers', async () => {
    const response = await fetch(`${hub.url}/home`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'https://collector.example']);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const index = `${paths.clientDist}/index.html`;
    if (existsSync(index)) {
      // The hash is of the inline script actually served.
      const html = readFileSync(index, 'utf8');
      const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(csp.get('script-src')).toContain(
        `'sha256-${createHash('sha256').update(inline).digest('base64')}'`,
      );
    }
  });

  it('hashes only inline scripts', () => {
    expect(
      inlineScriptHashes('<script>a()</script><script type="module" src="/x.js"></script><script></script>'),
    ).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
  });

  it('locks API answers down', async () => {
    for (const path of ['/api/trpc/system.info', '/api/health', '/api/v1/formats', '/api/nothing']) {
      const response = await fetch(hub.url + path);
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('adds the Supabase project to connect-src when Supabase is configured, and nothing secret', async () => {
    const configured = await startHub({
      env: {
        SUPABASE_URL: 'https://abcd.supabase.co',
        SUPABASE_ANON_KEY: 'anon-public-key',
        SUPABASE_JWT_SECRET: 'super-secret-jwt-secret-value',
      },
    });
    try {
      const response = await fetch(`${configured.url}/`);
      const header = response.headers.get('content-security-policy') ?? '';
      expect(directives(header).get('connect-src')).toContain('https://abcd.supabase.co');
      expect(header).not.toContain('super-secret');
    } finally {
      await configured.close();
    }
  });

  it('serves uploads with a fixed content type, nosniff and a sandboxing CSP', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({});
    const upload = await fetch(`${hub.url}/api/uploads/${created.id}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const served = await fetch(hub.url + url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(served.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    // An HTML file disguised as an image is refused.
    const html = await fetch(`${hub.url}/api/uploads/${created.id}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'image/png' },
      body: '<html><script>alert(1)</script></html>',
    });
    expect(html.status).toBeGreaterThanOrEqual(400);
  });
});
