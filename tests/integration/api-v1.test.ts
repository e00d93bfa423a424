import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';

describe('HTTP integrations API /api/v1', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ env: { SITE_URL: 'https://bianshi.example' } });
  });
  afterAll(() => hub?.close());

  const call = async (
    path: string,
    init: { method?: string; key?: string; body?: unknown; raw?: string } = {},
  ) => {
    const response = await fetch(hub.url + path, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      },
      ...(init.raw !== undefined
        ? { body: init.raw }
        : init.body === undefined
          ? {}
          : { body: JSON.stringify(init.body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response shapes vary per case
  };

  async function create() {
    const created = await call('/api/v1/timers', { method: 'POST', body: { name: '决赛', formatId: 'bp' } });
    expect(created.status).toBe(201);
    return created.body as { id: string; shortid: string; controlKey: string; urls: Record<string, string> };
  }

  it('lists the built-in formats', async () => {
    const { status, body } = await call('/api/v1/formats');
    expect(status).toBe(200);
    expect(body.formats.length).toBeGreaterThanOrEqual(14);
    expect(body.formats.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining(['cn-worldcup', 'bp', 'policy-hs']),
    );
  });

  it('creates a timer and returns absolute links', async () => {
    const created = await create();
    expect(created.urls.display).toBe(`https://bianshi.example/timer/${created.id}`);
    expect(created.urls.manage).toBe(`https://bianshi.example/timer/manage/${created.shortid}`);
    const { status, body } = await call(`/api/v1/timers/${created.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.id, name: '决赛', state: { version: 0, status: 'ready' } });
    expect(typeof body.serverNow).toBe('number');
  });

  it('runs commands with the bearer key', async () => {
    const { id, controlKey } = await create();
    const started = await call(`/api/v1/timers/${id}/commands`, {
      method: 'POST',
      key: controlKey,
      body: { type: 'start' },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ version: 1, state: { status: 'running' } });
    const paused = await call(`/api/v1/timers/${id}/commands`, {
      method: 'POST',
      key: controlKey,
      body: { type: 'toggle', expectedVersion: 1 },
    });
    expect(paused.body).toMatchObject({ version: 2, state: { status: 'paused' } });
  });

  it('answers 400, 401, 403, 404, 409 and 413 with Chinese messages', async () => {
    const { id, controlKey } = await create();
    const path = `/api/v1/timers/${id}/commands`;
    const cases = [
      [await call(path, { method: 'POST', body: { type: 'start' } }), 401],
      [await call(path, { method: 'POST', key: 'wrong-key-wrong-key-wrong', body: { type: 'start' } }), 403],
      [await call(path, { method: 'POST', key: controlKey, body: { type: 'explode' } }), 400],
      [await call(path, { method: 'POST', key: controlKey, raw: '{nope' }), 400],
      [await call(path, { method: 'POST', key: controlKey, body: { type: 'switchSide' } }), 400],
      [
        await call(path, { method: 'POST', key: controlKey, body: { type: 'start', expectedVersion: 7 } }),
        409,
      ],
      [await call('/api/v1/timers/does-not-exist'), 404],
      [
        await call(path, {
          method: 'POST',
          key: controlKey,
          raw: JSON.stringify({ type: 'start', pad: 'x'.repeat(70_000) }),
        }),
        413,
      ],
      [await call('/api/v1/timers', { method: 'POST', body: { formatId: 'no-such-format' } }), 400],
    ] as const;
    for (const [response, status] of cases) {
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    // None of that touched the match.
    expect((await call(`/api/v1/timers/${id}`)).body.state.version).toBe(0);
  });

  it('refuses the commands only the hub issues (expire, a result), and takes undo', async () => {
    const { id, controlKey } = await create();
    const path = `/api/v1/timers/${id}/commands`;
    const expire = await call(path, { method: 'POST', key: controlKey, body: { type: 'expire' } });
    expect(expire.status).toBe(400);
    expect(expire.body.error).toMatchObject({ code: 'BAD_REQUEST', reason: 'command-reserved' });
    expect(expire.body.error.message).toContain('服务器的计时调度');
    const result = {
      winner: 'aff',
      ballots: { aff: 3, neg: 0 },
      bestDebater: '冒名',
      teams: { aff: '甲', neg: '乙' },
    };
    const forged = await call(path, {
      method: 'POST',
      key: controlKey,
      body: { type: 'overlay', action: 'result', result },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.reason).toBe('command-reserved');
    expect((await call(`/api/v1/timers/${id}`)).body.state.version).toBe(0);

    expect((await call(path, { method: 'POST', key: controlKey, body: { type: 'start' } })).status).toBe(200);
    const undone = await call(path, { method: 'POST', key: controlKey, body: { type: 'undo' } });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ version: 2, state: { status: 'ready' } });
    const nothing = await call(path, { method: 'POST', key: controlKey, body: { type: 'undo' } });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toMatchObject({ reason: 'nothing-to-undo', message: '没有可以撤销的操作' });
  });

  it('rate limits a flood of commands with 429', async () => {
    const frozen = await startHub({ clock: { now: () => 1_800_000_000_000 } });
    const flood = async (path: string, init: { method: string; key?: string; body: unknown }) => {
      const response = await fetch(frozen.url + path, {
        method: init.method,
        headers: {
          'content-type': 'application/json',
          ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        },
        body: JSON.stringify(init.body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { controlKey: string; id: string; error: { message: string } },
      };
    };
    const created = (await flood('/api/v1/timers', { method: 'POST', body: { formatId: 'bp' } })).body;
    // At once: the limiter's 3 s window runs on real time, which a slow machine's 70 requests in
    // turn can outlast.
    const responses = await Promise.all(
      Array.from({ length: 70 }, () =>
        flood(`/api/v1/timers/${created.id}/commands`, {
          method: 'POST',
          key: created.controlKey,
          body: { type: 'toggle' },
        }),
      ),
    );
    await frozen.close();
    const statuses = responses.map((response) => response.status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(responses.find((response) => response.status === 429)!.body.error.message).toMatch(/频繁/);
  });

  it('creates a timer from a custom format and reports precise errors for a bad one', async () => {
    const bad = await call('/api/v1/timers', {
      method: 'POST',
      body: {
        format: {
          schemaVersion: 1,
          id: 'x',
          name: '坏',
          tags: { language: 'zh' },
          stages: [{ kind: 'single', name: 'a', side: 'aff', durationMs: -1 }],
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('stages[0].durationMs');
  });
});
