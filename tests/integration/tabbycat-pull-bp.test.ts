/**
 * A British Parliamentary tournament tabbed in Tabbycat, run on Bianshi's clocks, on two hubs
 * over one Postgres and one Redis, against the stand-in's BP tournament
 * (tests/fixtures/tabbycat-api-standin-bp.ts: sides og/oo/cg/co). Pulling a released round on
 * hub A gives every room four teams in their positions (OG, OO, CG, CO) on the fixture and a BP
 * clock whose display names the benches; hub B's screens follow. Refreshing after the tab room
 * reshuffles a room's seats, or moves teams between rooms, updates the positions in place and
 * keeps the timers. The chair then submits the room's one BP ballot, and the BP standings count
 * the pulled teams' points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBuiltinFormat,
  type BpRanking,
  type BpScores,
  type TournamentFixture,
  type TournamentView,
} from '@bianshi/shared';
import { inArray } from 'drizzle-orm';
import { timers } from '../../hub/src/timers/timer.schema';
import { STANDIN_BP_SLUG, standinBpData } from '../fixtures/tabbycat-api-standin-bp';
import { STANDIN_TOKEN, startTabbycatStandin, type TabbycatStandin } from '../fixtures/tabbycat-api-standin';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

describe('Tabbycat pull of BP rooms on two hubs (Postgres + Redis)', () => {
  let standin: TabbycatStandin;
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  let slug = '';
  let timerIds: string[] = [];

  beforeAll(async () => {
    standin = await startTabbycatStandin({ data: standinBpData() });
    ({ a, b, close } = await startHubPair({ TABBYCAT_ALLOW_PRIVATE: 'on' }));
    owner = await createAccount(a, 'tabbycat-bp');
  }, 180_000);

  afterAll(async () => {
    await close?.();
    await standin?.close();
  });

  const caller = () => ({ id: owner.id, email: owner.email, displayName: '' });
  const view = (hub: TestHub): Promise<TournamentView> => hub.services.tournaments.core.view(slug, caller());
  /** A room's teams by position, by name. */
  const seats = (v: TournamentView, fixture: TournamentFixture) => {
    const name = (id: string | null | undefined) => v.teams.find((team) => team.id === id)?.name ?? null;
    return [fixture.affTeamId, fixture.negTeamId, fixture.cgTeamId, fixture.coTeamId].map(name);
  };
  const benches = async () => {
    const rows = await a.services.database.db
      .select({ id: timers.id, format: timers.format, settings: timers.settings })
      .from(timers)
      .where(inArray(timers.id, timerIds));
    return timerIds.map((id) => {
      const row = rows.find((each) => each.id === id)!;
      const settings = row.settings as {
        teams: Record<'aff' | 'neg', { name: string; debaters: string[] }>;
        details: { notes: string };
      };
      return { format: (row.format as { name: string }).name, ...settings };
    });
  };
  const pull = () => owner.client.tournament.tabbycatPullRound.mutate({ tournamentId, roundSeq: 1 });

  it('links the BP tournament: four teams a room, the BP format, no casting vote', async () => {
    const linked = await owner.client.tournament.tabbycatLink.mutate({
      siteUrl: standin.url,
      tournamentSlug: STANDIN_BP_SLUG,
      token: STANDIN_TOKEN,
    });
    expect(linked).toMatchObject({ created: true, teamsPerRoom: 4, teams: 8, adjudicators: 6 });
    tournamentId = linked.tournament.id;
    slug = linked.tournament.slug;
    const v = await view(b);
    expect(v).toMatchObject({ teamsPerRoom: 4, format: { kind: 'builtin', id: 'bp' }, castingVote: false });
    expect(v.teams.map((team) => [team.name, team.members.length])).toContainEqual(['LSU A', 2]);
  });

  it('pulls round 1 on hub A: OG/OO/CG/CO on each fixture and BP clocks, seen on hub B', async () => {
    const screen = wsClient(b.wsUrl);
    const versions: number[] = [];
    const subscription = screen.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    let pulled: Awaited<ReturnType<typeof pull>>;
    try {
      await until(
        () => versions.length,
        (n) => n > 0,
      );
      const before = versions.at(-1)!;
      pulled = await pull();
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        15_000,
      );
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
    expect(pulled).toMatchObject({ published: true, summary: { added: 2, changed: 0, removed: 0 } });
    expect(pulled.rooms.map((room) => [room.venue, room.aff, room.neg, room.closing, room.judges])).toEqual([
      [
        'Lecture Theatre 1',
        'LSU A',
        'PWC A',
        { cg: 'SBA A', co: 'WMI A' },
        ['Sol Becker', 'Rosa Vance', 'Uma Reid', 'Vic Moran'],
      ],
      ['Lecture Theatre 2', 'PWC B', 'SBA B', { cg: 'WMI B', co: 'LSU B' }, ['Quinn Hart']],
    ]);
    timerIds = pulled.rooms.map((room) => room.timerId!);

    const v = await view(b);
    const fixtures = v.rounds[0]!.fixtures;
    expect(fixtures.map((fixture) => seats(v, fixture))).toEqual([
      ['LSU A', 'PWC A', 'SBA A', 'WMI A'],
      ['PWC B', 'SBA B', 'WMI B', 'LSU B'],
    ]);
    // The chair first, panellists voting, the trainee beside them.
    expect(fixtures[0]!.judgeIds).toHaveLength(3);
    expect(fixtures[0]!.traineeIds).toHaveLength(1);

    // BP clocks; the benches name all four teams (no closing teams hidden in the notes).
    const [first, second] = await benches();
    expect(first!.format).toBe('英国议会制 BP');
    expect(first!.teams.aff).toMatchObject({
      name: 'OG LSU A / CG SBA A',
      debaters: ['Ana Reyes', 'Ben Oduya', 'Ian Cole', 'Jin Bae'],
    });
    expect(first!.teams.neg.name).toBe('OO PWC A / CO WMI A');
    expect(first!.details.notes).toBe('');
    expect(second!.teams.neg.name).toBe('OO SBA B / CO LSU B');

    const live = await b.services.tournaments.core.live(slug, null, caller());
    expect(live.tiles.map((tile) => [tile.aff, tile.neg, tile.cg, tile.co])).toEqual([
      ['LSU A', 'PWC A', 'SBA A', 'WMI A'],
      ['PWC B', 'SBA B', 'WMI B', 'LSU B'],
    ]);
  });

  it('refreshes after the tab room changes the draw: positions updated in place, timers kept', async () => {
    // Room 632's opening government and closing opposition trade places.
    standin.setRoom(1, 632, { aff: 112, co: 114 });
    let pulled = await pull();
    expect(pulled.summary).toEqual({ added: 0, changed: 1, unchanged: 1, removed: 0 });
    expect(pulled.rooms.map((room) => [room.change, room.changed])).toEqual([
      ['unchanged', []],
      ['changed', ['sides']],
    ]);
    expect(pulled.rooms.map((room) => room.timerId)).toEqual(timerIds);
    let v = await view(b);
    expect(seats(v, v.rounds[0]!.fixtures[1]!)).toEqual(['LSU B', 'SBA B', 'WMI B', 'PWC B']);
    expect((await benches())[1]!.teams.aff.name).toBe('OG LSU B / CG WMI B');

    // A closing government moves rooms: both rooms' teams changed.
    standin.setRoom(1, 631, { cg: 116 });
    standin.setRoom(1, 632, { neg: 115 });
    pulled = await pull();
    expect(pulled.summary).toEqual({ added: 0, changed: 2, unchanged: 0, removed: 0 });
    expect(pulled.rooms.map((room) => [room.closing, room.changed])).toEqual([
      [{ cg: 'SBA B', co: 'WMI A' }, ['teams']],
      [{ cg: 'WMI B', co: 'PWC B' }, ['teams']],
    ]);
    v = await view(b);
    expect(v.rounds[0]!.fixtures.map((fixture) => seats(v, fixture))).toEqual([
      ['LSU A', 'PWC A', 'SBA B', 'WMI A'],
      ['LSU B', 'SBA A', 'WMI B', 'PWC B'],
    ]);
    const [first, second] = await benches();
    expect(first!.teams.aff.name).toBe('OG LSU A / CG SBA B');
    expect(second!.teams.neg.name).toBe('OO SBA A / CO PWC B');

    const same = await pull();
    expect(same.summary).toEqual({ added: 0, changed: 0, unchanged: 2, removed: 0 });
  });

  it("takes the chair's BP ballot on hub B and counts it in the BP standings", async () => {
    const v = await view(a);
    const fixture = v.rounds[0]!.fixtures[0]!;
    await owner.client.timer.command.mutate({
      timerId: fixture.timerId!,
      command: { type: 'goto', stageIndex: getBuiltinFormat('bp')!.stages.length - 1 },
    });
    const chair = v.judges.find((judge) => judge.id === fixture.judgeIds[0])!;
    expect(chair.name).toBe('Sol Becker');
    const page = await httpClient(b.url).tournament.ballot.query({ token: chair.ballotToken! });
    expect(page.fixtures[0]).toMatchObject({
      open: true,
      aff: { name: 'LSU A' },
      neg: { name: 'PWC A' },
      bp: { chair: true, cg: { name: 'SBA B' }, co: { name: 'WMI A' } },
    });
    // CG first, OG second, CO third, OO fourth.
    const ranking: BpRanking = { og: 2, oo: 4, cg: 1, co: 3 };
    const scores: BpScores = { og: [78, 77], oo: [72, 71], cg: [80, 79], co: [75, 74] };
    const receipt = await httpClient(b.url).tournament.submitBallot.mutate({
      token: chair.ballotToken!,
      fixtureId: fixture.id,
      submissionId: `tabbycat-bp-${Date.now().toString(36)}`,
      ballot: { winner: 'aff', speakerScores: null, bestDebater: null, comment: '', bp: { ranking, scores } },
    });
    expect(receipt).toMatchObject({ status: 'accepted', result: { confirmed: true, ranking } });
    const after = await view(a);
    const points = new Map(
      after.standings[0]!.rows.map((row) => [
        after.teams.find((team) => team.id === row.teamId)!.name,
        row.teamPoints,
      ]),
    );
    expect([points.get('SBA B'), points.get('LSU A'), points.get('WMI A'), points.get('PWC A')]).toEqual([
      3, 2, 1, 0,
    ]);
  });
});
