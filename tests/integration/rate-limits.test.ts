/**
 * Rate limits through Redis: hubs that share a Redis share one budget per address, so N hubs do
 * not multiply the limits. While Redis is away each hub falls back to counting alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { startRedis, type TestRedis } from '../support/redis';
import { speechFormat } from '../support/formats';
import { until } from '../support/until';

const ONE_STAGE = speechFormat('rate-test', '限流测试', [600_000]);
/** Timers one address may create per 20 s window (HubLimits.creates). */
const CREATES = 20;

async function health(hub: TestHub): Promise<string> {
  return ((await (await fetch(`${hub.url}/api/health`)).json()) as { status: string }).status;
}

/** Creates a timer over the HTTP API as `address` (behind a trusted proxy); returns the status. */
async function create(hub: TestHub, address: string): Promise<number> {
  const response = await fetch(`${hub.url}/api/v1/timers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ format: ONE_STAGE }),
  });
  await response.body?.cancel();
  return response.status;
}

describe('rate limits shared through Redis', () => {
  let redis: TestRedis;
  let hubs: TestHub[];
  let alone: TestHub;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, TRUST_PROXY: 'true', LOG_LEVEL: 'silent' };
    hubs = [await startHub({ env }), await startHub({ env })];
    alone = await startHub({ env: { TRUST_PROXY: 'true', LOG_LEVEL: 'silent' } });
    // Both hubs have their Redis link up before counting starts.
    await until(
      () => Promise.all(hubs.map(health)),
      (statuses) => statuses.every((status) => status === 'ok'),
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all([...(hubs ?? []), alone].map((hub) => hub?.close()));
    await redis?.close();
  });

  it('gives two hubs on one Redis one budget per address', async () => {
    const address = '192.0.2.10';
    const statuses: number[] = [];
    // Alternate between the hubs: each sees only half the requests.
    for (let attempt = 0; attempt < CREATES + 4; attempt += 1)
      statuses.push(await create(hubs[attempt % 2]!, address));
    expect(statuses.slice(0, CREATES)).toEqual(Array.from({ length: CREATES }, () => 201));
    expect(statuses.slice(CREATES)).toEqual([429, 429, 429, 429]);
    // The budget is per address: another address on either hub is unaffected.
    expect(await create(hubs[1]!, '192.0.2.11')).toBe(201);
  });

  it('counts per process when a hub has no Redis', async () => {
    const address = '192.0.2.20';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CREATES + 1; attempt += 1) statuses.push(await create(alone, address));
    expect(statuses.filter((status) => status === 201).length).toBe(CREATES);
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps limiting, per hub, while Redis is down, and shares again once it is back', async () => {
    await redis.stop();
    await until(
      () => health(hubs[0]!),
      (status) => status === 'degraded',
    );
    const address = '192.0.2.30';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CREATES + 1; attempt += 1) statuses.push(await create(hubs[0]!, address));
    // The in-memory insurance limiter counts on this hub: requests are neither all refused nor all let through.
    expect(statuses.filter((status) => status === 201).length).toBe(CREATES);
    expect(statuses.at(-1)).toBe(429);
    await redis.start();
    await until(
      () => health(hubs[0]!),
      (status) => status === 'ok',
    );
    expect(await create(hubs[1]!, '192.0.2.31')).toBe(201);
  });
});
