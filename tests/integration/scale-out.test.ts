import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEvent } from '@bianshi/shared';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { startRedis, type TestRedis } from '../support/redis';
import { httpClient } from '../support/trpc';
import { holds, until } from '../support/until';
import { watch, type Watcher } from '../support/watch';
import { rosterOf, watchLobby, type LobbyWatcher } from '../support/lobby';

/** Several hub processes on one Postgres and one Redis, as behind a load balancer. */
describe('several hubs on Postgres + Redis', () => {
  let scratch: ScratchDatabase;
  let redis: TestRedis;
  const hubs: HubProcess[] = [];
  const watchers: Watcher[] = [];
  const ws = (hub: HubProcess) => hub.url.replace('http', 'ws') + '/api/trpc';
  const track = (w: Watcher) => (watchers.push(w), w);
  const lobbyWatchers: LobbyWatcher[] = [];

  beforeAll(async () => {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const env = { DATABASE_URL: scratch.url, REDIS_URL: redis.url };
    // The first hub applies migrations; the others start together.
    hubs.push(await spawnHub(env));
    hubs.push(...(await Promise.all([spawnHub(env), spawnHub(env)])));
  }, 120_000);

  afterAll(async () => {
    for (const w of watchers) w.close();
    for (const w of lobbyWatchers) w.close();
    for (const hub of hubs) await hub.kill();
    await redis?.close();
    await scratch?.drop();
  });

  async function createTimer(stageMs = 600_000) {
    const anonymous = httpClient(hubs[0]!.url);
    const created = await anonymous.timer.create.mutate({
      format: {
        schemaVersion: 1,
        id: 'scale-test',
        name: '多实例测试',
        tags: { language: 'zh' },
        stages: [
          {
            kind: 'single',
            name: '正方一辩 立论',
            side: 'aff',
            durationMs: stageMs,
            overtime: 'stop',
            bells: [
              { from: 'end', offsetMs: Math.floor(stageMs / 2), count: 1 },
              { from: 'end', offsetMs: 0, count: 2 },
            ],
          },
          { kind: 'single', name: '反方一辩 立论', side: 'neg', durationMs: 180_000, overtime: 'stop' },
        ],
      },
    });
    const controllerOn = (hub: HubProcess) =>
      httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    return { ...created, controllerOn };
  }

  const versionOf = (w: Watcher) => {
    const last = w.tracked.at(-1)?.message;
    return last && (last.type === 'change' || last.type === 'snapshot') ? last.version : -1;
  };

  it('delivers a command made on hub A to viewers on hubs B and C', async () => {
    const { id, controllerOn } = await createTimer();
    const onB = track(watch(ws(hubs[1]!), { timerId: id }));
    const onC = track(watch(ws(hubs[2]!), { timerId: id }));
    await Promise.all([onB, onC].map((w) => w.until((x) => x.tracked.length === 1)));
    await controllerOn(hubs[0]!).timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await Promise.all([onB, onC].map((w) => w.until((x) => versionOf(x) === 1)));
    expect(onB.tracked[1]!.message).toMatchObject({
      type: 'change',
      version: 1,
      state: { status: 'running' },
    });
  });

  it('orders racing controllers on different hubs into one log that every hub agrees on', async () => {
    const { id, controllerOn } = await createTimer();
    const viewers = hubs.map((hub) => track(watch(ws(hub), { timerId: id })));
    await Promise.all(viewers.map((w) => w.until((x) => x.tracked.length === 1)));
    const sends = Array.from({ length: 24 }, (_, i) =>
      controllerOn(hubs[i % 3]!).timer.command.mutate({
        timerId: id,
        command: i % 4 === 0 ? { type: 'adjust', deltaMs: -500 } : { type: 'toggle' },
      }),
    );
    const versions = (await Promise.all(sends)).map((r) => r.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    await Promise.all(viewers.map((w) => w.until((x) => versionOf(x) === 24, 15_000)));
    const finals = viewers.map((w) =>
      JSON.stringify((w.tracked.at(-1)!.message as { state: unknown }).state),
    );
    expect(new Set(finals).size).toBe(1);
  });

  it('counts presence across hubs, with the roster for the controller', async () => {
    const { id, controlKey } = await createTimer();
    track(watch(ws(hubs[0]!), { timerId: id, role: 'display', name: 'A 主屏' }));
    track(watch(ws(hubs[1]!), { timerId: id, role: 'judge', name: 'B 评委' }, { controlKey }));
    track(watch(ws(hubs[2]!), { timerId: id, role: 'audience', name: 'C 观众' }));
    const console = track(
      watch(ws(hubs[1]!), { timerId: id, role: 'controller', name: '计时员' }, { controlKey }),
    );
    await console.until((w) => {
      const p = w.ticks.at(-1)?.presence;
      return !!p && p.display === 1 && p.judge === 1 && p.audience === 1 && p.controller === 1;
    }, 10_000);
    expect(
      console.ticks
        .at(-1)!
        .roster?.map((r) => r.name)
        .sort(),
    ).toEqual(['A 主屏', 'B 评委', 'C 观众', '计时员'].sort());
  });

  it('rings each bell once across hubs: expiry is idempotent by version', async () => {
    const { id, matchId, controllerOn } = await createTimer(1_500);
    const viewers = hubs.map((hub) => track(watch(ws(hub), { timerId: id })));
    await Promise.all(viewers.map((w) => w.until((x) => x.tracked.length === 1)));
    await controllerOn(hubs[2]!).timer.command.mutate({ timerId: id, command: { type: 'start' } });
    const bellsSeen = (w: Watcher) =>
      w.tracked
        .flatMap((t) => (t.message.type === 'change' ? t.message.events : []))
        .filter((e: MatchEvent) => e.type === 'bell');
    await Promise.all(viewers.map((w) => w.until((x) => bellsSeen(x).length >= 2, 10_000)));
    // No hub rings a bell again later: watched for 0.5 s.
    await holds(
      () => viewers.map((w) => bellsSeen(w).length),
      (counts) => counts.every((count) => count === 2),
      500,
    );
    for (const w of viewers) expect(bellsSeen(w).map((b) => (b as { count: number }).count)).toEqual([1, 2]);
    const log = await controllerOn(hubs[0]!).timer.log.query({ timerId: id, matchId });
    const bells = log.entries.flatMap((entry) => entry.events).filter((e) => e.type === 'bell');
    expect(bells.map((b) => (b as { count: number }).count)).toEqual([1, 2]);
  });

  it('keeps serving through a Redis restart and reconnects without restarting hubs', async () => {
    const { id, controllerOn } = await createTimer();
    const onA = track(watch(ws(hubs[0]!), { timerId: id }));
    const onB = track(watch(ws(hubs[1]!), { timerId: id }));
    await Promise.all([onA, onB].map((w) => w.until((x) => x.tracked.length === 1)));

    await redis.stop();
    await waitFor(async () => (await health(hubs[0]!)).status === 'degraded');
    // Hub A still serves its own sockets.
    await controllerOn(hubs[0]!).timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await onA.until((x) => versionOf(x) === 1);

    await redis.start();
    await waitFor(
      async () => (await health(hubs[0]!)).status === 'ok' && (await health(hubs[1]!)).status === 'ok',
    );
    // B catches up on what it missed, and new changes flow again.
    await onB.until((x) => versionOf(x) >= 1, 15_000);
    await controllerOn(hubs[0]!).timer.command.mutate({ timerId: id, command: { type: 'pause' } });
    await onB.until((x) => versionOf(x) === 2, 15_000);
  });

  it('runs a lobby across hubs: facts, one-screen actions and presence reach screens on other hubs', async () => {
    const anonymous = httpClient(hubs[0]!.url);
    const [first, second] = await Promise.all([createTimer(), createTimer()]);
    const lobby = await anonymous.lobby.create.mutate({
      name: '跨实例大厅',
      organizerName: '组委会',
      visibility: 'public',
      timers: [first.id, second.id],
    });
    const organizer = httpClient(hubs[0]!.url, { authorization: `Bearer ${lobby.organizerKey}` });
    const screen = watchLobby(ws(hubs[2]!), { lobbyId: lobby.id, role: 'audience', name: 'C 大屏' });
    const boss = watchLobby(
      ws(hubs[0]!),
      { lobbyId: lobby.id, role: 'controller', name: '主办' },
      { organizerKey: lobby.organizerKey },
    );
    lobbyWatchers.push(screen, boss);
    await screen.until((w) => w.screenId() !== undefined && w.tracked.length >= 1);
    // Presence counts the screen on hub C in the organizer's tick on hub A.
    await boss.until(
      (w) => (w.lastTick()?.presence.audience ?? 0) === 1 && (w.lastTick()?.presence.controller ?? 0) === 1,
      10_000,
    );
    // Lobby facts committed on hub A reach the screen on hub C.
    await organizer.lobby.setFeatured.mutate({ lobbyId: lobby.id, timerId: second.id });
    await screen.until((w) => {
      const last = w.tracked.at(-1)?.message;
      return last?.type === 'lobby' && last.lobby.featuredTimerId === second.id;
    });
    // A message for that one screen, sent through hub A, reaches it on hub C.
    await organizer.lobby.message.mutate({
      lobbyId: lobby.id,
      screenId: screen.screenId()!,
      text: '请调高音量',
    });
    await screen.until((w) =>
      w.plain.some((m) => m.type === 'message' && JSON.stringify(m).includes('请调高音量')),
    );
    await organizer.lobby.rename.mutate({
      lobbyId: lobby.id,
      screenId: screen.screenId()!,
      name: '后排大屏',
    });
    await boss.until((w) => rosterOf(w).some((entry) => entry.name === '后排大屏'), 10_000);
  });

  it('moves viewers of a SIGKILLed hub to another hub with no lost command', async () => {
    const { id, controllerOn } = await createTimer();
    const victim = hubs[1]!;
    const survivors = [hubs[0]!, hubs[2]!];
    let attempts = 0;
    // A load balancer in miniature: the first connection goes to the victim, later ones to survivors.
    const viewer = track(
      watch(() => ws(attempts++ === 0 ? victim : survivors[attempts % 2]!), { timerId: id }),
    );
    await viewer.until((x) => x.tracked.length === 1);
    await controllerOn(hubs[0]!).timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await viewer.until((x) => versionOf(x) === 1);

    await victim.kill('SIGKILL');
    for (const command of [
      { type: 'pause' },
      { type: 'adjust', deltaMs: -1_000 },
      { type: 'start' },
    ] as const) {
      await controllerOn(hubs[2]!).timer.command.mutate({ timerId: id, command });
    }
    await viewer.until((x) => versionOf(x) === 4, 20_000);
    const final = viewer.tracked.at(-1)!.message as { state: { status: string } };
    expect(final.state.status).toBe('running');
    hubs.splice(1, 1);
    hubs.push(victim);
  });
});

async function health(hub: HubProcess): Promise<{ status: string }> {
  try {
    return (await (await fetch(`${hub.url}/api/health`)).json()) as { status: string };
  } catch {
    return { status: 'down' };
  }
}

async function waitFor(predicate: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await until(predicate, (met) => met, timeoutMs);
}
