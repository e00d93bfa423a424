import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPC_HTTP_LARGE_BODIES } from '@bianshi/shared';
import { createLargeBodyClient } from './large-body-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createLargeBodyClient', () => {
  it('sends each call over HTTP alone, the way the hub lets a large body through', async () => {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        requests.push({ url, body: init.body });
        const body = JSON.stringify([{ result: { data: { json: null } } }]);
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
      }),
    );
    const client = createLargeBodyClient('http://hub.test/api/trpc');
    const files = { 'teams.csv': 'name\n' };
    await Promise.all([
      client.tournament.importTabbycat.mutate({ files }),
      client.tournament.importTabbycat.mutate({ files }),
    ]);
    expect(requests.map((request) => request.url)).toEqual([
      'http://hub.test/api/trpc/tournament.importTabbycat?batch=1',
      'http://hub.test/api/trpc/tournament.importTabbycat?batch=1',
    ]);
    expect(JSON.parse(requests[0]!.body as string)).toEqual({ 0: { json: { files } } });
    expect(Object.keys(TRPC_HTTP_LARGE_BODIES)).toEqual(['tournament.importTabbycat']);
  });
});
