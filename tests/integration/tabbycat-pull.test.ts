/**
 * A tournament tabbed in Tabbycat, run on Bianshi's clocks, against a stand-in for Tabbycat's
 * API (tests/fixtures/tabbycat-api-standin.ts; the real server cannot run here): linking mirrors
 * teams, judges, venues, rounds and motions; pulling a released round gives every room a timer
 * and the round a lobby; a changed draw updates the rooms in place, keeping their timers; a bad
 * token, an unknown tournament or round and an unreleased draw are refused in Chinese, writing
 * nothing; and on two hubs (Postgres + Redis) a screen on hub B sees what hub A pulled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { timers } from '../../hub/src/timers/timer.schema';
import { TabbycatPull } from '../../hub/src/tournaments/tabbycat-pull.service';
import {
  tournamentJudges,
  tournamentTabbycatLinks,
  tournaments,
} from '../../hub/src/tournaments/tournament.schema';
import {
  STANDIN_SLUG,
  STANDIN_TOKEN,
  startTabbycatStandin,
  type TabbycatStandin,
} from '../fixtures/tabbycat-api-standin';
import { browserClient, CookieJar, createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby } from '../support/lobby';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

describe('Tabbycat pull on one hub', () => {
  let standin: TabbycatStandin;
  let hub: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  let slug = '';

  beforeAll(async () => {
    // Paged lists (two a page) as a site with a default page size answers them.
    standin = await startTabbycatStandin({ pageSize: 2 });
    hub = await startHub({ env: { TABBYCAT_ALLOW_PRIVATE: 'on' } });
    owner = await createAccount(hub, 'tabbycat-puller');
  }, 120_000);

  afterAll(async () => {
    await hub?.close();
    await standin?.close();
  });

  const db = () => hub.services.database.db;
  const tournamentCount = async () => (await db().select({ n: count() }).from(tournaments))[0]!.n;
  const target = () => ({ siteUrl: standin.url, tournamentSlug: STANDIN_SLUG, token: STANDIN_TOKEN });
  const timerSettings = async (id: string) =>
    (await db().select({ settings: timers.settings }).from(timers).where(eq(timers.id, id)))[0]!.settings as {
      teams: { aff: { name: string }; neg: { name: string } };
      topic?: string;
      details: { venue: string; judges: string[]; topic: string };
    };

  it('refuses a bad token, an unknown tournament and a private site in Chinese, writing nothing', async () => {
    const badToken = await outcome(
      owner.client.tournament.tabbycatLink.mutate({ ...target(), token: 'not-the-right-token-0000' }),
    );
    expect(badToken).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      reason: 'tabbycat-bad-token',
      message: expect.stringContaining('Tabbycat 拒绝了这个 API 令牌'),
    });
    expect(
      await outcome(owner.client.tournament.tabbycatLink.mutate({ ...target(), tournamentSlug: 'nowhere' })),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND', message: '在这个 Tabbycat 网站上找不到赛事「nowhere」' });
    expect(
      await outcome(
        owner.client.tournament.tabbycatLink.mutate({ ...target(), siteUrl: 'ftp://tab.example' }),
      ),
    ).toMatchObject({ ok: false, code: 'BAD_REQUEST', reason: 'tabbycat-site-invalid' });
    expect(await tournamentCount()).toBe(0);
    expect((await db().select({ n: count() }).from(tournamentTabbycatLinks))[0]!.n).toBe(0);

    // Without TABBYCAT_ALLOW_PRIVATE, loopback and private addresses are refused before any request.
    const guarded = new TabbycatPull(
      null as never,
      null as never,
      null as never,
      null as never,
      null as never,
      null as never,
      { allowPrivate: false },
    );
    const before = standin.requests.length;
    for (const siteUrl of [standin.url, 'http://localhost:8000', 'http://169.254.169.254', 'http://[::1]:80'])
      await expect(guarded.link(owner.id, { ...target(), siteUrl })).rejects.toMatchObject({
        reason: 'tabbycat-site-private',
        message: expect.stringContaining('内网或本机地址'),
      });
    expect(standin.requests.length).toBe(before);
  });

  it('links the tournament: teams, speakers, judges, venues, rounds and motions mirrored; the token never returned', async () => {
    const linked = await owner.client.tournament.tabbycatLink.mutate(target());
    expect(linked).toMatchObject({
      created: true,
      teamsPerRoom: 2,
      institutions: 3,
      teams: 4,
      adjudicators: 4,
      venues: 3,
      motions: 2,
      rounds: [
        { seq: 1, name: 'Round 1', released: true },
        { seq: 2, name: 'Round 2', released: false },
        { seq: 3, name: 'Grand Final', released: false },
      ],
    });
    expect(JSON.stringify(linked)).not.toContain(STANDIN_TOKEN);
    tournamentId = linked.tournament.id;
    slug = linked.tournament.slug;
    expect(slug).toBe('riverside26');
    // Every request carried the token as Tabbycat expects, and paged lists were followed.
    expect(standin.requests).toContain(`GET /api/v1/tournaments/${STANDIN_SLUG}/teams?limit=2&offset=2`);

    const view = await owner.client.tournament.get.query({ slug });
    expect(JSON.stringify(view)).not.toContain(STANDIN_TOKEN);
    expect(view.name).toBe('Riverside Open 2026');
    expect(view.teams.map((team) => [team.name, team.school, team.members])).toEqual([
      ['NBC A', 'Northbank College', ['Ada Lin', 'Bo Chen', 'Cy Park']],
      ['NBC B', 'Northbank College', ['Di Wu', 'Ed Hale', 'Flo Ng']],
      ['EGU A', 'Eastgate University', ['Gus Roe', 'Hal Yu', 'Ivy Ko']],
      ['HBI A', 'Harbour Institute', ['Jo Tam', 'Kai Mo', 'Lu Sun']],
    ]);
    expect(view.judges.map((judge) => judge.name)).toEqual([
      'Mara Quinn',
      'Nico Vale',
      'Oren Pike',
      'Pia Lowe',
    ]);
    expect(view.venues).toEqual(['Hall A', 'Hall B', 'Hall C']);
    expect(view.rounds.map((round) => [round.name, round.status])).toEqual([
      ['Round 1', 'draft'],
      ['Round 2', 'draft'],
      ['Grand Final', 'draft'],
    ]);
    // A judge is conflicted with their own institution, as Tabbycat does.
    const [mara] = await db()
      .select({ conflicts: tournamentJudges.conflicts })
      .from(tournamentJudges)
      .where(eq(tournamentJudges.name, 'Mara Quinn'));
    expect(mara!.conflicts).toEqual([view.teams[0]!.schoolKey]);

    // Linking again updates the same tournament (no second one against the plan).
    standin.data.teams[3]!.speakers[2]!.name = 'Lu Sung';
    const again = await owner.client.tournament.tabbycatLink.mutate(target());
    expect(again).toMatchObject({ created: false, tournament: { id: tournamentId } });
    expect((await owner.client.tournament.get.query({ slug })).teams[3]!.members).toEqual([
      'Jo Tam',
      'Kai Mo',
      'Lu Sung',
    ]);
    expect(await tournamentCount()).toBe(1);
  });

  it('refuses rounds that are unknown or whose draw is not released, in Chinese', async () => {
    const pull = (roundSeq: number) =>
      outcome(owner.client.tournament.tabbycatPullRound.mutate({ tournamentId, roundSeq }));
    expect(tournamentId).not.toBe('');
    expect(await pull(2)).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      reason: 'tabbycat-draw-unreleased',
      message: 'Tabbycat 上「Round 2」的对阵尚未发布：请在 Tabbycat 中发布对阵后再拉取',
    });
    expect(await pull(3)).toMatchObject({ ok: false, code: 'CONFLICT', reason: 'tabbycat-no-draw' });
    expect(await pull(9)).toMatchObject({ ok: false, code: 'NOT_FOUND', message: 'Tabbycat 上没有第 9 轮' });
    const view = await owner.client.tournament.get.query({ slug });
    expect(view.rounds.every((round) => round.status === 'draft' && round.fixtures.length === 0)).toBe(true);
  });

  let timerIds: string[] = [];

  it('pulls round 1: every room gets a timer with teams, venue, panel and motion, and the lobby lists them', async () => {
    const pulled = await owner.client.tournament.tabbycatPullRound.mutate({ tournamentId, roundSeq: 1 });
    expect(pulled).toMatchObject({
      roundName: 'Round 1',
      published: true,
      summary: { added: 2, changed: 0, unchanged: 0, removed: 0 },
      motions: [{ seq: 1, reference: 'Homework', text: 'This house would ban homework', released: true }],
    });
    expect(pulled.rooms.map((room) => [room.venue, room.aff, room.neg, room.judges])).toEqual([
      ['Hall A', 'NBC A', 'EGU A', ['Mara Quinn', 'Nico Vale']],
      ['Hall B', 'NBC B', 'HBI A', ['Oren Pike', 'Pia Lowe']],
    ]);
    timerIds = pulled.rooms.map((room) => room.timerId!);
    expect(timerIds.every(Boolean)).toBe(true);
    for (const room of pulled.rooms) expect(room.links?.display).toBe(`/timer/${room.timerId}`);
    expect(pulled.lobby?.links.join).toBe(`/lobby/${pulled.lobby!.id}`);

    const lobby = await hub.services.lobbies.get(pulled.lobby!.id);
    expect(lobby.timerIds).toEqual(timerIds);
    const live = await httpClient(hub.url).tournament.live.query({ slug });
    expect(live.lobby?.id).toBe(pulled.lobby!.id);
    expect(live.tiles.map((tile) => tile.timerId)).toEqual(timerIds);

    const first = await timerSettings(timerIds[0]!);
    expect(first.teams.aff.name).toBe('NBC A');
    expect(first.teams.neg.name).toBe('EGU A');
    expect(first.topic).toBe('This house would ban homework');
    expect(first.details).toMatchObject({ venue: 'Hall A', judges: ['Mara Quinn', 'Nico Vale'] });
    // The panel is Tabbycat's: nobody added or dropped; its trainee sits in the room without a vote.
    const view = await owner.client.tournament.get.query({ slug });
    expect(view.rounds[0]!.status).toBe('published');
    expect(view.rounds[0]!.fixtures.map((fixture) => fixture.judgeIds.length)).toEqual([2, 1]);
    expect(view.rounds[0]!.fixtures.map((fixture) => fixture.traineeIds.length)).toEqual([0, 1]);
  });

  it('pulls again after the draw changed: changed rooms are updated in place and keep their timers', async () => {
    standin.setRoom(1, 601, { aff: 103, neg: 101 });
    standin.setRoom(1, 602, { venue: 303, panellists: [201], chair: 203 });
    standin.setRoom(1, 601, { chair: 202, panellists: [] });
    const pulled = await owner.client.tournament.tabbycatPullRound.mutate({ tournamentId, roundSeq: 1 });
    expect(pulled.published).toBe(false);
    expect(pulled.summary).toEqual({ added: 0, changed: 2, unchanged: 0, removed: 0 });
    expect(pulled.rooms.map((room) => [room.venue, room.aff, room.neg, room.change, room.changed])).toEqual([
      ['Hall A', 'EGU A', 'NBC A', 'changed', ['sides', 'panel']],
      ['Hall C', 'NBC B', 'HBI A', 'changed', ['venue', 'panel']],
    ]);
    expect(pulled.rooms.map((room) => room.timerId)).toEqual(timerIds);
    const lobby = await hub.services.lobbies.get(pulled.lobby!.id);
    expect(lobby.timerIds).toEqual(timerIds);

    const first = await timerSettings(timerIds[0]!);
    expect([first.teams.aff.name, first.teams.neg.name]).toEqual(['EGU A', 'NBC A']);
    const second = await timerSettings(timerIds[1]!);
    expect(second.details).toMatchObject({
      venue: 'Hall C',
      judges: ['Oren Pike', 'Mara Quinn', 'Pia Lowe'],
    });

    // Nothing changed on Tabbycat: nothing changes here.
    const same = await owner.client.tournament.tabbycatPullRound.mutate({ tournamentId, roundSeq: 1 });
    expect(same.summary).toEqual({ added: 0, changed: 0, unchanged: 2, removed: 0 });
    expect((await db().select({ n: count() }).from(timers))[0]!.n).toBe(2);
  });
});

describe('Tabbycat pull on two hubs (Postgres + Redis)', () => {
  let standin: TabbycatStandin;
  let cluster: TwoHubs;

  beforeAll(async () => {
    standin = await startTabbycatStandin();
    cluster = await startTwoHubs({ TABBYCAT_ALLOW_PRIVATE: 'on' });
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await standin?.close();
  });

  it('a screen on hub B sees the rooms pulled on hub A', async () => {
    const [a, b] = cluster.hubs;
    const { client } = browserClient({ url: a.url }, new CookieJar());
    await client.auth.signUp.mutate({
      email: `tabbycat-${Date.now()}@bianshi.test`,
      password: 'correct horse battery',
    });
    const linked = await client.tournament.tabbycatLink.mutate({
      siteUrl: standin.url,
      tournamentSlug: STANDIN_SLUG,
      token: STANDIN_TOKEN,
    });
    const slug = linked.tournament.slug;

    const screen = wsClient(b.url.replace('http', 'ws') + '/api/trpc');
    const versions: number[] = [];
    const subscription = screen.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    try {
      await until(
        () => versions.length,
        (n) => n > 0,
      );
      const before = versions.at(-1)!;
      const pulled = await client.tournament.tabbycatPullRound.mutate({
        tournamentId: linked.tournament.id,
        roundSeq: 1,
      });
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        5_000,
      );
      const live = await httpClient(b.url).tournament.live.query({ slug });
      expect(live.tiles.map((tile) => tile.timerId)).toEqual(pulled.rooms.map((room) => room.timerId));
      const wall = watchLobby(b.url.replace('http', 'ws') + '/api/trpc', {
        lobbyId: pulled.lobby!.id,
        role: 'audience',
      });
      try {
        await wall.until((w) =>
          w.tracked.some(
            ({ message }) =>
              message.type === 'snapshot' && message.matches.filter((entry) => entry.watch).length === 2,
          ),
        );
      } finally {
        wall.close();
      }
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
  }, 120_000);
});
