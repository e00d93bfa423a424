/**
 * Outgoing webhooks as a receiver meets them: signed the Standard Webhooks way and verified with
 * the `standardwebhooks` package, retried while the receiver is down, logged for the console,
 * and — with two hubs on Postgres and Redis — queued in the database so that a restart of every
 * hub loses none and no delivery arrives twice. The event stream follows changes made on either hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_LEASE_MS } from '../../hub/src/integrations/webhooks/webhook-outbox';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { startRedis, type TestRedis } from '../support/redis';
import { followSse } from '../support/sse';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

async function createTimer(url: string, formatId = 'bp') {
  const response = await fetch(`${url}/api/v1/timers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formatId }),
  });
  return (await response.json()) as { id: string; controlKey: string; matchId: string };
}

async function command(url: string, timerId: string, key: string, body: unknown) {
  const response = await fetch(`${url}/api/v1/timers/${timerId}/commands`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('webhooks on one hub', () => {
  let hub: TestHub;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    hub = await startHub({ env: { WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_RETRY_SCHEDULE_S: '1,1' } });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hub?.close();
    await receiver?.close();
  });

  it('signs every delivery, retries a failing receiver and logs each attempt', async () => {
    const timer = await createTimer(hub.url);
    const trpc = httpClient(hub.url, { authorization: `Bearer ${timer.controlKey}` });
    const webhook = await trpc.integrations.timerWebhooks.create.mutate({
      timerId: timer.id,
      url: receiver.url,
      events: ['stage.started', 'bell'],
    });
    expect(webhook.secret).toMatch(/^whsec_/);
    receiver.secret = webhook.secret;

    // The test button, with the receiver down: the attempt fails, then the retry gets through.
    receiver.status = 503;
    await trpc.integrations.timerWebhooks.test.mutate({ timerId: timer.id, webhookId: webhook.id });
    await until(
      () => receiver.received.length,
      (n) => n >= 1,
    );
    receiver.status = 200;
    await until(
      () => receiver.delivered().size,
      (n) => n >= 1,
    );
    const test = receiver.received.filter((delivery) => delivery.body.type === 'webhook.test');
    expect(test.map((delivery) => delivery.status)).toEqual([503, 200]);
    expect(new Set(test.map((delivery) => delivery.id)).size).toBe(1);
    expect(test.every((delivery) => delivery.verified)).toBe(true);

    await command(hub.url, timer.id, timer.controlKey, { type: 'start' });
    await command(hub.url, timer.id, timer.controlKey, { type: 'ringBell', count: 2 });
    const started = await until(
      () =>
        receiver.received.filter(
          (delivery) => delivery.status === 200 && delivery.body.type !== 'webhook.test',
        ),
      (deliveries) => deliveries.length >= 2,
    );
    expect(started.map((delivery) => delivery.body.type).sort()).toEqual(['bell', 'stage.started']);
    expect(started.every((delivery) => delivery.verified)).toBe(true);
    const bell = started.find((delivery) => delivery.body.type === 'bell')!;
    expect(bell.body.data).toMatchObject({
      timerId: timer.id,
      event: { type: 'bell', count: 2 },
      reading: { status: 'running', active: { running: true } },
    });

    // Saving the match's result sheet on its record page is an event too.
    await trpc.integrations.timerWebhooks.update.mutate({
      timerId: timer.id,
      webhookId: webhook.id,
      events: ['stage.started', 'bell', 'result.recorded'],
    });
    await trpc.library.records.updateResult.mutate({ matchId: timer.matchId, result: { winner: 'aff' } });
    const recorded = await until(
      () => receiver.received.find((delivery) => delivery.body.type === 'result.recorded'),
      (found) => found !== undefined,
    );
    expect(recorded).toMatchObject({
      verified: true,
      status: 200,
      body: { data: { timerId: timer.id, matchId: timer.matchId, result: { winner: 'aff' } } },
    });

    const log = await trpc.integrations.timerWebhooks.deliveries.query({
      timerId: timer.id,
      webhookId: webhook.id,
    });
    const testRow = log.find((row) => row.eventType === 'webhook.test')!;
    expect(testRow).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200, lastResponse: 'ok' });

    // A receiver that is not the one registered cannot pass verification: the signature is over the exact body.
    receiver.secret = 'whsec_' + Buffer.from('another-secret-another-secret-24').toString('base64');
    await trpc.integrations.timerWebhooks.test.mutate({ timerId: timer.id, webhookId: webhook.id });
    const forged = await until(
      () => receiver.received.at(-1),
      (last) =>
        last?.body.type === 'webhook.test' &&
        receiver.received.filter((d) => d.body.type === 'webhook.test').length === 3,
    );
    expect(forged!.verified).toBe(false);
  });

  it('refuses private addresses unless the operator allows them', async () => {
    const guarded = await startHub({ env: { WEBHOOK_RETRY_SCHEDULE_S: '1' } });
    try {
      const timer = await createTimer(guarded.url);
      const trpc = httpClient(guarded.url, { authorization: `Bearer ${timer.controlKey}` });
      const webhook = await trpc.integrations.timerWebhooks.create.mutate({
        timerId: timer.id,
        url: receiver.url,
        events: ['bell'],
      });
      const before = receiver.received.length;
      await trpc.integrations.timerWebhooks.test.mutate({ timerId: timer.id, webhookId: webhook.id });
      const [row] = await until(
        () => trpc.integrations.timerWebhooks.deliveries.query({ timerId: timer.id, webhookId: webhook.id }),
        (rows) => rows[0]?.status === 'failed',
      );
      expect(row!.lastResponse).toMatch(/private address refused/);
      expect(receiver.received.length).toBe(before);
      await expect(
        trpc.integrations.timerWebhooks.create.mutate({
          timerId: timer.id,
          url: 'ftp://example.com/x',
          events: ['bell'],
        }),
      ).rejects.toThrow(/地址无效/);
    } finally {
      await guarded.close();
    }
  });
});

describe('webhooks across two hubs and a restart of both', () => {
  let scratch: ScratchDatabase;
  let redis: TestRedis;
  let receiver: WebhookReceiver;
  let hubs: HubProcess[] = [];
  // Retries enough to outlast killing and starting two hubs on a loaded machine (about 40 s);
  // with fewer, a delivery refused before the kill can run out of attempts before the hubs are back.
  const env = () => ({
    DATABASE_URL: scratch.url,
    REDIS_URL: redis.url,
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_RETRY_SCHEDULE_S: '2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2',
  });
  beforeAll(async () => {
    [scratch, redis, receiver] = await Promise.all([
      createScratchPostgres(),
      startRedis(),
      startWebhookReceiver(),
    ]);
    hubs = [await spawnHub(env()), await spawnHub(env())];
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.kill();
    await receiver?.close();
    await redis?.close();
    await scratch?.drop();
  });

  it('delivers every event once, verified, though both hubs were killed while the receiver was down', async () => {
    const [a, b] = hubs as [HubProcess, HubProcess];
    const timer = await createTimer(a.url);
    const trpc = httpClient(b.url, { authorization: `Bearer ${timer.controlKey}` });
    const webhook = await trpc.integrations.timerWebhooks.create.mutate({
      timerId: timer.id,
      url: receiver.url,
      events: ['stage.started', 'bell', 'match.finished'],
    });
    receiver.secret = webhook.secret;

    // The event stream on hub A follows what is done on hub B.
    const follower = followSse(`${a.url}/api/v1/timers/${timer.id}/events`);
    await follower.next((event) => event.type === 'snapshot');

    receiver.status = 503;
    await command(b.url, timer.id, timer.controlKey, { type: 'start' });
    await command(a.url, timer.id, timer.controlKey, { type: 'ringBell', count: 1 });
    const change = await follower.next(
      (event) => event.type === 'change' && event.data.reading.version === 1,
    );
    expect(change.data.reading.active.running).toBe(true);
    follower.close();
    // Both events were tried (and refused) before the hubs go down.
    await until(
      () => new Set(receiver.received.map((delivery) => delivery.body.type)),
      (types) => types.has('stage.started') && types.has('bell'),
    );
    for (const hub of hubs) await hub.kill();

    receiver.status = 200;
    hubs = [await spawnHub(env()), await spawnHub(env())];
    await command(hubs[1]!.url, timer.id, timer.controlKey, { type: 'finish' });
    // A delivery a killed hub was sending waits out its lease (OUTBOX_LEASE_MS, 30 s) first.
    const delivered = await until(
      () => receiver.delivered(),
      (byId) => byId.size >= 3,
      OUTBOX_LEASE_MS + 30_000,
    );

    const types = [...delivered.values()].map((attempts) => attempts[0]!.body.type).sort();
    expect(types).toEqual(['bell', 'match.finished', 'stage.started']);
    // Once each: however many hubs polled the outbox, each delivery got through one time.
    expect([...delivered.values()].every((attempts) => attempts.length === 1)).toBe(true);
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
  }, 120_000);
});
