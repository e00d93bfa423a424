/**
 * `/api/v1` as an integrator meets it with nothing but the OpenAPI document: a client generated
 * from it at run time (openapi-client-axios, operations by operationId) creates a timer, starts
 * it and follows it over Server-Sent Events, at the URL the document gives. Then the reading's
 * numbers, CORS, Retry-After and the event stream's resume.
 */
import OpenAPIClientAxios from 'openapi-client-axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { followSse } from '../support/sse';
import { httpClient } from '../support/trpc';

describe('/api/v1 through its OpenAPI document', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ env: { API_CORS_ORIGINS: 'https://overlay.example' } });
  });
  afterAll(() => hub?.close());

  it('serves an OpenAPI 3.1 document with every route, its schemas and its limits', async () => {
    const response = await fetch(`${hub.url}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
      info: { description: string };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe(hub.url);
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'createTimer',
        'getTimer',
        'sendCommand',
        'followTimer',
        'listFormats',
        'listTopics',
        'getRecord',
      ]),
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['TimerReading', 'ClockReading', 'CommandRequest', 'FeedEvent', 'ApiError']),
    );
    expect(document.info.description).toMatch(/429/);
  });

  it('creates, starts and follows a timer with a client generated from the document', async () => {
    const api = new OpenAPIClientAxios({ definition: `${hub.url}/api/v1/openapi.json` });
    const client = await api.init();
    const created = await client.createTimer!(undefined, { name: '决赛', formatId: 'bp' });
    expect(created.status).toBe(201);
    const { id, controlKey } = created.data as { id: string; controlKey: string };

    // The event stream's address comes from the document too.
    const follower = followSse(api.getRequestConfigForOperation('followTimer', [{ id }]).url);
    try {
      const snapshot = await follower.next((event) => event.type === 'snapshot');
      expect(snapshot.data.reading).toMatchObject({
        version: 0,
        status: 'ready',
        stage: { index: 0 },
        active: { running: false },
      });
      expect(snapshot.id).toBe(`${snapshot.data.matchId}:0`);

      const started = await client.sendCommand!(
        { id },
        { type: 'start' },
        { headers: { authorization: `Bearer ${controlKey}` } },
      );
      expect(started.status).toBe(200);
      const change = await follower.next(
        (event) => event.type === 'change' && event.data.reading.version === 1,
      );
      const active = change.data.reading.active;
      expect(active.running).toBe(true);
      // The deadline is an absolute server time: remaining = deadline − serverNow, no other arithmetic.
      expect(active.deadline - change.data.reading.serverNow).toBe(active.remainingMs);
      expect(change.data.events.map((event: { type: string }) => event.type)).toContain('clockStarted');

      const read = await client.getTimer!({ id });
      expect(read.data).toMatchObject({
        id,
        reading: { version: 1, status: 'running', stage: { name: expect.any(String) } },
        state: { version: 1 },
      });
    } finally {
      follower.close();
    }
  });

  it('reads what a screen needs: stage, side, speaker, teams, topic, next stage', async () => {
    const created = (await (
      await fetch(`${hub.url}/api/v1/timers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ formatId: 'cn-worldcup' }),
      })
    ).json()) as { id: string; controlKey: string };
    // The management pages write these settings (through tRPC, with the control key); the API reads them as the display does.
    const manage = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    await manage.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'details',
      value: { topic: '人工智能利大于弊' },
    });
    await manage.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'teams',
      value: { aff: { name: '复旦大学', debaters: ['张三'] }, neg: { name: '武汉大学' } },
    });
    // Stage 3 of cn-worldcup is 正方一辩 立论 (the first three are cover, introductions, sound check).
    await fetch(`${hub.url}/api/v1/timers/${created.id}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'application/json' },
      body: '{"type":"goto","stageIndex":3}',
    });
    const body = (await (await fetch(`${hub.url}/api/v1/timers/${created.id}`)).json()) as {
      reading: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read per field
    };
    const { reading } = body;
    expect(reading.topic).toBe('人工智能利大于弊');
    expect(reading.teams).toEqual({
      aff: { name: '复旦大学', school: null },
      neg: { name: '武汉大学', school: null },
    });
    expect(reading.stage).toMatchObject({
      index: 3,
      name: '正方一辩 立论',
      side: 'aff',
      sideLabel: '正方',
      teamName: '复旦大学',
      speaker: { position: 1, label: '一辩', name: '张三' },
    });
    expect(reading.next).toEqual({ index: 4, name: '反方一辩 立论' });
    expect(reading.active).toMatchObject({
      remainingMs: 210_000,
      overtimeMs: 0,
      running: false,
      deadline: null,
      phase: 'normal',
    });
  });

  it('answers a CORS preflight from an allowed origin and refuses others', async () => {
    const preflight = (origin: string) =>
      fetch(`${hub.url}/api/v1/timers/x/commands`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight('https://overlay.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://overlay.example');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    const refused = await preflight('https://elsewhere.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe(
      'cors-origin-refused',
    );
    const read = await fetch(`${hub.url}/api/v1/formats`, { headers: { origin: 'https://overlay.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBe('https://overlay.example');
  });

  it('resumes an event stream with Last-Event-ID without a second snapshot', async () => {
    const created = (await (
      await fetch(`${hub.url}/api/v1/timers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ formatId: 'bp' }),
      })
    ).json()) as { id: string; controlKey: string };
    const first = followSse(`${hub.url}/api/v1/timers/${created.id}/events`);
    const snapshot = await first.next((event) => event.type === 'snapshot');
    first.close();
    const resumed = followSse(`${hub.url}/api/v1/timers/${created.id}/events`, {
      'last-event-id': snapshot.id,
    });
    try {
      await fetch(`${hub.url}/api/v1/timers/${created.id}/commands`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'application/json' },
        body: '{"type":"start"}',
      });
      const change = await resumed.next((event) => event.type === 'change');
      expect(change.data.reading.version).toBe(1);
      expect(resumed.events.map((event) => event.type)).toEqual(['change']);
    } finally {
      resumed.close();
    }
  });
});

describe('/api/v1 rate limits say when to come back', () => {
  it('answers 429 with Retry-After', async () => {
    const frozen = await startHub({ clock: { now: () => 1_800_000_000_000 } });
    try {
      const created = (await (
        await fetch(`${frozen.url}/api/v1/timers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()) as { id: string; controlKey: string };
      // All at once: the limiter's window is real time (3 s), and a busy machine must not let it refill between requests.
      const responses = await Promise.all(
        Array.from({ length: 70 }, () =>
          fetch(`${frozen.url}/api/v1/timers/${created.id}/commands`, {
            method: 'POST',
            headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'application/json' },
            body: '{"type":"toggle"}',
          }),
        ),
      );
      const limited = responses.find((response) => response.status === 429) ?? null;
      await Promise.all(responses.map((response) => response.arrayBuffer()));
      expect(limited).not.toBeNull();
      const seconds = Number(limited!.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(3);
      // tRPC over HTTP shares the budget, and its 429 says when to come back too.
      const trpc = await fetch(`${frozen.url}/api/trpc/timer.command`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.controlKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { timerId: created.id, command: { type: 'toggle' } } }),
      });
      expect(trpc.status).toBe(429);
      expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await frozen.close();
    }
  });
});
