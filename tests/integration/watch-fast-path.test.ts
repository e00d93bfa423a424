/**
 * `timer.watch` over WebSocket is served by the hub's fast path beside tRPC's adapter. These
 * tests speak the raw wire: what a client sees must not depend on which of the two served it.
 * A watch whose input carries superjson `meta` is left to tRPC's adapter, which makes it the
 * reference to compare against.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@bianshi/shared';
import { startHub, type TestHub } from '../support/hub';
import { httpClient, type HubClient } from '../support/trpc';
import { speechFormat } from '../support/formats';
import { RawSocket, type Reply } from '../support/raw-socket';

const dataOf = (id: number) => (replies: Reply[]) =>
  replies.filter(
    (reply) => reply.id === id && reply.result?.type === 'data' && reply.result.id !== undefined,
  );
const typeOf = (id: number, type: string) => (replies: Reply[]) =>
  replies.some((reply) => reply.id === id && reply.result?.type === type);
const errorOf = (id: number) => (replies: Reply[]) =>
  replies.find((reply) => reply.id === id && reply.error)?.error;

function watchRequest(id: number, input: Record<string, unknown>, options: { viaTrpc?: boolean } = {}) {
  // `meta` (even empty) is what the fast path leaves to tRPC's adapter.
  return {
    id,
    method: 'subscription',
    params: {
      path: 'timer.watch',
      input: { json: input, ...(options.viaTrpc ? { meta: { values: {} } } : {}) },
    },
  };
}

/** One ten-minute speech: nothing falls due while a test runs. */
const ONE_STAGE = speechFormat('fast-path-test', '快速通道测试', [600_000]);

describe('timer.watch fast path on the raw wire', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  const sockets: RawSocket[] = [];
  const socket = async (query = '') => {
    const raw = new RawSocket(`${hub.wsUrl}?protocol=${PROTOCOL_VERSION}${query}`);
    sockets.push(raw);
    await raw.opened;
    return raw;
  };

  beforeAll(async () => {
    hub = await startHub();
    anonymous = httpClient(hub.url);
  });
  afterAll(async () => {
    for (const raw of sockets) raw.close();
    await hub?.close();
  });

  async function createTimer() {
    const created = await anonymous.timer.create.mutate({ format: ONE_STAGE });
    return { ...created, controller: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }) };
  }

  it('sends the same bytes as tRPC’s adapter: started, then the tracked snapshot and changes', async () => {
    const { id, controller } = await createTimer();
    const fast = await socket();
    const reference = await socket();
    fast.send(watchRequest(3, { timerId: id, role: 'audience' }));
    reference.send(watchRequest(3, { timerId: id, role: 'audience' }, { viaTrpc: true }));
    await fast.until((replies) => dataOf(3)(replies).length === 1);
    await reference.until((replies) => dataOf(3)(replies).length === 1);
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await fast.until((replies) => dataOf(3)(replies).length === 2);
    await reference.until((replies) => dataOf(3)(replies).length === 2);

    // Which path served which watch: only the hub can tell.
    const sessions = [...hub.services.rooms.currentRoomOf(id)!.allSessions];
    expect(sessions.map((session) => session.deliversDirectly).sort()).toEqual([false, true]);

    const tracked = (raw: RawSocket) =>
      raw.texts.filter((text) => text.includes('"type":"data"') && /"id":"[^"]+:\d+"/.test(text));
    expect(fast.replies[0]).toEqual({ id: 3, result: { type: 'started' } });
    expect(reference.replies[0]).toEqual({ id: 3, result: { type: 'started' } });
    expect(tracked(fast)).toEqual(tracked(reference));
    const [snapshot, change] = dataOf(3)(fast.replies);
    expect(snapshot!.result!.data!.json.data).toMatchObject({ type: 'snapshot', version: 0 });
    expect(change!.result!.data!.json.data).toMatchObject({ type: 'change', version: 1 });
  });

  it('answers the rest of a batched message through tRPC', async () => {
    const { id } = await createTimer();
    const raw = await socket();
    raw.send([
      watchRequest(1, { timerId: id, role: 'display' }),
      { id: 2, method: 'query', params: { path: 'clock.ping', input: { json: null } } },
    ]);
    await raw.until(
      (replies) =>
        dataOf(1)(replies).length === 1 &&
        replies.some((reply) => reply.id === 2 && reply.result?.type === 'data'),
    );
    const ping = raw.replies.find((reply) => reply.id === 2)!;
    expect(ping.result!.data!.json).toMatchObject({
      receivedAt: expect.any(Number),
      sentAt: expect.any(Number),
    });
  });

  it('stops a watch on subscription.stop: stopped, and nothing more', async () => {
    const { id, controller } = await createTimer();
    const raw = await socket();
    raw.send(watchRequest(5, { timerId: id, role: 'audience' }));
    await raw.until((replies) => dataOf(5)(replies).length === 1);
    raw.send({ id: 5, method: 'subscription.stop' });
    await raw.until(typeOf(5, 'stopped'));
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    // A second watch on the same socket sees the change; the stopped one does not.
    raw.send(watchRequest(6, { timerId: id, role: 'audience' }));
    await raw.until((replies) => dataOf(6)(replies).length === 1);
    expect(dataOf(5)(raw.replies)).toHaveLength(1);
    expect(dataOf(6)(raw.replies)[0]!.result!.data!.json.data).toMatchObject({
      type: 'snapshot',
      version: 1,
    });
  });

  it('reports a missing timer and a refused role exactly as tRPC does', async () => {
    const { id } = await createTimer();
    const fast = await socket();
    const reference = await socket();
    for (const [requestId, input] of [
      [1, { timerId: 'no-such-timer', role: 'audience' }],
      [2, { timerId: id, role: 'controller' }],
    ] as const) {
      fast.send(watchRequest(requestId, input));
      reference.send(watchRequest(requestId, input, { viaTrpc: true }));
      await fast.until(
        (replies) => errorOf(requestId)(replies) !== undefined && typeOf(requestId, 'stopped')(replies),
      );
      await reference.until((replies) => errorOf(requestId)(replies) !== undefined);
      expect(errorOf(requestId)(fast.replies)).toEqual(errorOf(requestId)(reference.replies));
    }
    expect(errorOf(1)(fast.replies)!.json.data.code).toBe('NOT_FOUND');
    expect(errorOf(2)(fast.replies)!.json.data.code).toBe('FORBIDDEN');
    expect(errorOf(2)(fast.replies)!.json.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('leaves an invalid input to tRPC, which refuses it with BAD_REQUEST', async () => {
    const { id } = await createTimer();
    const raw = await socket();
    raw.send(watchRequest(9, { timerId: id, role: 'emperor' }));
    await raw.until((replies) => errorOf(9)(replies) !== undefined);
    expect(errorOf(9)(raw.replies)!.json.data.code).toBe('BAD_REQUEST');
  });

  it('takes the control key from connection params for a controller watch', async () => {
    const { id, controlKey } = await createTimer();
    const raw = await socket('&connectionParams=1');
    raw.send({ method: 'connectionParams', data: { controlKey } });
    raw.send(watchRequest(4, { timerId: id, role: 'controller', name: '主控台' }));
    await raw.until((replies) => dataOf(4)(replies).length === 1);
    // Controllers get the roster with their ticks.
    await raw.until(
      (replies) => replies.some((reply) => reply.id === 4 && JSON.stringify(reply).includes('"roster"')),
      5_000,
    );
    expect(errorOf(4)(raw.replies)).toBeUndefined();
  });

  it('resumes after a reconnect from lastEventId with exactly what was missed', async () => {
    const { id, controller } = await createTimer();
    const first = await socket();
    first.send(watchRequest(1, { timerId: id, role: 'audience' }));
    await first.until((replies) => dataOf(1)(replies).length === 1);
    const lastEventId = dataOf(1)(first.replies)[0]!.result!.id!;
    first.close();
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await controller.timer.command.mutate({ timerId: id, command: { type: 'pause' } });
    const second = await socket();
    // tRPC's client puts lastEventId beside the input; the hub merges it in.
    second.send({
      ...watchRequest(1, { timerId: id, role: 'audience' }),
      params: { ...watchRequest(1, { timerId: id, role: 'audience' }).params, lastEventId },
    });
    await second.until((replies) => dataOf(1)(replies).length === 2);
    expect(dataOf(1)(second.replies).map((reply) => reply.result!.data!.json.data)).toEqual([
      expect.objectContaining({ type: 'change', version: 1 }),
      expect.objectContaining({ type: 'change', version: 2 }),
    ]);
  });
});
