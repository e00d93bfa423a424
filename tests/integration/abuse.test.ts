/**
 * The attacker's view of the hub: what a stranger can send over real HTTP and real sockets.
 * Every case asserts the exact refusal (status, code, reason, Chinese message) and that the hub
 * is still healthy afterwards.
 *
 * Not here: a revoked session on an open socket (sign-out everywhere, a removed member, a
 * rotated control key). Revocation on open sockets is built on another branch (core-sync);
 * its case belongs beside that code.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { MAX_LOBBY_JOINS_PER_SOCKET, MAX_WATCHES_PER_SOCKET } from '../../hub/src/limits/connection-budget';
import { TRPC_HTTP_MAX_BATCH_CALLS, TRPC_HTTP_MAX_BODY_BYTES } from '../../hub/src/limits/http-limits';
import { fakePng, silentWav } from '../../hub/src/uploads/test-media.fixture';
import { startHub, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';
import { RawSocket, type Reply } from '../support/raw-socket';
import { speechFormat } from '../support/formats';

/** One ten-minute speech: nothing falls due while a test runs. */
const ONE_STAGE = speechFormat('abuse-test', '攻击测试', [600_000]);

interface ErrorEnvelope {
  error: { json: { message: string; code: number; data: { code: string; httpStatus: number; reason: string | null } } };
}

async function expectHealthy(hub: TestHub): Promise<void> {
  const response = await fetch(`${hub.url}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
}

function watchRequest(id: number, input: Record<string, unknown>, options: { viaTrpc?: boolean } = {}) {
  return { id, method: 'subscription', params: { path: 'timer.watch', input: { json: input, ...(options.viaTrpc ? { meta: { values: {} } } : {}) } } };
}

const started = (replies: Reply[], id: number) => replies.some((reply) => reply.id === id && reply.result?.type === 'data');
const errorOf = (replies: Reply[], id: number) => replies.find((reply) => reply.id === id && reply.error)?.error?.json;

describe('what a stranger can send', () => {
  let hub: TestHub;
  let dataDir: string;
  const sockets: RawSocket[] = [];
  const socket = async (headers: Record<string, string> = {}) => {
    const raw = new RawSocket(`${hub.wsUrl}?protocol=${PROTOCOL_VERSION}`, headers);
    sockets.push(raw);
    await raw.opened;
    return raw;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'bianshi-abuse-'));
    hub = await startHub({ env: { DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'error', UPLOAD_QUOTA_BYTES: String(1024 * 1024) } });
  });
  afterAll(async () => {
    for (const raw of sockets) raw.close();
    await hub?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function createTimer(address = '10.1.0.1') {
    return httpClient(hub.url, { 'x-forwarded-for': address }).timer.create.mutate({ format: ONE_STAGE });
  }

  describe('tRPC over HTTP', () => {
    it('refuses a body declared over 1 MB with 413, before reading it', async () => {
      const body = JSON.stringify({ json: { name: 'x'.repeat(TRPC_HTTP_MAX_BODY_BYTES) } });
      const response = await fetch(`${hub.url}/api/trpc/timer.create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(413);
      const envelope = (await response.json()) as ErrorEnvelope;
      expect(envelope.error.json).toMatchObject({ message: '请求内容过大（上限 1 MB）', data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413, reason: 'body-too-large' } });
      await expectHealthy(hub);
    });

    it('refuses a chunked body (no declared length) once it passes 1 MB, in Chinese', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"json":{"name":"'));
          sent += chunk.length;
          if (sent > 2 * TRPC_HTTP_MAX_BODY_BYTES) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${hub.url}/api/trpc/timer.create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
      expect(response.status).toBe(413);
      const envelope = (await response.json()) as ErrorEnvelope;
      expect(envelope.error.json).toMatchObject({ message: '请求内容过大（上限 1 MB）', data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } });
      await expectHealthy(hub);
    });

    it(`refuses a batch of more than ${TRPC_HTTP_MAX_BATCH_CALLS} calls with 413, and serves one of exactly that many`, async () => {
      const batch = (calls: number) => {
        const paths = Array.from({ length: calls }, () => 'system.time').join(',');
        const input = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, {}]));
        return fetch(`${hub.url}/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
      };
      const refused = await batch(TRPC_HTTP_MAX_BATCH_CALLS + 1);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as ErrorEnvelope).error.json).toMatchObject({
        message: `一次批量请求最多包含 ${TRPC_HTTP_MAX_BATCH_CALLS} 个调用`,
        data: { code: 'PAYLOAD_TOO_LARGE', reason: 'batch-too-large' },
      });
      const served = await batch(TRPC_HTTP_MAX_BATCH_CALLS);
      expect(served.status).toBe(200);
      expect(((await served.json()) as unknown[]).length).toBe(TRPC_HTTP_MAX_BATCH_CALLS);
      await expectHealthy(hub);
    });
  });

  describe('watch floods in one frame', () => {
    it.each([
      ['the fast path', false],
      ["tRPC's adapter", true],
    ] as const)(`opens at most ${MAX_WATCHES_PER_SOCKET} watches per socket through %s, refusing the rest in Chinese`, async (_path, viaTrpc) => {
      const { id } = await createTimer();
      const raw = await socket();
      const flood = Array.from({ length: 200 }, (_, index) => watchRequest(index + 1, { timerId: id, role: 'audience' }, { viaTrpc }));
      const frame = JSON.stringify(flood);
      expect(frame.length).toBeLessThan(64 * 1024);
      raw.send(frame);
      await raw.until((replies) => flood.every((request) => started(replies, request.id) || errorOf(replies, request.id)), 20_000);
      const served = flood.filter((request) => started(raw.replies, request.id));
      const refused = flood.map((request) => errorOf(raw.replies, request.id)).filter(Boolean);
      expect(served.length).toBe(MAX_WATCHES_PER_SOCKET);
      expect(refused.length).toBe(200 - MAX_WATCHES_PER_SOCKET);
      expect(refused[0]).toMatchObject({
        message: `这个连接同时观看的计时器过多（上限 ${MAX_WATCHES_PER_SOCKET} 个），请关闭不用的页面后重试`,
        data: { code: 'TOO_MANY_REQUESTS', reason: 'too-many-watches' },
      });
      expect([...hub.services.rooms.currentRoomOf(id)!.allSessions].length).toBe(MAX_WATCHES_PER_SOCKET);
      // Closing the socket gives every slot back, to the socket's address too.
      raw.close();
      await raw.closed;
      await expect.poll(() => hub.services.subscriptions.of('127.0.0.1')).toBe(0);
      await expectHealthy(hub);
    });

    it('frees a slot when a watch stops, so stop-and-reopen never exceeds the cap', async () => {
      const { id } = await createTimer();
      const raw = await socket();
      raw.send(Array.from({ length: MAX_WATCHES_PER_SOCKET }, (_, index) => watchRequest(index + 1, { timerId: id, role: 'audience' })));
      await raw.until((replies) => Array.from({ length: MAX_WATCHES_PER_SOCKET }, (_, index) => index + 1).every((watch) => started(replies, watch)));
      raw.send({ id: 1, method: 'subscription.stop' });
      await raw.until((replies) => replies.some((reply) => reply.id === 1 && reply.result?.type === 'stopped'));
      raw.send([watchRequest(500, { timerId: id, role: 'audience' }), watchRequest(501, { timerId: id, role: 'audience' })]);
      await raw.until((replies) => started(replies, 500) && errorOf(replies, 501) !== undefined);
      expect(errorOf(raw.replies, 501)).toMatchObject({ data: { code: 'TOO_MANY_REQUESTS', reason: 'too-many-watches' } });
      raw.close();
      await expectHealthy(hub);
    });

    it(`lets one socket join at most ${MAX_LOBBY_JOINS_PER_SOCKET} lobbies`, async () => {
      const lobby = await httpClient(hub.url, { 'x-forwarded-for': '10.1.0.2' }).lobby.create.mutate({ name: '攻击测试大厅' });
      const raw = await socket();
      const joins = Array.from({ length: MAX_LOBBY_JOINS_PER_SOCKET + 3 }, (_, index) => ({
        id: index + 1,
        method: 'subscription',
        params: { path: 'lobby.watch', input: { json: { lobbyId: lobby.id, role: 'audience' } } },
      }));
      raw.send(joins);
      await raw.until((replies) => joins.every((join) => started(replies, join.id) || errorOf(replies, join.id)));
      expect(joins.filter((join) => started(raw.replies, join.id)).length).toBe(MAX_LOBBY_JOINS_PER_SOCKET);
      expect(errorOf(raw.replies, joins.at(-1)!.id)).toMatchObject({
        message: `这个连接同时加入的大厅过多（上限 ${MAX_LOBBY_JOINS_PER_SOCKET} 个）`,
        data: { code: 'TOO_MANY_REQUESTS', reason: 'too-many-lobby-joins' },
      });
      raw.close();
      await expectHealthy(hub);
    });
  });

  describe('role claims', () => {
    it.each([
      ['the fast path', false],
      ["tRPC's adapter", true],
    ] as const)('refuses a viewer claiming judge or controller through %s; a control key may', async (_path, viaTrpc) => {
      const { id, controlKey } = await createTimer();
      // The room is loaded (a display watches), so the fast path could answer without the database.
      const display = await socket();
      display.send(watchRequest(1, { timerId: id, role: 'display' }));
      await display.until((replies) => started(replies, 1));

      const stranger = await socket();
      stranger.send([watchRequest(1, { timerId: id, role: 'judge' }, { viaTrpc }), watchRequest(2, { timerId: id, role: 'controller' }, { viaTrpc })]);
      await stranger.until((replies) => errorOf(replies, 1) !== undefined && errorOf(replies, 2) !== undefined);
      expect(errorOf(stranger.replies, 1)).toMatchObject({ message: '以评委身份观看需要评委邀请或控制权限', data: { code: 'FORBIDDEN', reason: 'judge-required' } });
      expect(errorOf(stranger.replies, 2)).toMatchObject({ message: '以控制台身份观看需要控制权限', data: { code: 'FORBIDDEN', reason: 'control-required' } });
      expect(started(stranger.replies, 1) || started(stranger.replies, 2)).toBe(false);

      const judge = await socket({ authorization: `Bearer ${controlKey}` });
      judge.send(watchRequest(1, { timerId: id, role: 'judge' }, { viaTrpc }));
      await judge.until((replies) => started(replies, 1));
      await expect.poll(() => [...hub.services.rooms.currentRoomOf(id)!.allSessions].map((session) => session.info.role).sort()).toEqual(['display', 'judge']);
      for (const raw of [display, stranger, judge]) raw.close();
      await expectHealthy(hub);
    });
  });

  describe('forged X-Forwarded-For', () => {
    it('limits by the address the proxy appended, whatever the client put in front of it', async () => {
      const proxySaw = '198.51.100.7';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 25; attempt += 1) {
        // A fresh forged address each time: with the leftmost value believed, no limit would ever apply.
        const forged = `203.0.113.${attempt}, ${proxySaw}`;
        const response = await fetch(`${hub.url}/api/v1/timers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
          body: JSON.stringify({ format: ONE_STAGE }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await response.json()).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', reason: 'rate-limited', message: '操作过于频繁，请稍后再试' } });
        }
      }
      expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 201));
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
      // Another client behind the same proxy has its own budget.
      const other = await fetch(`${hub.url}/api/v1/timers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${proxySaw}, 198.51.100.8` },
        body: JSON.stringify({ format: ONE_STAGE }),
      });
      expect(other.status).toBe(201);
      await expectHealthy(hub);
    });
  });

  describe('uploads', () => {
    const upload = (timerId: string, controlKey: string, kind: string, type: string, bytes: Uint8Array) =>
      fetch(`${hub.url}/api/uploads/${timerId}/${kind}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${controlKey}`, 'content-type': type, 'x-forwarded-for': '10.1.0.9' },
        body: new Uint8Array(bytes),
      });

    /** A 30 s WAV (mono, 8 kHz, 16-bit) with one field overwritten. */
    const forgedWav = (offset: number, value: number, width: 2 | 4 = 4) => {
      const bytes = silentWav(30_000);
      const fields = new DataView(bytes.buffer);
      if (width === 2) fields.setUint16(offset, value, true);
      else fields.setUint32(offset, value, true);
      return bytes;
    };

    it.each([
      ['a byteRate ten times the truth (would read as 3 s)', forgedWav(28, 8000 * 2 * 10), 415, 'audio-unreadable'],
      ['a blockAlign that disagrees with its channels and bits', forgedWav(32, 8, 2), 415, 'audio-unreadable'],
      ['a streaming data size (0xFFFFFFFF): measured from the data present', forgedWav(40, 0xffffffff), 400, 'audio-too-long'],
    ] as const)('refuses a 30 s WAV with %s', async (_name, bytes, status, reason) => {
      const { id, controlKey } = await createTimer('10.1.0.3');
      const response = await upload(id, controlKey, 'sound', 'audio/wav', bytes);
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { reason: string; message: string } };
      expect(body.error.reason).toBe(reason);
      expect(body.error.message).toMatch(/音频/);
      await expectHealthy(hub);
    });

    it('refuses a WAV whose fields disagree with 415 and a Chinese message', async () => {
      const { id, controlKey } = await createTimer('10.1.0.4');
      const response = await upload(id, controlKey, 'sound', 'audio/wav', forgedWav(28, 8000 * 2 * 10));
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: { reason: 'audio-unreadable', message: '无法读取音频时长，请换一个文件（建议使用 WAV、MP3 或 OGG）' } });
    });

    it('keeps each timer within its upload quota', async () => {
      const { id, controlKey } = await createTimer('10.1.0.5');
      const first = await upload(id, controlKey, 'logo', 'image/png', fakePng(700 * 1024));
      expect(first.status).toBe(201);
      const second = await upload(id, controlKey, 'logo', 'image/png', fakePng(700 * 1024));
      expect(second.status).toBe(413);
      expect(await second.json()).toMatchObject({
        error: { reason: 'quota-exceeded', message: expect.stringMatching(/^这个计时器的上传空间已满（上限 1 MB，已用 700 KB）/) as unknown },
      });
      // Another timer has its own quota.
      const other = await createTimer('10.1.0.6');
      expect((await upload(other.id, other.controlKey, 'logo', 'image/png', fakePng(700 * 1024))).status).toBe(201);
      await expectHealthy(hub);
    });
  });
});

describe('subscriptions per address', () => {
  let hub: TestHub;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    hub = await startHub({ env: { MAX_SUBSCRIPTIONS_PER_ADDRESS: '5', LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    for (const raw of sockets) raw.close();
    await hub?.close();
  });

  it('caps the live subscriptions of one address across its sockets, and frees them on close', async () => {
    const { id } = await httpClient(hub.url).timer.create.mutate({ format: ONE_STAGE });
    const open = async () => {
      const raw = new RawSocket(`${hub.wsUrl}?protocol=${PROTOCOL_VERSION}`);
      sockets.push(raw);
      await raw.opened;
      return raw;
    };
    const [a, b, c] = [await open(), await open(), await open()];
    for (const raw of [a, b, c]) raw.send([watchRequest(1, { timerId: id }), watchRequest(2, { timerId: id })]);
    for (const raw of [a, b, c]) await raw.until((replies) => [1, 2].every((watch) => started(replies, watch) || errorOf(replies, watch)));
    const outcomes = [a, b, c].flatMap((raw) => [1, 2].map((watch) => (started(raw.replies, watch) ? 'ok' : errorOf(raw.replies, watch)?.data.reason)));
    expect(outcomes.filter((outcome) => outcome === 'ok').length).toBe(5);
    expect(outcomes.filter((outcome) => outcome === 'too-many-from-address').length).toBe(1);
    const refused = [a, b, c].map((raw) => errorOf(raw.replies, 1) ?? errorOf(raw.replies, 2)).find(Boolean);
    expect(refused).toMatchObject({ message: '来自你的网络地址的实时连接过多（上限 5 个），请稍后再试', data: { code: 'TOO_MANY_REQUESTS' } });

    a.close();
    await a.closed;
    await expect.poll(() => hub.services.subscriptions.of('127.0.0.1')).toBe(3);
    c.send(watchRequest(3, { timerId: id }));
    await c.until((replies) => started(replies, 3));
    await expectHealthy(hub);
  });
});
