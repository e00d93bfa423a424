import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby, type LobbyWatcher } from '../support/lobby';
import { httpClient, type HubClient } from '../support/trpc';
import { speechFormat } from '../support/formats';

const DAY_MS = 24 * 60 * 60 * 1000;

async function refusal(
  call: Promise<unknown>,
): Promise<{ code?: string; httpStatus?: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string; httpStatus?: number } | undefined;
      return { code: data?.code, httpStatus: data?.httpStatus, message: error.message };
    }
    return { message: String(error) };
  }
  throw new Error('expected the call to be refused');
}

describe('lobby codes, privacy and listing', () => {
  /** Added to the hub's clock, to let codes expire without waiting a month. */
  let skewMs = 0;
  let hub: TestHub;
  let anonymous: HubClient;
  let timerId: string;
  let timerKey: string;
  const open: LobbyWatcher[] = [];

  beforeAll(async () => {
    hub = await startHub({ clock: { now: () => Date.now() + skewMs } });
    anonymous = httpClient(hub.url);
    const timer = await anonymous.timer.create.mutate({
      name: '决赛',
      format: speechFormat('lobby-access', '测试', [180_000]),
    });
    timerId = timer.id;
    timerKey = timer.controlKey;
  });
  afterAll(async () => {
    for (const watcher of open) watcher.close();
    await hub?.close();
  });

  it('creates a lobby with a 6-character unambiguous code and finds it by code', async () => {
    const created = await anonymous.lobby.create.mutate({
      name: '公开大厅',
      organizerName: '主办方',
      visibility: 'public',
      timers: [`/id/${(await anonymous.timer.get.query({ id: timerId })).timer.shortid}`],
    });
    expect(created.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(created.links.short).toBe(`/lobby?code=${created.code}`);
    const joined = await anonymous.lobby.joinByCode.mutate({
      code: ` ${created.code.slice(0, 3).toLowerCase()}-${created.code.slice(3)} `,
    });
    expect(joined).toEqual({ id: created.id, path: `/lobby/${created.id}` });
    const fetched = await anonymous.lobby.get.query({ lobbyId: created.id });
    expect(fetched.lobby.timerIds).toEqual([timerId]);
    expect(fetched.role).toBe('guest');
    expect(fetched.links).toBeNull();
  });

  it('tells a wrong, malformed or expired code apart in Chinese', async () => {
    const wrong = await refusal(anonymous.lobby.joinByCode.mutate({ code: 'ZZZZZZ' }));
    expect(wrong).toMatchObject({ code: 'NOT_FOUND', message: '房间码不存在，请核对后重试' });
    const malformed = await refusal(anonymous.lobby.joinByCode.mutate({ code: 'AB0O1I' }));
    expect(malformed).toMatchObject({ code: 'BAD_REQUEST' });
    expect(malformed.message).toContain('6 位');
    const soon = await anonymous.lobby.create.mutate({ name: '将过期', visibility: 'public' });
    // The clock only moves forward (rate limit buckets would not like it going back).
    skewMs = 31 * DAY_MS;
    {
      const expired = await refusal(anonymous.lobby.joinByCode.mutate({ code: soon.code }));
      expect(expired).toMatchObject({
        code: 'NOT_FOUND',
        message: '这个房间码已过期，请向主办方索取新的房间码',
      });
      // The organizer extends it and the code works again.
      const organizer = httpClient(hub.url, { authorization: `Bearer ${soon.organizerKey}` });
      await organizer.lobby.update.mutate({ lobbyId: soon.id, extend: true });
      expect((await anonymous.lobby.joinByCode.mutate({ code: soon.code })).id).toBe(soon.id);
    }
  });

  it('admits no one to a private lobby without its join link', async () => {
    const created = await anonymous.lobby.create.mutate({
      name: '私有大厅',
      visibility: 'private',
      timers: [timerId],
    });
    const token = new URL(created.links.join, hub.url).searchParams.get('t')!;
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(await refusal(anonymous.lobby.joinByCode.mutate({ code: created.code }))).toMatchObject({
      code: 'FORBIDDEN',
      message: '这是私有大厅，请使用主办方提供的加入链接或二维码',
    });
    expect((await refusal(anonymous.lobby.get.query({ lobbyId: created.id }))).code).toBe('FORBIDDEN');
    expect(
      (await refusal(anonymous.lobby.get.query({ lobbyId: created.id, token: 'guessed-token-xx' }))).code,
    ).toBe('FORBIDDEN');
    expect((await anonymous.lobby.get.query({ lobbyId: created.id, token })).role).toBe('guest');

    const outsider = watchLobby(hub.wsUrl, { lobbyId: created.id });
    open.push(outsider);
    await outsider.until((w) => w.errors.length > 0);
    expect(outsider.tracked).toHaveLength(0);
    const linked = watchLobby(hub.wsUrl, { lobbyId: created.id, token });
    open.push(linked);
    await linked.until((w) => w.tracked.length >= 1);

    // Roles need their capability: judge link for judges, organizer key for the console.
    const fakeJudge = watchLobby(hub.wsUrl, { lobbyId: created.id, token, role: 'judge' });
    const fakeBoss = watchLobby(hub.wsUrl, { lobbyId: created.id, token, role: 'controller' });
    open.push(fakeJudge, fakeBoss);
    await fakeJudge.until((w) => w.errors.length > 0);
    await fakeBoss.until((w) => w.errors.length > 0);
    const judgeKey = new URL(created.links.judge, hub.url).searchParams.get('judge')!;
    expect((await anonymous.lobby.get.query({ lobbyId: created.id, judgeKey })).role).toBe('judge');
    const judge = watchLobby(hub.wsUrl, { lobbyId: created.id, judgeKey, role: 'judge' });
    open.push(judge);
    await judge.until((w) => w.tracked.length >= 1);
  });

  it('makes a browser the organizer through the organizer key and an httpOnly cookie', async () => {
    const created = await anonymous.lobby.create.mutate({ name: '控制台大厅', visibility: 'public' });
    const response = await fetch(`${hub.url}/api/trpc/lobby.claimOrganizer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: hub.url },
      body: JSON.stringify({ json: { lobbyId: created.id, key: created.organizerKey } }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain('HttpOnly');
    const browser = httpClient(hub.url, { cookie: cookie.split(';')[0]!, origin: hub.url });
    const seen = await browser.lobby.get.query({ lobbyId: created.id });
    expect(seen.role).toBe('organizer');
    expect(seen.links?.judge).toContain('?judge=');
    expect(
      (await refusal(anonymous.lobby.claimOrganizer.mutate({ lobbyId: created.id, key: 'k'.repeat(43) })))
        .code,
    ).toBe('FORBIDDEN');
  });

  it('refuses timers that do not exist', async () => {
    const missing = await refusal(
      anonymous.lobby.create.mutate({ name: '坏大厅', visibility: 'public', timers: ['no-such-timer'] }),
    );
    expect(missing).toMatchObject({ code: 'BAD_REQUEST', message: '找不到计时器：no-such-timer' });
  });

  it('lists open lobbies with live matches and viewers, never private ones', async () => {
    const listed = await anonymous.lobby.create.mutate({
      name: '直播大厅',
      organizerName: '辩论协会',
      visibility: 'public',
      timers: [timerId],
    });
    const controller = httpClient(hub.url, { authorization: `Bearer ${timerKey}` });
    await controller.timer.command.mutate({ timerId, command: { type: 'start' } });
    const viewer = watchLobby(hub.wsUrl, { lobbyId: listed.id });
    open.push(viewer);
    await viewer.until((w) => w.tracked.length >= 1);
    const lobbies = await anonymous.lobby.list.query();
    expect(lobbies.find((l) => l.id === listed.id)).toMatchObject({
      name: '直播大厅',
      organizerName: '辩论协会',
      liveMatches: 1,
      viewers: 1,
      timerCount: 1,
    });
    expect(lobbies.some((l) => l.name === '私有大厅')).toBe(false);
    await controller.timer.command.mutate({ timerId, command: { type: 'pause' } });
  });

  it('rate limits code look-ups per address with a Chinese 429', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => refusal(anonymous.lobby.joinByCode.mutate({ code: 'QQQQQQ' }))),
    );
    const limited = outcomes.filter((o) => o.code === 'TOO_MANY_REQUESTS');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]).toMatchObject({ httpStatus: 429, message: '尝试次数过多，请一分钟后再试' });
  });
});
