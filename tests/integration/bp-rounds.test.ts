/**
 * British Parliamentary rounds on two hubs over one Postgres and one Redis: a 16-team BP
 * tournament draws round 1 at random into four rooms of four (OG, OO, CG, CO), publishes it onto
 * BP clocks whose displays name the four teams, takes each room's one ballot from its chair
 * (others are told in Chinese that the chair submits), power-pairs round 2 on team points with
 * positions balanced, and ranks the standings by team points then speaker total — while a staff
 * screen watching the other hub sees every change. An odd field is refused in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat, type BpRanking, type BpScores, type TournamentView } from '@bianshi/shared';
import { inArray } from 'drizzle-orm';
import { timers } from '../../hub/src/timers/timer.schema';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

/** 16 teams from 8 schools, two each. */
const SCHOOLS = ['北辰', '南岭', '东川', '西湖', '中原', '江城', '山海', '云台'];
const TEAMS = SCHOOLS.flatMap((school) =>
  ['甲队', '乙队'].map((suffix) => [
    `${school}${suffix}`,
    `${school}大学`,
    `${school}${suffix}一;${school}${suffix}二`,
  ]),
);
const TEAMS_CSV = ['队名,学校,辩手', ...TEAMS.map((row) => row.join(','))].join('\n');
const POSITIONS = ['og', 'oo', 'cg', 'co'] as const;

let submission = 0;
const submissionId = () => `bp-${Date.now().toString(36)}-${(submission += 1)}`;

describe('British Parliamentary rounds on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `bp-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'bp-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: {
        name: '英议测试赛',
        slug,
        format: { kind: 'builtin', id: 'bp' },
        judgesPerFixture: 2,
        venues: ['一号厅', '二号厅', '三号厅', '四号厅'],
      },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
    for (let i = 1; i <= 8; i += 1)
      await owner.client.tournament.addJudge.mutate({
        tournamentId,
        judge: { name: `评委${i}`, conflicts: [] },
      });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const caller = () => ({ id: owner.id, email: owner.email, displayName: '' });
  const view = (hub: TestHub): Promise<TournamentView> => hub.services.tournaments.core.view(slug, caller());
  /** The team earlier in the list is stronger: a room's ranking and scores follow strength. */
  const strength = new Map<string, number>();
  const ballotFor = (fixture: TournamentView['rounds'][number]['fixtures'][number]) => {
    const ids: Record<(typeof POSITIONS)[number], string> = {
      og: fixture.affTeamId!,
      oo: fixture.negTeamId!,
      cg: fixture.cgTeamId!,
      co: fixture.coTeamId!,
    };
    const order = [...POSITIONS].sort((x, y) => strength.get(ids[x])! - strength.get(ids[y])!);
    const ranking = Object.fromEntries(order.map((position, at) => [position, at + 1])) as BpRanking;
    const scores = Object.fromEntries(
      order.map((position, at) => [position, [80 - at * 2, 79 - at * 2]]),
    ) as BpScores;
    return {
      ranking,
      scores,
      winner: ranking.og === 1 || ranking.cg === 1 ? ('aff' as const) : ('neg' as const),
    };
  };
  const advanced = new Set<string>();
  /** Every room's clock moves on to its last speech's end; then each chair submits. */
  const chairsSubmit = async (roundIndex: number) => {
    const v = await view(a);
    const last = getBuiltinFormat('bp')!.stages.length - 1;
    for (const fixture of v.rounds[roundIndex]!.fixtures) {
      if (!advanced.has(fixture.timerId!))
        await owner.client.timer.command.mutate({
          timerId: fixture.timerId!,
          command: { type: 'goto', stageIndex: last },
        });
      const chair = v.judges.find((judge) => judge.id === fixture.judgeIds[0])!;
      const { ranking, scores, winner } = ballotFor(fixture);
      const receipt = await httpClient(
        (fixture.venue === '一号厅' ? b : a).url,
      ).tournament.submitBallot.mutate({
        token: chair.ballotToken!,
        fixtureId: fixture.id,
        submissionId: submissionId(),
        ballot: { winner, speakerScores: null, bestDebater: null, comment: '', bp: { ranking, scores } },
      });
      expect(receipt).toMatchObject({ status: 'accepted', result: { confirmed: true, ranking } });
    }
  };

  it('draws, publishes, takes chairs’ ballots and power-pairs BP rooms', async () => {
    const r1 = await owner.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'random' } });
    const r2 = await owner.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } });
    let v = await view(a);
    expect(v.teamsPerRoom).toBe(4);
    v.teams.forEach((team, index) => strength.set(team.id, index));

    // A staff screen on hub B hears of the draw made on hub A.
    const screen = wsClient(b.wsUrl);
    const versions: number[] = [];
    const subscription = screen.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    try {
      await until(
        () => versions.length,
        (count) => count > 0,
      );
      const before = versions.at(-1)!;
      const drawn = await owner.client.tournament.drawRound.mutate({
        tournamentId,
        draw: { roundId: r1.roundId, seed: 'bp1' },
      });
      expect(drawn).toMatchObject({ rooms: 4, seed: 'bp1' });
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        15_000,
      );
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
    v = await view(b);
    const round1 = v.rounds[0]!;
    expect(round1.fixtures).toHaveLength(4);
    const seated = round1.fixtures.flatMap((fixture) => [
      fixture.affTeamId,
      fixture.negTeamId,
      fixture.cgTeamId,
      fixture.coTeamId,
    ]);
    expect(new Set(seated).size).toBe(16);
    expect(seated.every((id) => typeof id === 'string')).toBe(true);

    // Published: BP clocks whose displays carry the four teams by position.
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: r1.roundId });
    v = await view(b);
    const names = new Map(v.teams.map((team) => [team.id, team.name]));
    const published = v.rounds[0]!.fixtures;
    const rows = await a.services.database.db
      .select({ id: timers.id, format: timers.format, settings: timers.settings })
      .from(timers)
      .where(
        inArray(
          timers.id,
          published.map((fixture) => fixture.timerId!),
        ),
      );
    expect(rows).toHaveLength(4);
    for (const fixture of published) {
      const row = rows.find((each) => each.id === fixture.timerId)!;
      const format = row.format as { name: string; stages: unknown[] };
      expect(format.name).toBe('英国议会制 BP');
      expect(format.stages).toHaveLength(9);
      const teams = (row.settings as { teams: Record<'aff' | 'neg', { name: string }> }).teams;
      expect(teams.aff.name).toBe(`OG ${names.get(fixture.affTeamId!)} / CG ${names.get(fixture.cgTeamId!)}`);
      expect(teams.neg.name).toBe(`OO ${names.get(fixture.negTeamId!)} / CO ${names.get(fixture.coTeamId!)}`);
    }
    const live = await b.services.tournaments.core.live(slug, null, caller());
    expect(live.tiles).toHaveLength(4);
    expect(live.tiles[0]).toMatchObject({
      aff: names.get(published[0]!.affTeamId!),
      cg: names.get(published[0]!.cgTeamId!),
      co: names.get(published[0]!.coTeamId!),
    });

    // Only the chair submits: a panellist's page says so, and their ballot is refused.
    const fixture = published[0]!;
    const panellist = v.judges.find((judge) => judge.id === fixture.judgeIds[1])!;
    const chairMessage = '英议（BP）由评审团主席（名单上第一位评委）代表评审团提交一张共识评分表，你无需提交';
    const page = await httpClient(a.url).tournament.ballot.query({ token: panellist.ballotToken! });
    expect(page.fixtures[0]).toMatchObject({ open: false, closedReason: chairMessage, bp: { chair: false } });
    const last = getBuiltinFormat('bp')!.stages.length - 1;
    await owner.client.timer.command.mutate({
      timerId: fixture.timerId!,
      command: { type: 'goto', stageIndex: last },
    });
    advanced.add(fixture.timerId!);
    const { ranking, scores, winner } = ballotFor(fixture);
    expect(
      await outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token: panellist.ballotToken!,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner, bp: { ranking, scores } },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'ballot-bp-chair-only', message: chairMessage });
    // A ranking with a place used twice, or a two-team ballot, is refused in Chinese.
    const chair = v.judges.find((judge) => judge.id === fixture.judgeIds[0])!;
    expect(
      await outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token: chair.ballotToken!,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner, bp: { ranking: { og: 1, oo: 1, cg: 3, co: 4 }, scores } },
        }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('每个名次只能用一次') });
    expect(
      await outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token: chair.ballotToken!,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'ballot-bp-missing' });

    await chairsSubmit(0);
    v = await view(b);
    for (const each of v.rounds[0]!.fixtures) {
      expect(each.status).toBe('finished');
      expect(each.result).toMatchObject({
        confirmed: true,
        confirmedBy: 'auto',
        ranking: ballotFor(each).ranking,
      });
    }
    const history = await owner.client.tournament.ballots.query({ tournamentId, fixtureId: fixture.id });
    expect(history.ballots).toEqual([expect.objectContaining({ bp: { ranking, scores } })]);
    expect(history.history).toEqual([
      expect.objectContaining({ action: 'auto-confirmed', after: expect.objectContaining({ ranking }) }),
    ]);
    // The public sees the ranking too.
    const publicRound = (await b.services.tournaments.core.view(slug, null)).rounds[0]!;
    expect(publicRound.fixtures.every((each) => each.result?.ranking)).toBe(true);

    // Round 2: power-paired on team points, each bracket (3, 2, 1, 0 points) one room.
    const second = await owner.client.tournament.drawRound.mutate({
      tournamentId,
      draw: { roundId: r2.roundId, seed: 'bp2' },
    });
    expect(second).toMatchObject({ rooms: 4 });
    v = await view(b);
    const points = new Map(v.standings[0]!.rows.map((row) => [row.teamId, row.teamPoints]));
    const round2 = v.rounds[1]!.fixtures;
    expect(round2.map((each) => each.bracket)).toEqual([3, 2, 1, 0]);
    for (const each of round2) {
      const teams = [each.affTeamId!, each.negTeamId!, each.cgTeamId!, each.coTeamId!];
      expect(teams.map((id) => points.get(id))).toEqual([
        each.bracket,
        each.bracket,
        each.bracket,
        each.bracket,
      ]);
    }
    // Position balance: a team that was OG in round 1 is not OG again.
    const wasOg = new Set(v.rounds[0]!.fixtures.map((each) => each.affTeamId));
    expect(round2.some((each) => wasOg.has(each.affTeamId))).toBe(false);

    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: r2.roundId });
    await chairsSubmit(1);
    v = await view(b);
    const table = v.standings[0]!;
    expect(table.poolName).toBe('总排名');
    expect(table.rows).toHaveLength(16);
    expect(table.rows.every((row) => row.played === 2)).toBe(true);
    const sorted = [...table.rows].sort(
      (x, y) => (y.teamPoints ?? 0) - (x.teamPoints ?? 0) || y.speakerPoints - x.speakerPoints,
    );
    expect(table.rows.map((row) => row.teamId)).toEqual(sorted.map((row) => row.teamId));
    // The strongest team came first twice: 6 points, top of the table.
    expect(table.rows[0]).toMatchObject({ teamId: v.teams[0]!.id, teamPoints: 6, wins: 2 });
    expect(table.rows.reduce((sum, row) => sum + (row.teamPoints ?? 0), 0)).toBe(2 * 4 * 6);
  });

  it('lets the organizer correct a room’s places and scores, on either hub, with its history', async () => {
    let v = await view(a);
    const fixture = v.rounds[1]!.fixtures[0]!;
    const before = fixture.result!.ranking!;
    const first = POSITIONS.find((position) => before[position] === 1)!;
    const second = POSITIONS.find((position) => before[position] === 2)!;
    const ranking = { ...before, [first]: 2, [second]: 1 } as BpRanking;
    const scores = Object.fromEntries(
      POSITIONS.map((position) => [position, [84 - ranking[position] * 2, 83 - ranking[position] * 2]]),
    ) as BpScores;
    const teamOf = (position: (typeof POSITIONS)[number]) =>
      ({ og: fixture.affTeamId, oo: fixture.negTeamId, cg: fixture.cgTeamId, co: fixture.coTeamId })[
        position
      ]!;
    const pointsOf = (view: TournamentView, teamId: string) =>
      view.standings[0]!.rows.find((row) => row.teamId === teamId)!.teamPoints;
    const firstPoints = pointsOf(v, teamOf(first));
    const secondPoints = pointsOf(v, teamOf(second));

    // Places that disagree with the totals, and a two-team result, are refused in Chinese.
    expect(
      await outcome(
        owner.client.tournament.editBpResult.mutate({
          tournamentId,
          fixtureId: fixture.id,
          bp: { ranking, scores: fixture.result!.positionScores! },
        }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('名次与辩手分不一致') });
    expect(
      await outcome(
        owner.client.tournament.editResult.mutate({
          tournamentId,
          fixtureId: fixture.id,
          result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'result-bp-manual' });

    const corrected = await owner.client.tournament.editBpResult.mutate({
      tournamentId,
      fixtureId: fixture.id,
      bp: { ranking, scores },
      note: '主席误填名次',
    });
    expect(corrected).toMatchObject({ confirmed: true, ranking, positionScores: scores });
    // Hub B's view and standings follow: the two teams trade the 3 and 2 points.
    await until(
      async () => (await view(b)).rounds[1]!.fixtures[0]!.result?.ranking,
      (seen) => seen?.[first] === 2,
      15_000,
    );
    v = await view(b);
    expect(pointsOf(v, teamOf(first))).toBe(firstPoints! - 1);
    expect(pointsOf(v, teamOf(second))).toBe(secondPoints! + 1);
    const history = await owner.client.tournament.ballots.query({ tournamentId, fixtureId: fixture.id });
    expect(history.history.at(-1)).toMatchObject({
      action: 'edited',
      note: '主席误填名次',
      before: { ranking: before },
      after: { ranking },
    });
  });

  it('refuses a field that is not a multiple of four, in Chinese', async () => {
    const other = await createAccount(a, 'bp-odd');
    const { id } = await other.client.tournament.create.mutate({
      tournament: {
        name: '英议奇数测试',
        slug: `bp-odd-${Date.now().toString(36)}`,
        format: { kind: 'builtin', id: 'bp' },
        judgesPerFixture: 0,
      },
    });
    await other.client.tournament.importTeams.mutate({
      tournamentId: id,
      import: {
        source: 'csv',
        text: ['队名,学校', ...['甲', '乙', '丙', '丁', '戊', '己'].map((n) => `${n}队,${n}校`)].join('\n'),
      },
    });
    const { roundId } = await other.client.tournament.addRound.mutate({
      tournamentId: id,
      round: { drawKind: 'random' },
    });
    expect(
      await outcome(other.client.tournament.drawRound.mutate({ tournamentId: id, draw: { roundId } })),
    ).toMatchObject({
      ok: false,
      reason: 'draw-bp-teams',
      message:
        '英议（BP）每间四队：参赛队伍数须为 4 的倍数，现在有 6 支。请添加轮空替补队（swing team）或标记缺席后再抽签',
    });
  });
});
