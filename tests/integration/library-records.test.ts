/**
 * Match records through the real hub: commands over the HTTP API with real waits, then
 * `GET /api/v1/records/:id` compared with the elapsed times; visibility (404 when hidden),
 * the CSV, and result-sheet edits by role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timers } from '../../hub/src/timers/timer.schema';
import { createAccount, outcome } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { untilUsedOnHub } from '../support/hub-clock';
import { httpClient } from '../support/trpc';

const TOLERANCE_MS = 300;

describe('match records', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  const api = async (
    path: string,
    init: { method?: string; key?: string; body?: unknown; cookie?: string } = {},
  ) => {
    const response = await fetch(hub.url + path, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      text,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes vary per case
      body: (text.startsWith('{') ? JSON.parse(text) : null) as Record<string, any>,
    };
  };

  async function timer(formatId = 'cn-classic') {
    const created = await api('/api/v1/timers', { method: 'POST', body: { formatId } });
    expect(created.status).toBe(201);
    return created.body as { id: string; matchId: string; controlKey: string };
  }

  it('start → wait → pause → next → start → finish matches the elapsed times (±300 ms)', async () => {
    const { id, matchId, controlKey } = await timer();
    const send = async (type: string) => {
      const reply = await api(`/api/v1/timers/${id}/commands`, {
        method: 'POST',
        key: controlKey,
        body: { type },
      });
      expect(reply.status, reply.text).toBe(200);
      return performance.now();
    };
    // Past the cover (封面) to 正方一辩 陈词.
    await send('next');
    const first = (await api(`/api/v1/timers/${id}`)).body.state.stageIndex as number;
    expect(first).toBe(1);
    // Each speech runs until the hub's own reading says 1.2 s (then 0.7 s) have gone by.
    const hubClient = httpClient(hub.url);
    const t0 = await send('start');
    await untilUsedOnHub(hubClient, id, 1_200);
    const t1 = await send('pause');
    await send('next');
    const t2 = await send('start');
    await untilUsedOnHub(hubClient, id, 700);
    const t3 = await send('finish');

    const record = await api(`/api/v1/records/${matchId}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      matchId,
      timerId: id,
      status: 'finished',
      format: { id: 'cn-classic' },
    });
    const stages = record.body.stages as Array<{
      index: number;
      usedMs: number;
      allottedMs: number;
      overtimeMs: number;
      pauses: number;
      bells: number;
      name: string;
      side: string | null;
    }>;
    const used = stages.filter((stage) => stage.usedMs > 0);
    expect(used.map((stage) => stage.index)).toEqual([first, first + 1]);
    expect(Math.abs(used[0]!.usedMs - (t1 - t0))).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(Math.abs(used[1]!.usedMs - (t3 - t2))).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(used[0]).toMatchObject({ pauses: 1, overtimeMs: 0 });
    expect(used[0]!.allottedMs).toBeGreaterThan(0);
    expect(typeof used[0]!.name).toBe('string');

    const csv = await api(`/api/v1/records/${matchId}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('阶段,名称,方,分配(秒),已用(秒),超时(秒),暂停次数,响铃次数');
    expect(csv.text.split('\r\n')).toHaveLength(stages.length + 1);
  });

  it('counts a running speech so far, bells rung by hand as the timeline does, and calls an unstarted match 未开始', async () => {
    const { id, matchId, controlKey } = await timer();
    const send = async (body: Record<string, unknown>) => {
      const reply = await api(`/api/v1/timers/${id}/commands`, { method: 'POST', key: controlKey, body });
      expect(reply.status, reply.text).toBe(200);
    };
    await send({ type: 'ringBell' }); // on the cover, which has no clock
    await send({ type: 'next' });
    await send({ type: 'start' });
    await send({ type: 'ringBell', count: 2 });

    // The clock runs on: the record reads it now, not at the last command (which would stay 0).
    const speechUsed = async () =>
      (
        (await api(`/api/v1/records/${matchId}`)).body.stages as Array<{ index: number; usedMs: number }>
      ).find((row) => row.index === 1)!.usedMs;
    await expect.poll(speechUsed, { timeout: 5_000 }).toBeGreaterThanOrEqual(300);
    // The record page's timeline lists both bells; its rows (and the JSON export of it) count both.
    const live = await httpClient(hub.url).library.records.get.query({ matchId });
    expect(live.bells).toHaveLength(2);
    expect(live.stages.reduce((sum, row) => sum + row.bells, 0)).toBe(live.bells.length);
    const csv = (await api(`/api/v1/records/${matchId}.csv`)).text.split('\r\n');
    const bellColumn = csv.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(bellColumn).toBe(2);

    // A match planned but never started, and not current: 未开始 (ready), as the management page says.
    const owner = httpClient(hub.url, { authorization: `Bearer ${controlKey}` });
    const planned = await owner.manage.planMatch.mutate({ timerId: id, entry: { title: '第二场' } });
    expect((await api(`/api/v1/records/${planned.matchId}`)).body.status).toBe('ready');
    const listed = await owner.manage.matches.query({ timerId: id });
    expect(listed.matches.find((match) => match.id === planned.matchId)?.status).toBe('ready');
    // The played match, left for another, is 未完成 (abandoned) on both.
    await owner.manage.makeCurrent.mutate({ timerId: id, matchId: planned.matchId });
    expect((await api(`/api/v1/records/${matchId}`)).body.status).toBe('abandoned');
    expect(
      (await owner.manage.matches.query({ timerId: id })).matches.find((match) => match.id === matchId)
        ?.status,
    ).toBe('abandoned');
  });

  it('hides a private timer’s record from strangers (404) and shows it to its owner, members and key holders', async () => {
    const owner = await createAccount(hub, 'owner');
    const created = await owner.client.timer.create.mutate({ formatId: 'cn-classic' });
    await hub.services.database.db
      .update(timers)
      .set({ viewKey: 'private' })
      .where(eq(timers.id, created.id));
    const stranger = await createAccount(hub, 'stranger');
    const path = `/api/v1/records/${created.matchId}`;
    expect((await api(path)).status).toBe(404);
    expect((await api(path)).body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: '找不到这场比赛的记录',
    });
    expect((await api(`${path}.csv`)).status).toBe(404);
    expect((await api(path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await outcome(stranger.client.library.records.get.query({ matchId: created.matchId }))).ok).toBe(
      false,
    );
    expect((await api(path, { cookie: owner.cookie })).status).toBe(200);
    expect((await api(path, { key: created.controlKey })).status).toBe(200);
    const member = await createAccount(hub, 'member');
    const invite = await owner.client.members.createInvite.mutate({ timerId: created.id, role: 'viewer' });
    await member.client.members.acceptInvite.mutate({ token: invite.token });
    expect((await api(path, { cookie: member.cookie })).status).toBe(200);
    expect((await api('/api/v1/records/no-such-match')).status).toBe(404);
  });

  it('lets the owner and editors fix the result; viewers and strangers cannot; the timing stays', async () => {
    const owner = await createAccount(hub, 'owner');
    const created = await owner.client.timer.create.mutate({ formatId: 'cn-classic' });
    await owner.client.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'teams',
      value: {
        aff: { name: '甲队', school: '甲大学', debaters: [] },
        neg: { name: '乙队', school: '乙大学', debaters: [] },
      },
    });
    const before = await owner.client.library.records.get.query({ matchId: created.matchId });
    expect(before.result.teams.aff).toMatchObject({ name: '甲队', school: '甲大学' });
    expect(before.resultVersion).toBe(0);
    const sheet = {
      ...before.result,
      winner: 'neg',
      ballots: { aff: 1, neg: 2 },
      bestDebater: '乙队四辩',
      judges: [
        { name: '评委一', vote: 'neg' },
        { name: '评委二', vote: 'aff' },
        { name: '评委三', vote: 'neg' },
      ],
    };

    const editor = await createAccount(hub, 'editor');
    const viewer = await createAccount(hub, 'viewer');
    for (const [account, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const invite = await owner.client.members.createInvite.mutate({ timerId: created.id, role });
      await account.client.members.acceptInvite.mutate({ token: invite.token });
    }
    const stranger = await createAccount(hub, 'stranger');
    expect(
      await outcome(
        viewer.client.library.records.updateResult.mutate({ matchId: created.matchId, result: sheet }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(
      await outcome(
        stranger.client.library.records.updateResult.mutate({ matchId: created.matchId, result: sheet }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const bad = await outcome(
      editor.client.library.records.updateResult.mutate({
        matchId: created.matchId,
        result: { ...sheet, winner: 'aff' },
      }),
    );
    expect(bad).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(bad.ok ? '' : bad.message).toContain('胜方与票型不一致');
    expect(
      await editor.client.library.records.updateResult.mutate({ matchId: created.matchId, result: sheet }),
    ).toEqual({ version: 1 });

    const after = await api(`/api/v1/records/${created.matchId}`);
    expect(after.body.result).toMatchObject({
      winner: 'neg',
      ballots: { aff: 1, neg: 2 },
      bestDebater: '乙队四辩',
    });
    expect(after.body.stages).toEqual((await api(`/api/v1/records/${created.matchId}`)).body.stages);
  });

  it('lists my matches with filters, and a school’s public records with win/loss', async () => {
    const owner = await createAccount(hub, 'lister');
    const school = await owner.client.library.schools.add.mutate({
      school: { name: '测试大学', region: '上海' },
    });
    const team = await owner.client.library.schools.addTeam.mutate({
      team: {
        schoolId: school.id,
        name: '测试大学一队',
        season: '2026',
        members: [{ name: '张三', position: 1 }],
      },
    });
    const created = await owner.client.timer.create.mutate({ formatId: 'cn-classic' });
    await owner.client.manage.updateSettings.mutate({
      timerId: created.id,
      section: 'teams',
      value: {
        aff: {
          name: '测试大学一队',
          school: '测试大学',
          debaters: ['张三'],
          teamId: team.id,
          schoolId: school.id,
        },
        neg: { name: '对手', school: '', debaters: [] },
      },
    });
    await owner.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });
    await owner.client.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await owner.client.timer.command.mutate({ timerId: created.id, command: { type: 'finish' } });
    const mine = await owner.client.library.records.mine.query({});
    expect(mine.map((row) => row.matchId)).toEqual([created.matchId]);
    expect(await owner.client.library.records.mine.query({ school: '测试大学' })).toHaveLength(1);
    expect(await owner.client.library.records.mine.query({ school: '别的大学' })).toHaveLength(0);
    expect(await owner.client.library.records.mine.query({ formatId: 'bp' })).toHaveLength(0);

    const page = await owner.client.library.schools.page.query({ id: school.id });
    expect(page.teams).toMatchObject([
      { name: '测试大学一队', season: '2026', members: [{ name: '张三', position: 1 }] },
    ]);
    expect(page.records).toMatchObject([{ matchId: created.matchId, side: 'aff', won: null }]);
    const record = await owner.client.library.records.get.query({ matchId: created.matchId });
    await owner.client.library.records.updateResult.mutate({
      matchId: created.matchId,
      result: { ...record.result, winner: 'aff' },
    });
    const after = await owner.client.library.schools.page.query({ id: school.id });
    expect(after).toMatchObject({ wins: 1, losses: 0, records: [{ won: true }] });
  });
});
