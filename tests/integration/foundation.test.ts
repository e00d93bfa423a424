import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { DATABASE_KINDS, startHub, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';

describe.each(DATABASE_KINDS)('hub foundation on %s', (kind) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ database: kind });
  });
  afterAll(() => hub?.close());

  it('reports health with version, database kind and reachability', async () => {
    const response = await fetch(`${hub.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: { kind, reachable: true } });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptimeS).toBe('number');
  });

  it('answers tRPC queries over batched HTTP GET with superjson', async () => {
    const client = httpClient(hub.url);
    const [info, time] = await Promise.all([client.system.info.query(), client.system.time.query()]);
    expect(info).toMatchObject({ protocolVersion: PROTOCOL_VERSION, database: kind });
    expect(Math.abs(time.serverNow - Date.now())).toBeLessThan(5_000);
  });

  it('uses GET with a JSON input parameter and batch=1 on the wire', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }));
    const response = await fetch(`${hub.url}/api/trpc/system.info,system.time?batch=1&input=${input}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toHaveLength(2);
    expect(body[0].result.data.json.name).toBe('辩时 Bianshi');
  });

  it('answers tRPC queries over WebSocket on the same path', async () => {
    const { client, close } = wsClient(hub.wsUrl, { protocol: String(PROTOCOL_VERSION) });
    try {
      const info = await client.system.info.query();
      expect(info.database).toBe(kind);
    } finally {
      close();
    }
  });
});

describe('hub transport edges', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  it('returns a JSON 404 for an unknown API path and a tRPC 404 for an unknown procedure', async () => {
    const api = await fetch(`${hub.url}/api/nope`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
    const trpc = await fetch(`${hub.url}/api/trpc/system.nope`);
    expect(trpc.status).toBe(404);
  });

  it('closes a WebSocket that claims another protocol version with a named reason', async () => {
    const socket = new WebSocket(`${hub.wsUrl}?protocol=${PROTOCOL_VERSION + 99}`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: 4000, reason: 'protocol-mismatch' });
  });

  it('closes a WebSocket that sends a frame over the payload bound', async () => {
    const socket = new WebSocket(hub.wsUrl);
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send('x'.repeat(200 * 1024));
    expect(await closed).toBe(1009);
    const health = await fetch(`${hub.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('refuses WebSocket upgrades on other paths', async () => {
    const socket = new WebSocket(hub.url.replace('http', 'ws') + '/elsewhere');
    const error = await new Promise<Error>((resolve) => socket.on('error', resolve));
    expect(error.message).toMatch(/404/);
  });
});

describe('configuration', () => {
  it('stops with one line naming a bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'hub/src/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  it('rejects a DATABASE_URL that is not Postgres', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'hub/src/main.ts'], {
      env: { ...process.env, DATABASE_URL: 'mysql://x' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});
