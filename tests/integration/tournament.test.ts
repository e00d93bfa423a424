/**
 * The 世界杯 tournament hub end to end through real tRPC clients: set up a tournament, draw
 * pools with a recorded seed, publish a round (timers and one lobby, all or nothing), judges
 * submitting ballots at the same moment on two hubs (one confirmed result), refusals with
 * Chinese reasons, standings, the knockout bracket, exports, and what a second hub serves
 * (two hubs on one Postgres and one Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import { eq } from 'drizzle-orm';
import { lobbyTimers } from '../../hub/src/lobbies/lobby.schema';
import { timers } from '../../hub/src/timers/timer.schema';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { watchLobby } from '../support/lobby';
import { startRedis, type TestRedis } from '../support/redis';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

const TEAMS_CSV = [
  '队名,学校,辩手,种子',
  '复旦大学,复旦大学,甲一;甲二;甲三;甲四,1',
  '武汉大学,武汉大学,乙一;乙二;乙三;乙四,2',
  '新加坡国立大学,新加坡国立大学,,',
  '马来亚大学,马来亚大学,,',
  '南京大学,南京大学,,',
  '中山大学,中山大学,,',
  '台湾大学,台湾大学,,',
  '香港中文大学,香港中文大学,,',
].join('\r\n');

let submission = 0;
/** A fresh client-generated submission id. */
const submissionId = () => `sub-${Date.now().toString(36)}-${(submission += 1)}`;

async function health(hub: TestHub): Promise<string> {
  return ((await (await fetch(`${hub.url}/api/health`)).json()) as { status: string }).status;
}

describe('a tournament on two hubs (Postgres + Redis)', () => {
  let scratch: ScratchDatabase;
  let redis: TestRedis;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `wc-${Date.now().toString(36)}`;

  beforeAll(async () => {
    [scratch, redis] = await Promise.all([createScratchPostgres(), startRedis()]);
    const env = { REDIS_URL: redis.url, LOG_LEVEL: 'silent' };
    a = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    b = await startHub({ database: { kind: 'postgres', url: scratch.url }, env });
    await until(
      () => Promise.all([a, b].map(health)),
      (statuses) => statuses.every((status) => status === 'ok'),
    );
    owner = await createAccount(a, 'wc-owner');
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.close();
    await scratch?.drop();
  });

  /** The page as the owner sees it, from hub `hub`. */
  const ownerView = (hub: TestHub): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: owner.id, email: owner.email, displayName: '' });
  const publicView = (hub: TestHub) => httpClient(hub.url).tournament.get.query({ slug });

  it('sets up teams from CSV (reporting bad rows) and judges with conflicts', async () => {
    const created = await owner.client.tournament.create.mutate({
      tournament: {
        name: '华语辩论世界杯 测试赛',
        slug,
        season: '2026',
        venues: ['一号厅', '二号厅', '三号厅', '四号厅'],
        judgesPerFixture: 3,
      },
    });
    tournamentId = created.id;
    expect(
      await outcome(owner.client.tournament.create.mutate({ tournament: { name: '重名', slug } })),
    ).toMatchObject({ ok: false, code: 'CONFLICT', reason: 'slug-taken' });
    // The trial allows one tournament an account owns (content/pricing.md), on every hub.
    expect(
      await outcome(
        owner.client.tournament.create.mutate({ tournament: { name: '第二项赛事', slug: `${slug}-2` } }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'plan-limit',
      message: '当前方案（试用版）的「赛事」上限为 1 个；需要教育版才能创建更多赛事。详见 /pricing',
    });

    const bad = await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: '队名,种子\r\n,1\r\n某队,x\r\n' },
    });
    expect(bad).toEqual({
      ok: false,
      errors: [
        { row: 2, column: '队名', message: '队名不能为空' },
        { row: 3, column: '种子', message: '种子应为 1 到 999 的整数，而不是「x」' },
      ],
    });
    expect(
      await owner.client.tournament.importTeams.mutate({
        tournamentId,
        import: { source: 'csv', text: TEAMS_CSV },
      }),
    ).toEqual({ ok: true, added: 8 });

    const view = await ownerView(a);
    const fudan = view.schools.find((school) => school.name === '复旦大学')!;
    for (let index = 0; index < 12; index += 1) {
      // The first three judges may not judge 复旦大学.
      await owner.client.tournament.addJudge.mutate({
        tournamentId,
        judge: { name: `评委${index + 1}`, conflicts: index < 3 ? [fudan.key] : [] },
      });
    }
    const judges = (await ownerView(b)).judges;
    expect(judges).toHaveLength(12);
    expect(judges.every((judge) => typeof judge.ballotToken === 'string')).toBe(true);
    // The public sees judges' names, never their links or conflicts.
    expect(
      (await publicView(b)).judges.every(
        (judge) => judge.ballotToken === null && judge.conflicts.length === 0,
      ),
    ).toBe(true);
  });

  it('draws two pools with a recorded seed: the same seed gives the same draw, every pair once', async () => {
    const first = await owner.client.tournament.generateDraw.mutate({
      tournamentId,
      draw: { poolCount: 2, seed: 'wc-2026' },
    });
    const pools = (await ownerView(a)).stages[0]!.pools.map((pool) => pool.teamIds);
    const again = await owner.client.tournament.generateDraw.mutate({
      tournamentId,
      draw: { poolCount: 2, seed: 'wc-2026' },
    });
    expect(again.seed).toBe('wc-2026');
    const view = await ownerView(b);
    expect(view.stages[0]!.pools.map((pool) => pool.teamIds)).toEqual(pools);
    expect(view.stages[0]!.draw).toMatchObject({ method: 'generated', seed: 'wc-2026' });
    expect(first.roundIds).toHaveLength(3);
    expect(view.rounds).toHaveLength(3);
    // Seeds 1 and 2 in different pools; 4 teams a pool, every pair once over 3 rounds.
    const byName = new Map(view.teams.map((team) => [team.name, team.poolId]));
    expect(byName.get('复旦大学')).not.toBe(byName.get('武汉大学'));
    const pairs = view.rounds.flatMap((round) =>
      round.fixtures.map((fixture) => [fixture.affTeamId, fixture.negTeamId].sort().join('|')),
    );
    expect(new Set(pairs).size).toBe(12);
  });

  it('publishes a round: a timer per fixture with the teams on it and one lobby, judges avoiding conflicts', async () => {
    const view = await ownerView(a);
    const round = view.rounds[0]!;
    const published = await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id });
    expect(published.timerIds).toHaveLength(4);
    expect(published.shortfalls).toEqual([]);

    const lobby = await b.services.lobbies.get(published.lobbyId);
    expect(lobby.timerIds).toEqual(published.timerIds);
    expect(lobby.mode).toBe('grid');
    const after = await ownerView(b);
    const teams = new Map(after.teams.map((team) => [team.id, team]));
    const fudanKeys = new Set(after.judges.slice(0, 3).map((judge) => judge.id));
    for (const fixture of after.rounds[0]!.fixtures) {
      const timer = await b.services.timers.get(fixture.timerId!);
      expect(timer.settings.teams).toMatchObject({
        aff: { name: teams.get(fixture.affTeamId!)!.name },
        neg: { name: teams.get(fixture.negTeamId!)!.name },
      });
      expect(timer.ownerId).toBe(owner.id);
      expect(fixture.judgeIds).toHaveLength(3);
      const plays = [fixture.affTeamId, fixture.negTeamId].map((id) => teams.get(id!)!.name);
      if (plays.includes('复旦大学')) expect(fixture.judgeIds.some((id) => fudanKeys.has(id))).toBe(false);
      expect(fixture.status).toBe('scheduled');
    }
    // Nobody judges twice in the round.
    const seated = after.rounds[0]!.fixtures.flatMap((fixture) => fixture.judgeIds);
    expect(new Set(seated).size).toBe(seated.length);

    // The live wall (on the other hub) gets the round's lobby and a tile per fixture.
    const live = await httpClient(b.url).tournament.live.query({ slug });
    expect(live.tournamentName).toBeTruthy();
    expect(live.lobby?.id).toBe(published.lobbyId);
    expect(live.tiles.map((tile) => tile.timerId)).toEqual(published.timerIds);
    // One lobby subscription carries every fixture's clock to the wall.
    const wall = watchLobby(b.wsUrl, { lobbyId: published.lobbyId, role: 'audience' });
    try {
      await wall.until((w) =>
        w.tracked.some(
          ({ message }) =>
            message.type === 'snapshot' && message.matches.filter((entry) => entry.watch).length === 4,
        ),
      );
    } finally {
      wall.close();
    }

    expect(
      await outcome(owner.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id })),
    ).toMatchObject({ ok: false, code: 'CONFLICT', reason: 'round-published' });
  });

  it('publishes all or nothing: two organizers publishing the same round at once on two hubs make one set of timers', async () => {
    const round = (await ownerView(a)).rounds[1]!;
    const onB = await createAccount(b, 'wc-organizer');
    await owner.client.tournament.addOrganizer.mutate({ tournamentId, email: onB.email, role: 'organizer' });
    // An invitation by email becomes a role when its holder first opens the tournament.
    await onB.client.tournament.get.query({ slug });
    const results = await Promise.all([
      outcome(owner.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id })),
      outcome(onB.client.tournament.publishRound.mutate({ tournamentId, roundId: round.id })),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      code: 'CONFLICT',
      reason: 'round-published',
    });
    const made = await a.services.database.db
      .select({ id: timers.id })
      .from(timers)
      .where(eq(timers.description, '华语辩论世界杯 测试赛'));
    expect(made).toHaveLength(8);
    const lobbies = await a.services.database.db.select({ id: lobbyTimers.lobbyId }).from(lobbyTimers);
    expect(new Set(lobbies.map((row) => row.id)).size).toBe(2);
    // The organizer runs the clocks from their account.
    const fixture = (await ownerView(a)).rounds[1]!.fixtures[0]!;
    expect(await b.services.members.roleFor(fixture.timerId!, onB.id)).toBe('editor');
  });

  it('judges submitting at once on two hubs produce one confirmed result; a retry never counts twice', async () => {
    const view = await ownerView(a);
    const fixture = view.rounds[0]!.fixtures[0]!;
    const tokens = fixture.judgeIds.map((id) => view.judges.find((judge) => judge.id === id)!.ballotToken!);
    const watcher = wsClient(b.wsUrl);
    const versions: number[] = [];
    const subscription = watcher.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    await until(
      () => versions.length,
      (count) => count > 0,
    );
    const before = versions[0]!;

    const ballot = {
      winner: 'aff' as const,
      speakerScores: { aff: [80, 82, 81, 85], neg: [78, 79, 80, 77] },
      bestDebater: { side: 'aff' as const, position: 4 },
    };
    // Before the format's end of speeches (the match not even started), ballots are refused in Chinese.
    expect(
      await outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token: tokens[0]!,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { ...ballot, comment: '' },
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      reason: 'ballot-too-early',
      message: '比赛尚未开始：发言全部结束（进入「公布结果」）后才能提交评分',
    });
    const page = await httpClient(b.url).tournament.ballot.query({ token: tokens[0]! });
    expect(page.fixtures.find((entry) => entry.fixture.id === fixture.id)).toMatchObject({
      open: false,
      closedReason: '比赛尚未开始：发言全部结束（进入「公布结果」）后才能提交评分',
    });
    // Every match of the round moves on to 公布结果 (after 总结陈词): ballots open.
    const results = getBuiltinFormat('cn-worldcup')!.stages.length - 1;
    for (const each of view.rounds[0]!.fixtures)
      await owner.client.timer.command.mutate({
        timerId: each.timerId!,
        command: { type: 'goto', stageIndex: results },
      });
    const ids = tokens.map(() => submissionId());
    const receipts = await Promise.all(
      tokens.map((token, index) =>
        httpClient((index % 2 ? b : a).url).tournament.submitBallot.mutate({
          token,
          fixtureId: fixture.id,
          submissionId: ids[index]!,
          ballot,
        }),
      ),
    );
    expect(receipts.map((receipt) => receipt.status)).toEqual(['accepted', 'accepted', 'accepted']);
    const retry = await httpClient(b.url).tournament.submitBallot.mutate({
      token: tokens[0]!,
      fixtureId: fixture.id,
      submissionId: ids[0]!,
      ballot,
    });
    expect(retry.status).toBe('duplicate');

    const ballots = await owner.client.tournament.ballots.query({ tournamentId, fixtureId: fixture.id });
    expect(ballots.ballots).toHaveLength(3);
    expect(ballots.history).toEqual([
      expect.objectContaining({
        action: 'auto-confirmed',
        byName: 'auto',
        before: null,
        after: { winner: 'aff', votes: { aff: 3, neg: 0 }, bestDebater: { side: 'aff', position: 4 } },
      }),
    ]);

    const seen = (await publicView(b)).rounds[0]!.fixtures[0]!;
    expect(seen.status).toBe('finished');
    expect(seen.result).toMatchObject({
      confirmed: true,
      winner: 'aff',
      votes: { aff: 3, neg: 0 },
      speakerPoints: { aff: 328, neg: 314 },
    });
    // The watcher on hub B heard of the changes made on hub A.
    await until(
      () => versions.at(-1)!,
      (version) => version > before,
    );
    subscription.unsubscribe();
    watcher.close();

    // Standings on the other hub count the win, ballots and speaker points.
    const winner = seen.affTeamId!;
    const row = (await publicView(b)).standings
      .flatMap((pool) => pool.rows)
      .find((entry) => entry.teamId === winner)!;
    expect(row).toMatchObject({ played: 1, wins: 1, ballotsWon: 3, speakerPoints: 328, rank: 1 });
  });

  it('a split decision waits for the organizer; then ballots are refused with a Chinese reason', async () => {
    const view = await ownerView(a);
    const fixture = view.rounds[0]!.fixtures[1]!;
    const tokens = fixture.judgeIds.map((id) => view.judges.find((judge) => judge.id === id)!.ballotToken!);
    const winners = ['aff', 'neg', 'aff'] as const;
    await Promise.all(
      tokens.map((token, index) =>
        httpClient(a.url).tournament.submitBallot.mutate({
          token,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner: winners[index]! },
        }),
      ),
    );
    const pending = (await ownerView(b)).rounds[0]!.fixtures[1]!;
    expect(pending.result).toMatchObject({ confirmed: false, votes: { aff: 2, neg: 1 } });
    expect((await publicView(b)).rounds[0]!.fixtures[1]!.result).toBeNull();

    const confirmed = await owner.client.tournament.confirmResult.mutate({
      tournamentId,
      fixtureId: fixture.id,
    });
    expect(confirmed).toMatchObject({ confirmed: true, winner: 'aff', votes: { aff: 2, neg: 1 } });
    const late = await outcome(
      httpClient(b.url).tournament.submitBallot.mutate({
        token: tokens[1]!,
        fixtureId: fixture.id,
        submissionId: submissionId(),
        ballot: { winner: 'neg' },
      }),
    );
    expect(late).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      reason: 'ballot-confirmed',
      message: '这场比赛的结果已经确认，不能再提交评分；如需更正请联系组织者',
    });

    // An organizer's correction is kept in the history with what it was.
    await owner.client.tournament.editResult.mutate({
      tournamentId,
      fixtureId: fixture.id,
      result: { winner: 'neg', votes: { aff: 1, neg: 2 } },
      note: '计票错误',
    });
    const history = (await owner.client.tournament.ballots.query({ tournamentId, fixtureId: fixture.id }))
      .history;
    expect(history.map((entry) => entry.action)).toEqual(['confirmed', 'edited']);
    expect(history[1]).toMatchObject({
      before: { winner: 'aff' },
      after: { winner: 'neg', votes: { aff: 1, neg: 2 } },
      note: '计票错误',
    });
  });

  it('refuses revoked, rotated, unknown and unassigned links with Chinese reasons', async () => {
    const view = await ownerView(a);
    const fixture = view.rounds[0]!.fixtures[2]!;
    const judge = view.judges.find((candidate) => candidate.id === fixture.judgeIds[0])!;
    const outsider = view.judges.find(
      (candidate) =>
        !fixture.judgeIds.includes(candidate.id) && !candidate.revoked && candidate.conflicts.length === 0,
    )!;
    const submit = (token: string) =>
      outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token,
          fixtureId: fixture.id,
          submissionId: submissionId(),
          ballot: { winner: 'neg' },
        }),
      );

    const page = await httpClient(b.url).tournament.ballot.query({ token: judge.ballotToken! });
    expect(page.fixtures.map((entry) => entry.fixture.id)).toContain(fixture.id);

    const { ballotToken } = await owner.client.tournament.rotateJudgeLink.mutate({
      tournamentId,
      judgeId: judge.id,
    });
    expect(await submit(judge.ballotToken!)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'ballot-link-revoked',
      message: '这个评委链接已被撤销：请向组织者索取新的链接',
    });
    expect(await submit(ballotToken)).toMatchObject({ ok: true });
    expect(await submit('x'.repeat(40))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'ballot-link-invalid',
    });
    expect(await submit(outsider.ballotToken!)).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
      reason: 'ballot-not-assigned',
      message: '你没有被安排评判这场比赛',
    });
    await owner.client.tournament.removeJudge.mutate({ tournamentId, judgeId: judge.id });
    expect(await submit(ballotToken)).toMatchObject({ ok: false, reason: 'ballot-link-revoked' });
    // A judge of a round not yet published has nothing to judge there.
    const draft = (await ownerView(a)).rounds[2]!.fixtures[0]!;
    await owner.client.tournament.updateFixture.mutate({
      tournamentId,
      fixtureId: draft.id,
      patch: { judgeIds: [outsider.id] },
    });
    expect(
      await outcome(
        httpClient(a.url).tournament.submitBallot.mutate({
          token: outsider.ballotToken!,
          fixtureId: draft.id,
          submissionId: submissionId(),
          ballot: { winner: 'aff' },
        }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'ballot-round-unpublished',
    });
  });

  it('keeps staff-only procedures to staff and exports CSV', async () => {
    const stranger = await createAccount(b, 'wc-stranger');
    expect(
      await outcome(stranger.client.tournament.publishRound.mutate({ tournamentId, roundId: 'x' })),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN', message: '你在这个赛事中没有执行此操作的权限' });
    expect(
      await outcome(httpClient(a.url).tournament.update.mutate({ tournamentId, tournament: {} })),
    ).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    const csv = await httpClient(b.url).tournament.exportStandings.query({ slug });
    expect(csv.csv.startsWith('\ufeff小组,名次,队伍')).toBe(true);
    expect(csv.csv).toContain('复旦大学');
    const fixtures = await httpClient(b.url).tournament.exportFixtures.query({ slug });
    expect(fixtures.csv).toContain('3:0');
    expect(
      (await httpClient(a.url).tournament.list.query({ scope: 'public' })).map((entry) => entry.slug),
    ).toContain(slug);
  });
});

describe('the knockout (PGlite)', () => {
  let hub: TestHub;
  let owner: TestAccount;

  beforeAll(async () => {
    hub = await startHub({ env: { TRUST_PROXY: 'true' } });
    owner = await createAccount(hub, 'ko-owner');
  }, 60_000);
  afterAll(async () => hub?.close());

  it('seeds the bracket from the standings, gives byes, and advances winners to a champion', async () => {
    const slug = `ko-${Date.now().toString(36)}`;
    const { id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name: '淘汰赛测试', slug, judgesPerFixture: 0 },
    });
    const names = ['甲', '乙', '丙', '丁', '戊', '己'];
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: {
        source: 'csv',
        text: ['队名,学校', ...names.map((name) => `${name}队,${name}校`)].join('\n'),
      },
    });
    await owner.client.tournament.generateDraw.mutate({ tournamentId, draw: { poolCount: 2, seed: 'ko' } });
    const caller = { id: owner.id, email: owner.email, displayName: '' };
    let view = await hub.services.tournaments.core.view(slug, caller);
    expect(
      await outcome(
        owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 2 } }),
      ),
    ).toMatchObject({ ok: false, reason: 'group-unfinished' });
    // 正方 wins every group fixture.
    for (const fixture of view.rounds.flatMap((round) => round.fixtures)) {
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: { winner: 'aff', votes: { aff: 1, neg: 0 } },
      });
    }
    await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 2 } });
    view = await hub.services.tournaments.core.view(slug, caller);
    // 4 teams: two semi-finals, a final; pool winners seeded 1 and 2 meet only in the final.
    expect(view.bracket).toHaveLength(3);
    const semis = view.bracket.filter((node) => node.round === 1);
    expect(semis.every((node) => !node.bye && node.teamIds.every(Boolean))).toBe(true);
    const winners = view.standings.map((pool) => pool.rows[0]!.teamId);
    expect(semis.map((node) => node.teamIds[0]).sort()).toEqual([...winners].sort());
    const knockoutRound = view.rounds.at(-1)!;
    expect(knockoutRound.name).toBe('半决赛');
    for (const fixture of knockoutRound.fixtures) {
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: { winner: 'neg', votes: { aff: 0, neg: 1 } },
      });
    }
    const { roundId } = await owner.client.tournament.advanceKnockout.mutate({ tournamentId });
    view = await hub.services.tournaments.core.view(slug, caller);
    const final = view.bracket.find((node) => node.round === 2)!;
    const semiWinners = view.rounds.at(-2)!.fixtures.map((fixture) => fixture.negTeamId);
    expect(new Set(final.teamIds)).toEqual(new Set(semiWinners));
    const finalFixture = view.rounds.find((round) => round.id === roundId)!.fixtures[0]!;
    expect(view.rounds.find((round) => round.id === roundId)!.name).toBe('决赛');
    await owner.client.tournament.editResult.mutate({
      tournamentId,
      fixtureId: finalFixture.id,
      result: { winner: 'aff', votes: { aff: 3, neg: 2 } },
    });
    view = await hub.services.tournaments.core.view(slug, caller);
    expect(view.bracket.find((node) => node.round === 2)!.winnerTeamId).toBe(finalFixture.affTeamId);
    expect(await outcome(owner.client.tournament.advanceKnockout.mutate({ tournamentId }))).toMatchObject({
      ok: false,
      reason: 'knockout-finished',
    });
  });

  it('rate-limits the public ballot endpoint per address', async () => {
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 125; attempt += 1) {
      const result = await outcome(
        httpClient(hub.url, { 'x-forwarded-for': '192.0.2.77' }).tournament.ballot.query({
          token: 'y'.repeat(40),
        }),
      );
      statuses.push(result.ok ? 'ok' : (result.reason ?? ''));
    }
    expect(statuses.slice(0, 120).every((status) => status === 'ballot-link-invalid')).toBe(true);
    expect(statuses.slice(120)).toEqual(Array.from({ length: 5 }, () => 'rate-limited'));
    // Another address is unaffected.
    expect(
      await outcome(
        httpClient(hub.url, { 'x-forwarded-for': '192.0.2.78' }).tournament.ballot.query({
          token: 'y'.repeat(40),
        }),
      ),
    ).toMatchObject({ reason: 'ballot-link-invalid' });
  });
});
