/**
 * The management router through real HTTP: settings sections validated by their schemas,
 * roles (viewer / controller / editor / owner), the next match's format, key regeneration and
 * the schedule.
 */
import { TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { getBuiltinFormat, type WatchMessage } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../hub/src/timers/timer.schema';
import { startHub, type TestHub } from '../support/hub';
import { httpClient, wsClient, type HubClient } from '../support/trpc';
import { watch, type Watcher } from '../support/watch';
import { untilTrue } from '../support/until';

function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

const CJK = /[\u4e00-\u9fa5]/;

describe('manage router', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  const watchers: Watcher[] = [];

  beforeAll(async () => {
    // This file creates more timers than one address may in a burst: each comes from its own.
    hub = await startHub({ env: { LOG_LEVEL: 'error', TRUST_PROXY: 'true' } });
    anonymous = httpClient(hub.url);
  });
  afterAll(async () => {
    for (const w of watchers) w.close();
    await hub?.close();
  });

  let organizers = 0;
  async function createTimer(formatId = 'cn-worldcup') {
    organizers += 1;
    const organizer = httpClient(hub.url, { 'x-forwarded-for': `10.0.0.${organizers}` });
    const created = await organizer.timer.create.mutate({ formatId, name: '管理测试' });
    return { ...created, owner: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }) };
  }

  it('saves each settings section and pushes it to watchers in the display shape', async () => {
    const { id, owner } = await createTimer();
    const seen: WatchMessage[] = [];
    const socket = wsClient(hub.wsUrl);
    const subscription = socket.client.timer.watch.subscribe(
      { timerId: id },
      {
        onData: (value: unknown) => seen.push(((value as { data?: unknown }).data ?? value) as WatchMessage),
      },
    );
    await untilTrue(() => seen.length >= 1);
    await owner.manage.updateSettings.mutate({
      timerId: id,
      section: 'teams',
      value: { aff: { name: '复旦大学', school: '复旦', debaters: ['甲', '乙'] }, neg: { name: '武汉大学' } },
    });
    await owner.manage.updateSettings.mutate({
      timerId: id,
      section: 'details',
      value: { topic: '人工智能利大于弊', judges: ['评委一'], venue: '报告厅' },
    });
    await owner.manage.updateSettings.mutate({
      timerId: id,
      section: 'skin',
      value: { preset: 'tournament-green', colors: { accent: '#ffcc00' }, fontScale: 1.2 },
    });
    await owner.manage.updateSettings.mutate({ timerId: id, section: 'display', value: { tenths: false } });
    const { timer } = await owner.manage.get.query({ timerId: id });
    expect(timer.settings).toMatchObject({
      topic: '人工智能利大于弊',
      details: { judges: ['评委一'], venue: '报告厅', notes: '' },
      teams: {
        aff: { name: '复旦大学', debaters: ['甲', '乙'] },
        neg: { name: '武汉大学', school: '', debaters: [] },
      },
      skin: { preset: 'tournament-green', colors: { accent: '#ffcc00' }, fontScale: 1.2 },
      display: { tenths: false },
    });
    // Watchers get the new facts without reconnecting.
    await untilTrue(() =>
      seen.some(
        (m) => m.type === 'timer' && (m.timer.settings as { display?: unknown }).display !== undefined,
      ),
    );
    subscription.unsubscribe();
    socket.close();
    // Clearing the topic removes the key the display reads.
    await owner.manage.updateSettings.mutate({ timerId: id, section: 'details', value: { topic: '' } });
    expect((await owner.manage.get.query({ timerId: id })).timer.settings.topic).toBeUndefined();
  });

  it.each([
    ['skin', { preset: 'neon' }],
    ['skin', { preset: 'dark', colors: { accent: 'red;background:url(x)' } }],
    ['skin', { preset: 'dark', fontScale: 5 }],
    ['skin', { preset: 'dark', backgroundImageUrl: 'https://evil.example/x.png' }],
    ['teams', { aff: { name: 'x'.repeat(81) }, neg: {} }],
    ['teams', { aff: { debaters: Array(9).fill('a') }, neg: {} }],
    ['details', { topic: 1 }],
    ['audio', { volume: 2 }],
    ['audio', { sounds: { bell: '/uploads/other/aaaaaaaaaaaa.mp3' } }],
    ['display', { tenths: 'yes' }],
    ['logo', { logoUrl: 'javascript:alert(1)' }],
    ['teams', { aff: {}, neg: {}, extra: true }],
  ] as const)(
    'rejects invalid %s settings with a Chinese message and writes nothing',
    async (section, value) => {
      const { id, owner } = await createTimer();
      const before = (await owner.manage.get.query({ timerId: id })).timer.settings;
      const error = await owner.manage.updateSettings
        .mutate({ timerId: id, section, value })
        .catch((e: unknown) => e);
      expect(errorCode(error)).toBe('BAD_REQUEST');
      expect((error as Error).message).toMatch(CJK);
      expect((await owner.manage.get.query({ timerId: id })).timer.settings).toEqual(before);
    },
  );

  it('checks roles: no key → 401, wrong key → 403, key of an owned timer is a controller', async () => {
    const { id, owner, controlKey } = await createTimer();
    const wrong = httpClient(hub.url, { authorization: `Bearer ${'w'.repeat(43)}` });
    for (const client of [anonymous, wrong]) {
      const expected = client === anonymous ? 'UNAUTHORIZED' : 'FORBIDDEN';
      await expect(client.manage.get.query({ timerId: id })).rejects.toSatisfy(
        (e) => errorCode(e) === expected,
      );
      await expect(
        client.manage.updateSettings.mutate({ timerId: id, section: 'display', value: { tenths: true } }),
      ).rejects.toSatisfy((e) => errorCode(e) === expected);
      await expect(client.manage.regenerateControlKey.mutate({ timerId: id })).rejects.toSatisfy(
        (e) => errorCode(e) === expected,
      );
    }
    expect((await owner.manage.get.query({ timerId: id })).role).toBe('owner');
    // Once an account owns the timer, the control key only makes its holder a controller.
    await hub.services.database.db.update(timers).set({ ownerId: 'account-1' }).where(eq(timers.id, id));
    const controller = httpClient(hub.url, { authorization: `Bearer ${controlKey}` });
    const view = await controller.manage.get.query({ timerId: id });
    expect(view.role).toBe('controller');
    expect((await controller.manage.matches.query({ timerId: id })).matches).toHaveLength(1);
    await controller.manage.startMatch.mutate({ timerId: id });
    const forbidden = await controller.manage.updateSettings
      .mutate({ timerId: id, section: 'display', value: { tenths: true } })
      .catch((e: unknown) => e);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    expect((forbidden as Error).message).toMatch(CJK);
    await expect(
      controller.manage.setFormat.mutate({ timerId: id, format: getBuiltinFormat('bp') }),
    ).rejects.toSatisfy((e) => errorCode(e) === 'FORBIDDEN');
    await expect(
      controller.manage.updateInfo.mutate({ timerId: id, name: 'x', description: '' }),
    ).rejects.toSatisfy((e) => errorCode(e) === 'FORBIDDEN');
    await expect(controller.manage.regenerateControlKey.mutate({ timerId: id })).rejects.toSatisfy(
      (e) => errorCode(e) === 'FORBIDDEN',
    );
  });

  it('regenerating the control key invalidates the old key at once', async () => {
    const { id, owner, controlKey } = await createTimer();
    const { controlKey: fresh } = await owner.manage.regenerateControlKey.mutate({ timerId: id });
    expect(fresh).not.toBe(controlKey);
    expect(fresh.length).toBeGreaterThanOrEqual(43);
    const old = httpClient(hub.url, { authorization: `Bearer ${controlKey}` });
    await expect(old.timer.command.mutate({ timerId: id, command: { type: 'next' } })).rejects.toSatisfy(
      (e) => errorCode(e) === 'FORBIDDEN',
    );
    await expect(old.manage.get.query({ timerId: id })).rejects.toSatisfy(
      (e) => errorCode(e) === 'FORBIDDEN',
    );
    await expect(anonymous.timer.claimControl.mutate({ timerId: id, key: controlKey })).rejects.toSatisfy(
      (e) => errorCode(e) === 'FORBIDDEN',
    );
    // The integrations API (bearer key) follows too.
    const api = await fetch(`${hub.url}/api/v1/timers/${id}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${controlKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'next' }),
    });
    expect(api.status).toBe(403);
    const renewed = httpClient(hub.url, { authorization: `Bearer ${fresh}` });
    expect((await renewed.timer.command.mutate({ timerId: id, command: { type: 'next' } })).version).toBe(1);
  });

  it('gives the format to a match that has not begun; a begun one keeps its own, unless asked to start one', async () => {
    const { id, owner, matchId } = await createTimer('cn-worldcup');
    await owner.timer.command.mutate({ timerId: id, command: { type: 'goto', stageIndex: 3 } });
    const bp = getBuiltinFormat('bp')!;
    // Not begun (no clock ran): the current match takes it.
    const applied = await owner.manage.setFormat.mutate({
      timerId: id,
      format: { ...bp, id: 'my-bp', name: '我的 BP' },
    });
    expect(applied).toMatchObject({ matchId: null, appliedToCurrent: true });
    expect((await anonymous.timer.get.query({ id })).state.format.id).toBe('my-bp');
    // Begun: the running match keeps its format; the next one gets the new.
    await owner.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    const saved = await owner.manage.setFormat.mutate({
      timerId: id,
      format: { ...bp, id: 'my-bp-2', name: '我的 BP 2' },
    });
    expect(saved).toMatchObject({ matchId: null, appliedToCurrent: false });
    expect(saved.timer.format.name).toBe('我的 BP 2');
    const running = await anonymous.timer.get.query({ id });
    expect(running.matchId).toBe(matchId);
    expect(running.state.format.id).toBe('my-bp');
    expect(running.state.stageIndex).toBe(3);
    const started = await owner.manage.setFormat.mutate({
      timerId: id,
      format: saved.timer.format,
      startNewMatch: true,
    });
    expect(started.matchId).not.toBe(matchId);
    const now = await anonymous.timer.get.query({ id });
    expect(now.matchId).toBe(started.matchId);
    expect(now.state.format.id).toBe('my-bp-2');
  });

  it('rejects an invalid format with the precise Chinese path', async () => {
    const { id, owner } = await createTimer();
    const bad = {
      ...getBuiltinFormat('bp')!,
      stages: [{ kind: 'single', name: '', side: 'aff', durationMs: -1 }],
    };
    const error = await owner.manage.setFormat.mutate({ timerId: id, format: bad }).catch((e: unknown) => e);
    expect(errorCode(error)).toBe('BAD_REQUEST');
    expect((error as Error).message).toMatch(/赛制无效：stages\[0\]|第 1 个环节|环节/);
  });

  it('plans matches, makes one current and moves following screens to it', async () => {
    const { id, owner, matchId } = await createTimer();
    const screen = watch(hub.wsUrl, { timerId: id });
    watchers.push(screen);
    await screen.until((w) => w.tracked.length >= 1);
    const plannedAt = Date.UTC(2030, 4, 1, 6, 30);
    const { matchId: planned } = await owner.manage.planMatch.mutate({
      timerId: id,
      entry: { title: '半决赛 A', plannedAt },
    });
    let list = await owner.manage.matches.query({ timerId: id });
    expect(list.currentMatchId).toBe(matchId);
    expect(list.matches.find((m) => m.id === planned)).toMatchObject({
      title: '半决赛 A',
      plannedAt,
      status: 'ready',
    });
    await owner.manage.updatePlan.mutate({
      timerId: id,
      matchId: planned,
      entry: { title: '半决赛 B', plannedAt: null },
    });
    await owner.manage.makeCurrent.mutate({ timerId: id, matchId: planned });
    list = await owner.manage.matches.query({ timerId: id });
    expect(list.currentMatchId).toBe(planned);
    expect(list.matches.find((m) => m.id === planned)).toMatchObject({ title: '半决赛 B', plannedAt: null });
    await screen.until((w) =>
      w.tracked.some((t) => t.message.type === 'snapshot' && t.message.matchId === planned),
    );
    const other = await createTimer();
    await expect(owner.manage.makeCurrent.mutate({ timerId: id, matchId: other.matchId })).rejects.toSatisfy(
      (e) => errorCode(e) === 'NOT_FOUND',
    );
  });

  it('returns what a record derives from', async () => {
    const { id, owner, matchId } = await createTimer();
    await owner.timer.command.mutate({ timerId: id, command: { type: 'goto', stageIndex: 3 } });
    await owner.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    const record = await owner.manage.matchRecord.query({ timerId: id, matchId });
    expect(record.format.id).toBe('cn-worldcup');
    expect(record.entries.map((e) => e.command.type)).toEqual(['goto', 'start']);
    expect(record.createdAt).toBeLessThanOrEqual(record.entries[0]!.at);
  });

  it('imports a configuration exported elsewhere, dropping uploads of the other timer', async () => {
    const { id, owner } = await createTimer();
    const result = await owner.manage.importConfig.mutate({
      timerId: id,
      config: {
        kind: 'bianshi-timer-config',
        version: 1,
        format: getBuiltinFormat('apda'),
        settings: {
          topic: '辩题',
          teams: { aff: { name: '甲队' }, neg: { name: '乙队' } },
          skin: { preset: 'light', backgroundImageUrl: '/uploads/other/abcdefghijkl.png' },
          logoUrl: '/uploads/other/abcdefghijkl.png',
        },
      },
    });
    expect(result.skipped).toEqual([]);
    expect(result.timer.format.id).toBe('apda');
    expect(result.timer.settings).toMatchObject({
      topic: '辩题',
      teams: { aff: { name: '甲队' } },
      skin: { preset: 'light' },
    });
    expect(result.timer.settings).not.toHaveProperty('logoUrl');
    expect((result.timer.settings.skin as Record<string, unknown>).backgroundImageUrl).toBeUndefined();
  });
});
