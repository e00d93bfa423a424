import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clockViews, type MatchEvent, type MatchState } from '@bianshi/shared';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { until } from '../support/until';

function format(firstStageMs: number) {
  return {
    schemaVersion: 1,
    id: 'restart-test',
    name: '重启测试',
    tags: { language: 'zh' },
    stages: [
      {
        kind: 'single',
        name: '正方一辩 立论',
        side: 'aff',
        durationMs: firstStageMs,
        overtime: 'stop',
        bells: [
          { from: 'end', offsetMs: Math.floor(firstStageMs / 2), count: 1 },
          { from: 'end', offsetMs: 0, count: 2 },
        ],
      },
      { kind: 'single', name: '反方一辩 立论', side: 'neg', durationMs: 180_000, overtime: 'stop' },
    ],
  };
}

async function api(url: string, path: string, init: { method?: string; key?: string; body?: unknown } = {}) {
  const response = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Target = { name: string; env: () => Promise<Record<string, string>>; cleanup: () => Promise<void> };

const targets: Target[] = (() => {
  let dir = '';
  let scratch: ScratchDatabase | undefined;
  return [
    {
      name: 'PGlite on disk',
      env: async () => {
        dir = mkdtempSync(join(tmpdir(), 'bianshi-restart-'));
        return { DATA_DIR: dir };
      },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    },
    {
      name: 'Postgres',
      env: async () => {
        scratch = await createScratchPostgres();
        return { DATABASE_URL: scratch.url };
      },
      cleanup: async () => scratch?.drop(),
    },
  ];
})();

describe.each(targets)('restart recovery after SIGKILL on $name', (target) => {
  const running: HubProcess[] = [];
  afterAll(async () => {
    for (const hub of running) await hub.kill();
    await target.cleanup();
  });

  it('continues running clocks from absolute time, keeps every acknowledged command, and rings due bells once', async () => {
    const env = await target.env();
    let hub = await spawnHub(env);
    running.push(hub);

    // Timer A runs a long stage: after the restart it must read exactly what wall time says.
    const a = await api(hub.url, '/api/v1/timers', { method: 'POST', body: { format: format(60_000) } });
    expect(a.status).toBe(201);
    const aKey = a.body.controlKey as string;
    const aId = a.body.id as string;
    const started = await api(hub.url, `/api/v1/timers/${aId}/commands`, {
      method: 'POST',
      key: aKey,
      body: { type: 'start' },
    });
    expect(started.status).toBe(200);
    const adjusted = await api(hub.url, `/api/v1/timers/${aId}/commands`, {
      method: 'POST',
      key: aKey,
      body: { type: 'adjust', deltaMs: -2_000 },
    });
    expect(adjusted.status).toBe(200);
    const acknowledged = adjusted.body.version as number;
    const before = (await api(hub.url, `/api/v1/timers/${aId}`)).body as {
      state: MatchState;
      serverNow: number;
    };

    // Timer B runs a 1.5 s stage whose bells fall due while the hub is dead.
    const b = await api(hub.url, '/api/v1/timers', { method: 'POST', body: { format: format(1_500) } });
    const bId = b.body.id as string;
    await api(hub.url, `/api/v1/timers/${bId}/commands`, {
      method: 'POST',
      key: b.body.controlKey as string,
      body: { type: 'start' },
    });
    // When B's stage ends on the hub's clock (the same machine clock as ours): its last bell.
    const bStarted = (await api(hub.url, `/api/v1/timers/${bId}`)).body as {
      state: MatchState;
      serverNow: number;
    };
    const bEndsAt = bStarted.serverNow + clockViews(bStarted.state, bStarted.serverNow)[0]!.remainingMs;

    await hub.kill('SIGKILL');
    // The hub stays dead until every bell of B is overdue (time is the subject here: no event to wait for).
    await until(
      () => Date.now(),
      (now) => now > bEndsAt + 200,
      10_000,
      50,
    );
    hub = await spawnHub(env);
    running.push(hub);

    const after = (await api(hub.url, `/api/v1/timers/${aId}`)).body as {
      state: MatchState;
      serverNow: number;
    };
    expect(after.state.version).toBe(acknowledged);
    expect(after.state.status).toBe('running');
    const remainingBefore = clockViews(before.state, before.serverNow)[0]!.remainingMs;
    const remainingAfter = clockViews(after.state, after.serverNow)[0]!.remainingMs;
    // Exactly the wall time that passed, nothing counted by ticks (same machine clock).
    expect(remainingBefore - remainingAfter).toBeCloseTo(after.serverNow - before.serverNow, -1);

    // The scheduler picked up B on start and processed its overdue bells exactly once.
    const bState = await until(
      async () => ((await api(hub.url, `/api/v1/timers/${bId}`)).body as { state: MatchState }).state,
      (state) => state.status !== 'running',
      10_000,
    );
    expect(bState.status).not.toBe('running');
    const bLog = await fetchLog(hub.url, bId, b.body.controlKey as string);
    const bells = bLog.filter((event) => event.type === 'bell');
    expect(bells.map((bell) => (bell as { count: number }).count)).toEqual([1, 2]);
  }, 240_000);
});

/** Every event of the timer's current match, from the committed log (tRPC over plain HTTP GET; the log needs control). */
async function fetchLog(url: string, timerId: string, controlKey: string): Promise<MatchEvent[]> {
  const input = encodeURIComponent(JSON.stringify({ 0: { json: { timerId } } }));
  const response = await fetch(`${url}/api/trpc/timer.log?batch=1&input=${input}`, {
    headers: { authorization: `Bearer ${controlKey}` },
  });
  const body = (await response.json()) as [
    { result?: { data: { json: { entries: { events: MatchEvent[] }[] } } } },
  ];
  return body[0].result?.data.json.entries.flatMap((entry) => entry.events) ?? [];
}
