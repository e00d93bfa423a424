import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lobbyEntryWatch } from '@bianshi/shared';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby, rosterOf, totalPresence, type LobbyWatcher } from '../support/lobby';
import { httpClient, type HubClient } from '../support/trpc';
import { speechFormat } from '../support/formats';

/** A two-stage format whose first stage has a clock. */
const FORMAT = speechFormat('lobby-test', '大厅测试', [180_000, 180_000]);

function errorOf(error: unknown): { code?: string; message: string } {
  return error instanceof TRPCClientError
    ? { code: (error.data as { code?: string } | undefined)?.code, message: error.message }
    : { message: String(error) };
}

async function refusal(call: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return errorOf(error);
  }
  throw new Error('expected the call to be refused');
}

describe('lobby rooms through real sockets', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  let organizer: HubClient;
  let lobby: { id: string; code: string; organizerKey: string };
  let timers: { id: string; controller: HubClient }[];
  const open: LobbyWatcher[] = [];
  const join = (...args: Parameters<typeof watchLobby>) => {
    const watcher = watchLobby(...args);
    open.push(watcher);
    return watcher;
  };

  beforeAll(async () => {
    hub = await startHub();
    anonymous = httpClient(hub.url);
    timers = await Promise.all(
      ['一号赛场', '二号赛场', '三号赛场'].map(async (name) => {
        const created = await anonymous.timer.create.mutate({ name, format: FORMAT });
        return {
          id: created.id,
          controller: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }),
        };
      }),
    );
    lobby = await anonymous.lobby.create.mutate({
      name: '第一轮',
      organizerName: '校辩论队',
      visibility: 'public',
      timers: timers.map((t) => t.id),
    });
    organizer = httpClient(hub.url, { authorization: `Bearer ${lobby.organizerKey}` });
  });
  afterAll(async () => {
    for (const watcher of open) watcher.close();
    await hub?.close();
  });

  it('sends each screen who it is and one snapshot with every match of the lobby', async () => {
    const screen = join(hub.wsUrl, { lobbyId: lobby.id, name: '观众甲', route: `/lobby/${lobby.id}` });
    await screen.until((w) => w.tracked.length >= 1 && w.screenId() !== undefined);
    const first = screen.tracked[0]!.message;
    expect(first.type).toBe('snapshot');
    if (first.type !== 'snapshot') return;
    expect(first.lobby).toMatchObject({
      name: '第一轮',
      code: lobby.code,
      mode: 'featured',
      featuredTimerId: timers[0]!.id,
    });
    expect(first.matches.map((m) => m.timerId)).toEqual(timers.map((t) => t.id));
    expect(
      first.matches.every(
        (m) => lobbyEntryWatch(first, m)?.state.format.stages.length === FORMAT.stages.length,
      ),
    ).toBe(true);
    screen.close();
  });

  it('relays match changes inside the one lobby stream, observing each match room once', async () => {
    const screens = [
      join(hub.wsUrl, { lobbyId: lobby.id }),
      join(hub.wsUrl, { lobbyId: lobby.id, role: 'display' }),
    ];
    await Promise.all(screens.map((s) => s.until((w) => w.tracked.length >= 1)));
    const [timer] = timers;
    await timer!.controller.timer.command.mutate({ timerId: timer!.id, command: { type: 'start' } });
    for (const screen of screens) {
      await screen.until((w) =>
        w.tracked.some(
          (t) =>
            t.message.type === 'match' &&
            t.message.timerId === timer!.id &&
            t.message.watch.type === 'change',
        ),
      );
    }
    const fetched = await anonymous.timer.get.query({ id: timer!.id });
    const room = hub.services.rooms.loaded(fetched.matchId)!;
    // No screen subscribed to the match: the lobby room relays it.
    expect(room.sessionCount).toBe(0);
    expect(room.observed).toBe(true);
    await timer!.controller.timer.command.mutate({ timerId: timer!.id, command: { type: 'pause' } });
    for (const screen of screens) screen.close();
  });

  it('counts 200 audience sockets by role, drops leavers by the next tick, roster for organizers only', async () => {
    const boss = join(
      hub.wsUrl,
      { lobbyId: lobby.id, role: 'controller', name: '主控台', route: `/lobby/${lobby.id}?view=control` },
      { organizerKey: lobby.organizerKey },
    );
    const judges = await anonymous.lobby.get.query({ lobbyId: lobby.id });
    expect(judges.role).toBe('guest');
    const links = (await organizer.lobby.get.query({ lobbyId: lobby.id })).links!;
    const judgeKey = new URL(links.judge, hub.url).searchParams.get('judge')!;
    const judge = join(hub.wsUrl, { lobbyId: lobby.id, role: 'judge', judgeKey, name: '评委一' });
    const crowd = Array.from({ length: 200 }, (_, i) =>
      join(hub.wsUrl, { lobbyId: lobby.id, name: `观众${i}`, route: `/lobby/${lobby.id}` }),
    );
    await Promise.all([boss, judge, ...crowd].map((w) => w.until((x) => x.tracked.length >= 1, 60_000)));

    const full = (w: LobbyWatcher) => {
      const tick = w.lastTick();
      return (
        tick !== undefined &&
        tick.presence.audience === 200 &&
        tick.presence.judge === 1 &&
        tick.presence.controller === 1
      );
    };
    await boss.until(full, 20_000).catch((error: unknown) => {
      throw new Error(`${String(error)} last presence ${JSON.stringify(boss.lastTick()?.presence)}`);
    });
    await crowd[0]!.until(full, 20_000);
    expect(totalPresence(boss.lastTick()!.presence)).toBe(202);
    expect(rosterOf(boss)).toHaveLength(202);
    expect(rosterOf(boss).find((entry) => entry.role === 'controller')).toMatchObject({
      name: '主控台',
      route: `/lobby/${lobby.id}?view=control`,
    });
    expect(crowd[0]!.lastTick()!.roster).toBeUndefined();
    expect(judge.lastTick()?.roster).toBeUndefined();

    const leaving = crowd.splice(0, 50);
    const closedAt = Date.now();
    for (const w of leaving) w.close();
    await boss.until((w) => w.lastTick()?.presence.audience === 150 && rosterOf(w).length === 152, 10_000);
    // Gone within one or two ticks, far inside the heartbeat timeout.
    expect(Date.now() - closedAt).toBeLessThan(10_000);

    // Rename and disconnect reach exactly the targeted screen.
    const target = crowd[7]!;
    const targetId = target.screenId()!;
    const plainBefore = crowd.map((w) => w.plain.length);
    await organizer.lobby.rename.mutate({ lobbyId: lobby.id, screenId: targetId, name: '后排大屏' });
    await target.until((w) => w.plain.some((m) => m.type === 'screen' && m.screen.name === '后排大屏'));
    await boss.until((w) => rosterOf(w).some((entry) => entry.id === targetId && entry.name === '后排大屏'));
    await organizer.lobby.identify.mutate({ lobbyId: lobby.id, screenId: targetId });
    await target.until((w) => w.plain.some((m) => m.type === 'identify' && m.name === '后排大屏'));
    await organizer.lobby.message.mutate({ lobbyId: lobby.id, screenId: targetId, text: '请调高音量' });
    await target.until((w) => w.plain.some((m) => m.type === 'message' && m.text === '请调高音量'));
    await organizer.lobby.disconnect.mutate({ lobbyId: lobby.id, screenId: targetId });
    await target.until((w) => w.completed && w.plain.some((m) => m.type === 'disconnect'));
    crowd.forEach((w, i) => {
      if (w !== target) expect(w.plain.length, `screen ${i} got nothing targeted`).toBe(plainBefore[i]);
    });
    await boss.until(
      (w) => w.lastTick()?.presence.audience === 149 && !rosterOf(w).some((entry) => entry.id === targetId),
      10_000,
    );

    // Nobody but the organizer may rename or disconnect.
    const other = crowd[8]!.screenId()!;
    const wrongKey = httpClient(hub.url, { authorization: `Bearer ${'x'.repeat(43)}` });
    for (const caller of [anonymous, wrongKey]) {
      expect(
        (await refusal(caller.lobby.rename.mutate({ lobbyId: lobby.id, screenId: other, name: '黑客' })))
          .code,
      ).toBe('FORBIDDEN');
      expect(
        (await refusal(caller.lobby.disconnect.mutate({ lobbyId: lobby.id, screenId: other }))).code,
      ).toBe('FORBIDDEN');
    }
    const refused = await refusal(anonymous.lobby.disconnect.mutate({ lobbyId: lobby.id, screenId: other }));
    expect(refused.message).toBe('只有主办方可以这样做');
    expect(crowd[8]!.completed).toBe(false);
    expect(
      (
        await refusal(
          organizer.lobby.rename.mutate({ lobbyId: lobby.id, screenId: targetId, name: '已离开' }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    for (const w of [boss, judge, ...crowd]) w.close();
  }, 180_000);

  it('switches featured match, mode and the message for every screen', async () => {
    const screen = join(hub.wsUrl, { lobbyId: lobby.id });
    await screen.until((w) => w.tracked.length >= 1);
    await organizer.lobby.setFeatured.mutate({ lobbyId: lobby.id, timerId: timers[2]!.id });
    await organizer.lobby.setMode.mutate({ lobbyId: lobby.id, mode: 'grid' });
    await organizer.lobby.message.mutate({ lobbyId: lobby.id, text: '第二轮十分钟后开始' });
    await screen.until((w) => {
      const last = w.tracked.at(-1)?.message;
      return (
        last?.type === 'lobby' &&
        last.lobby.mode === 'grid' &&
        last.lobby.featuredTimerId === timers[2]!.id &&
        last.lobby.notice?.text === '第二轮十分钟后开始'
      );
    });
    expect(
      (await refusal(organizer.lobby.setFeatured.mutate({ lobbyId: lobby.id, timerId: 'not-in-lobby' })))
        .code,
    ).toBe('BAD_REQUEST');
    await organizer.lobby.clearMessage.mutate({ lobbyId: lobby.id });
    await screen.until((w) => {
      const last = w.tracked.at(-1)?.message;
      return last?.type === 'lobby' && last.lobby.notice === null;
    });
    await organizer.lobby.setMode.mutate({ lobbyId: lobby.id, mode: 'featured' });
    screen.close();
  });

  it('resumes a reconnecting screen with exactly what it missed', async () => {
    const first = join(hub.wsUrl, { lobbyId: lobby.id });
    await first.until((w) => w.tracked.length >= 1);
    const lastEventId = first.lastEventId()!;
    first.close();
    const [timer] = timers;
    await timer!.controller.timer.command.mutate({ timerId: timer!.id, command: { type: 'start' } });
    await organizer.lobby.setFeatured.mutate({ lobbyId: lobby.id, timerId: timer!.id });
    const again = join(hub.wsUrl, { lobbyId: lobby.id, lastEventId });
    await again.until((w) => w.tracked.some((t) => t.message.type === 'lobby'));
    expect(again.tracked.map((t) => t.message.type)).toEqual(['match', 'lobby']);
    const ids = [lastEventId, ...again.tracked.map((t) => t.id)].map((id) => Number(id.split(':').at(-1)));
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);
    // An unknown or stale id gets a fresh snapshot instead.
    const stale = join(hub.wsUrl, { lobbyId: lobby.id, lastEventId: `${lobby.id}~old:3` });
    await stale.until((w) => w.tracked.length >= 1);
    expect(stale.tracked[0]!.message.type).toBe('snapshot');
    await timer!.controller.timer.command.mutate({ timerId: timer!.id, command: { type: 'pause' } });
    again.close();
    stale.close();
  });

  it('follows a timer to its next match', async () => {
    const screen = join(hub.wsUrl, { lobbyId: lobby.id });
    await screen.until((w) => w.tracked.length >= 1);
    const timer = timers[1]!;
    const { matchId } = await timer.controller.timer.newMatch.mutate({ timerId: timer.id });
    await screen.until((w) =>
      w.tracked.some(
        (t) =>
          t.message.type === 'match' &&
          t.message.watch.type === 'snapshot' &&
          t.message.watch.matchId === matchId,
      ),
    );
    screen.close();
  });

  it('moves a screen to another lobby the organizer runs', async () => {
    const second = await anonymous.lobby.create.mutate({
      name: '第二轮',
      visibility: 'private',
      timers: [timers[0]!.id],
    });
    const both = httpClient(hub.url, {
      origin: hub.url,
      cookie: `bs_ctl_${lobby.id}=${lobby.organizerKey}; bs_ctl_${second.id}=${second.organizerKey}`,
    });
    const screen = join(hub.wsUrl, { lobbyId: lobby.id });
    await screen.until((w) => w.screenId() !== undefined);
    expect(
      (
        await refusal(
          organizer.lobby.move.mutate({ lobbyId: lobby.id, screenId: screen.screenId()!, target: second.id }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    await both.lobby.move.mutate({ lobbyId: lobby.id, screenId: screen.screenId()!, target: second.code });
    await screen.until((w) => w.completed);
    const move = screen.plain.find((m) => m.type === 'move');
    expect(move).toMatchObject({ type: 'move', lobbyId: second.id });
    // A private lobby's move carries its join link.
    expect(move?.type === 'move' && move.path.startsWith(`/lobby/${second.id}?t=`)).toBe(true);
  });
});
