import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apply, createMatch, type MatchState } from '@bianshi/shared';
import { startHub, type TestHub } from '../support/hub';
import { httpClient, type HubClient } from '../support/trpc';
import { until } from '../support/until';
import { watch, type Watcher } from '../support/watch';

/** A one-stage format short enough to run out inside a test. */
function shortFormat(durationMs: number) {
  return {
    schemaVersion: 1,
    id: 'short-test',
    name: '短测试',
    tags: { language: 'zh' },
    stages: [
      {
        kind: 'single',
        name: '正方一辩 立论',
        side: 'aff',
        durationMs,
        overtime: 'stop',
        bells: [
          { from: 'end', offsetMs: Math.floor(durationMs / 2), count: 1 },
          { from: 'end', offsetMs: 0, count: 2 },
        ],
      },
      { kind: 'single', name: '反方一辩 立论', side: 'neg', durationMs: 180_000, overtime: 'stop' },
    ],
  };
}

function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

describe('timer rooms through real sockets', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  const open: Watcher[] = [];
  const watcher = (...args: Parameters<typeof watch>) => {
    const w = watch(...args);
    open.push(w);
    return w;
  };

  beforeAll(async () => {
    hub = await startHub();
    anonymous = httpClient(hub.url);
  });
  afterAll(async () => {
    for (const w of open) w.close();
    await hub?.close();
  });

  async function createTimer(format?: unknown) {
    const created = await anonymous.timer.create.mutate({ format: format ?? shortFormat(600_000) });
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    return { ...created, controller };
  }

  it('creates a timer with a long random control key and links', async () => {
    const created = await anonymous.timer.create.mutate({ name: '校赛决赛', formatId: 'cn-worldcup' });
    expect(created.controlKey.length).toBeGreaterThanOrEqual(43); // ≥ 256 bits in base64url
    // Absolute, on the address the request came to (no SITE_URL here).
    expect(created.urls.display).toBe(`${hub.url}/timer/${created.id}`);
    expect(created.urls.manage).toBe(`${hub.url}/timer/manage/${created.shortid}`);
    expect(created.urls.control).toBe(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
    const fetched = await anonymous.timer.get.query({ id: created.shortid });
    expect(fetched.timer.name).toBe('校赛决赛');
    expect(fetched.state.version).toBe(0);
    expect(fetched.canControl).toBe(false);
  });

  it('sends a snapshot first, then every change to every watcher', async () => {
    const created = await anonymous.timer.create.mutate({ formatId: 'cn-worldcup' });
    const { id } = created;
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    const screens = [
      watcher(hub.wsUrl, { timerId: id }),
      watcher(hub.wsUrl, { timerId: id, role: 'audience' }),
    ];
    await Promise.all(screens.map((w) => w.until((x) => x.tracked.length >= 1)));
    for (const screen of screens) {
      expect(screen.tracked[0]!.message).toMatchObject({ type: 'snapshot', version: 0 });
    }
    // The world-cup format opens with clock-less stages (封面, 队伍介绍, 声效测试).
    const result = await controller.timer.command.mutate({
      timerId: id,
      command: { type: 'goto', stageIndex: 3 },
    });
    expect(result.version).toBe(1);
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await Promise.all(screens.map((w) => w.until((x) => x.tracked.length >= 3)));
    for (const screen of screens) {
      const [, first, second] = screen.tracked;
      expect(first!.message).toMatchObject({ type: 'change', version: 1, state: { stageIndex: 3 } });
      expect(second!.message).toMatchObject({ type: 'change', version: 2, state: { status: 'running' } });
      // Changes leave the format out; the snapshot carried it.
      expect('format' in (second!.message as { state: object }).state).toBe(false);
    }
  });

  it('refuses commands without a key or with a wrong key and leaves the state untouched', async () => {
    const { id } = await createTimer();
    await expect(
      anonymous.timer.command.mutate({ timerId: id, command: { type: 'start' } }),
    ).rejects.toSatisfy((error) => errorCode(error) === 'UNAUTHORIZED');
    const wrong = httpClient(hub.url, { authorization: `Bearer ${'x'.repeat(43)}` });
    await expect(wrong.timer.command.mutate({ timerId: id, command: { type: 'start' } })).rejects.toSatisfy(
      (error) => errorCode(error) === 'FORBIDDEN',
    );
    const state = await anonymous.timer.get.query({ id });
    expect(state.state.version).toBe(0);
  });

  it('rejects an illegal command with a Chinese message and keeps the version', async () => {
    const { id, controller } = await createTimer();
    const error = await controller.timer.command
      .mutate({ timerId: id, command: { type: 'switchSide' } })
      .catch((e: unknown) => e);
    expect(errorCode(error)).toBe('BAD_REQUEST');
    expect((error as Error).message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await anonymous.timer.get.query({ id })).state.version).toBe(0);
  });

  it('orders racing controllers into one consistent log', async () => {
    const { id, controlKey, matchId } = await createTimer();
    const controllers = [0, 1].map(() => httpClient(hub.url, { authorization: `Bearer ${controlKey}` }));
    const screen = watcher(hub.wsUrl, { timerId: id });
    await screen.until((w) => w.tracked.length === 1);
    const sends = Array.from({ length: 30 }, (_, i) =>
      controllers[i % 2]!.timer.command.mutate({
        timerId: id,
        command: i % 3 === 0 ? { type: 'adjust', deltaMs: -1_000 } : { type: 'toggle' },
      }),
    );
    const results = await Promise.all(sends);
    const versions = results.map((r) => r.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    await screen.until(
      (w) =>
        w.tracked.at(-1)?.message.type === 'change' &&
        (w.tracked.at(-1)!.message as { version: number }).version === 30,
    );
    // The committed log, replayed through the reducer, gives exactly the state the room holds.
    const room = hub.services.rooms.loaded(matchId)!;
    const log = await hub.services.repository.log(matchId);
    expect(log.map((entry) => entry.version)).toEqual(versions);
    let replayed: MatchState = createMatch(room.current.format, { now: room.current.createdAt });
    for (const entry of log) {
      const result = apply(replayed, entry.command, entry.at);
      expect(result.ok).toBe(true);
      if (result.ok) replayed = result.state;
    }
    expect(replayed).toEqual(room.current);
    expect((await hub.services.repository.findMatch(matchId))?.state).toEqual(room.current);
    const last = screen.tracked.at(-1)!.message as { state: object };
    expect(last.state).toEqual((({ format: _format, ...rest }) => rest)(room.current));
  });

  it('fails a command whose expectedVersion is stale with CONFLICT', async () => {
    const { id, controller } = await createTimer();
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' }, expectedVersion: 0 });
    const error = await controller.timer.command
      .mutate({ timerId: id, command: { type: 'pause' }, expectedVersion: 0 })
      .catch((e: unknown) => e);
    expect(errorCode(error)).toBe('CONFLICT');
  });

  it('resumes a reconnecting watcher with exactly what it missed', async () => {
    const { id, controller } = await createTimer();
    const first = watcher(hub.wsUrl, { timerId: id });
    await first.until((w) => w.tracked.length === 1);
    const lastEventId = first.lastEventId()!;
    first.close();
    for (const command of [{ type: 'start' }, { type: 'pause' }, { type: 'next' }] as const) {
      await controller.timer.command.mutate({ timerId: id, command });
    }
    const resumed = watcher(hub.wsUrl, { timerId: id, lastEventId });
    await resumed.until((w) => w.tracked.length >= 3);
    // A resume point the room no longer knows gets a fresh snapshot instead.
    const stale = watcher(hub.wsUrl, { timerId: id, lastEventId: 'another-match:4' });
    await stale.until((w) => w.tracked.length >= 1);
    expect(stale.tracked[0]!.message).toMatchObject({ type: 'snapshot', version: 3 });
    // Exactly what it missed, nothing twice: a later command arrives after the backlog, so once
    // it is here everything before it is too.
    const later = await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await resumed.until((w) =>
      w.tracked.some((t) => (t.message as { version?: number }).version === later.version),
    );
    expect(resumed.tracked.map((t) => [t.message.type, (t.message as { version: number }).version])).toEqual([
      ['change', 1],
      ['change', 2],
      ['change', 3],
      ['change', later.version],
    ]);
  });

  it('ticks presence by role to everyone and the roster only to controllers', async () => {
    const { id, controlKey } = await createTimer();
    const display = watcher(hub.wsUrl, { timerId: id, role: 'display', name: '主屏' });
    // Judging needs the judge role on the timer (an invite, or here the control key).
    const judge = watcher(hub.wsUrl, { timerId: id, role: 'judge', name: '评委一' }, { controlKey });
    const audience = watcher(hub.wsUrl, { timerId: id, role: 'audience' });
    const console = watcher(hub.wsUrl, { timerId: id, role: 'controller', name: '计时员' }, { controlKey });
    await console.until(
      (w) =>
        w.ticks.some(
          (t) =>
            t.presence.controller === 1 &&
            t.presence.judge === 1 &&
            t.presence.display === 1 &&
            t.presence.audience === 1,
        ),
      5_000,
    );
    const tick = console.ticks.at(-1)!;
    expect(tick.roster?.map((entry) => entry.name).sort()).toEqual(
      ['主屏', '未命名屏幕', '计时员', '评委一'].sort(),
    );
    await display.until((w) => w.ticks.length > 0, 5_000);
    expect(display.ticks.at(-1)!.roster).toBeUndefined();
    judge.close();
    await console.until((w) => w.ticks.at(-1)?.presence.judge === 0, 5_000);
    expect(console.ticks.at(-1)!.roster?.some((entry) => entry.name === '评委一')).toBe(false);
    void audience;
  });

  it('refuses the controller role without the control key', async () => {
    const { id } = await createTimer();
    const pretender = watcher(hub.wsUrl, { timerId: id, role: 'controller' });
    await pretender.until((w) => w.errors.length > 0);
    expect(errorCode(pretender.errors[0])).toBe('FORBIDDEN');
  });

  it('lets the scheduler ring bells and stop the clock at zero, recorded in the log', async () => {
    const { id, controller, matchId } = await createTimer(shortFormat(1_200));
    const screen = watcher(hub.wsUrl, { timerId: id });
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await screen.until(
      (w) =>
        w.tracked.some(
          (t) => t.message.type === 'change' && t.message.events.some((e) => e.type === 'clockExpired'),
        ),
      5_000,
    );
    const log = await hub.services.repository.log(matchId);
    const scheduled = log.filter((entry) => entry.actor === 'scheduler');
    expect(scheduled.length).toBeGreaterThanOrEqual(2);
    const bells = log.flatMap((entry) => entry.events).filter((event) => event.type === 'bell');
    expect(bells.map((bell) => (bell as { count: number }).count)).toEqual([1, 2]);
    const final = (await anonymous.timer.get.query({ id })).state;
    expect(final.status).not.toBe('running');
  });

  it('survives malformed frames and unknown procedures without touching any room', async () => {
    const { id, controller } = await createTimer();
    const socket = new WebSocket(hub.wsUrl);
    await new Promise((resolve) => socket.on('open', resolve));
    const replies: string[] = [];
    socket.on('message', (data) => replies.push(data.toString()));
    socket.send('{not json');
    socket.send(
      JSON.stringify({ id: 1, method: 'query', params: { path: 'nope.nothing', input: { json: null } } }),
    );
    socket.send(
      JSON.stringify({
        id: 2,
        method: 'mutation',
        params: { path: 'timer.command', input: { json: { timerId: id, command: { type: 'explode' } } } },
      }),
    );
    const parseError = (r: string) => r.includes('PARSE_ERROR') || r.includes('-32700');
    const errorFor = (id: number) => (r: string) => r.includes(`"id":${id}`) && r.includes('error');
    await until(
      () => replies,
      (all) => all.some(parseError) && all.some(errorFor(1)) && all.some(errorFor(2)),
      10_000,
      20,
    );
    expect(replies.some(parseError)).toBe(true);
    expect(replies.some(errorFor(1))).toBe(true);
    expect(replies.some(errorFor(2))).toBe(true);
    socket.close();
    expect((await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } })).version).toBe(
      1,
    );
  });

  it('puts each frame on the wire as plain superjson, assembled once per room', async () => {
    const { id } = await createTimer();
    const socket = new WebSocket(hub.wsUrl);
    await new Promise((resolve) => socket.on('open', resolve));
    const frames: Record<string, unknown>[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
    socket.send(
      JSON.stringify({
        id: 7,
        method: 'subscription',
        params: { path: 'timer.watch', input: { json: { timerId: id, role: 'audience' } } },
      }),
    );
    await until(
      () => frames.some((f) => (f.result as { type?: string } | undefined)?.type === 'data'),
      (arrived) => arrived,
      10_000,
      20,
    );
    socket.close();
    const data = frames.find((f) => (f.result as { type?: string } | undefined)?.type === 'data')!;
    const result = data.result as {
      id: string;
      data: { json: { id: string; data: { type: string; version: number } }; meta?: unknown };
    };
    expect(data.id).toBe(7);
    expect(result.id).toMatch(/:0$/);
    expect(result.data.meta).toBeUndefined();
    expect(result.data.json.id).toBe(result.id);
    expect(result.data.json.data).toMatchObject({ type: 'snapshot', version: 0 });
  });

  it('closes a flooding socket with a reason', async () => {
    const socket = new WebSocket(hub.wsUrl);
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    for (let i = 0; i < 400; i++)
      socket.send(
        JSON.stringify({ id: i, method: 'query', params: { path: 'clock.ping', input: { json: null } } }),
      );
    expect(await closed).toEqual({ code: 4002, reason: 'rate-limited' });
  });

  it('answers clock.ping with the hub receive and send times', async () => {
    const before = Date.now();
    const ping = await anonymous.clock.ping.query();
    expect(ping.receivedAt).toBeGreaterThanOrEqual(before - 5);
    expect(ping.sentAt).toBeGreaterThanOrEqual(ping.receivedAt);
  });

  it('delivers one command to 1 000 subscribers with the right content', async () => {
    const { id, controller } = await createTimer();
    const crowd = Array.from({ length: 1_000 }, () => watcher(hub.wsUrl, { timerId: id, role: 'audience' }));
    await Promise.all(crowd.map((w) => w.until((x) => x.tracked.length >= 1, 100_000)));
    await controller.timer.command.mutate({ timerId: id, command: { type: 'adjust', deltaMs: -5_000 } });
    await Promise.all(crowd.map((w) => w.until((x) => x.tracked.length >= 2, 60_000)));
    for (const w of crowd) {
      expect(w.tracked[1]!.message).toMatchObject({ type: 'change', version: 1 });
    }
    for (const w of crowd) w.close();
  }, 240_000);
});
