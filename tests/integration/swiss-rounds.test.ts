/**
 * Rounds drawn one at a time (Swiss): an organizer adds power-paired rounds and draws each from
 * the confirmed results before it, through real tRPC clients on two hubs over one Postgres and
 * one Redis — the draw made on one hub reaches a screen watching the other. Also: refusals in
 * Chinese (order, open results, odd fields, round robin stages), the recorded seed replaying a
 * draw, the one standings table of a stage without pools, and an imported Tabbycat round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentView } from '@bianshi/shared';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { wsClient } from '../support/trpc';
import { until } from '../support/until';

/** 12 teams from 4 schools, three each: school clashes are always avoidable. */
const SCHOOLS = ['北辰大学', '南岭大学', '东川大学', '西湖大学'];
const TEAMS = SCHOOLS.flatMap((school) =>
  ['一队', '二队', '三队'].map((suffix) => [`${school}${suffix}`, school]),
);
const TEAMS_CSV = ['队名,学校', ...TEAMS.map(([name, school]) => `${name},${school}`)].join('\n');
const FIXTURES = new URL('../fixtures/tabbycat/', import.meta.url).pathname;

describe('Swiss rounds on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `swiss-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'swiss-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name: '瑞士轮测试赛', slug, judgesPerFixture: 0, venues: ['一号厅', '二号厅'] },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const view = (hub: TestHub): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: owner.id, email: owner.email, displayName: '' });
  const schoolOf = (v: TournamentView, teamId: string | null) =>
    v.teams.find((team) => team.id === teamId)!.school;
  /** 正方 and 反方 of every fixture of every round so far, as unordered pairs. */
  const pairsOf = (v: TournamentView, upTo: number) =>
    v.rounds
      .slice(0, upTo)
      .flatMap((round) =>
        round.fixtures.map((fixture) => [fixture.affTeamId!, fixture.negTeamId!].sort().join('|')),
      );
  /** The team earlier in the list wins (a fixed strength order), 3:0. */
  const strength = new Map<string, number>();
  const confirmAll = async (roundIndex: number) => {
    const v = await view(a);
    for (const fixture of v.rounds[roundIndex]!.fixtures) {
      const affWins = strength.get(fixture.affTeamId!)! < strength.get(fixture.negTeamId!)!;
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: { winner: affWins ? 'aff' : 'neg', votes: affWins ? { aff: 3, neg: 0 } : { aff: 0, neg: 3 } },
      });
    }
  };

  it('draws three power-paired rounds in order, without repeats or school clashes, sides balanced', async () => {
    const added = [];
    for (let i = 0; i < 3; i += 1)
      added.push(
        await owner.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } }),
      );
    let v = await view(a);
    v.teams.forEach((team, index) => strength.set(team.id, index));
    expect(v.rounds.map((round) => [round.name, round.drawKind, round.status])).toEqual([
      ['第 1 轮', 'power', 'draft'],
      ['第 2 轮', 'power', 'draft'],
      ['第 3 轮', 'power', 'draft'],
    ]);
    expect(
      await outcome(
        owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: added[1]!.roundId } }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'round-earlier-unpublished',
      message: '「第 1 轮」还没有发布：请按顺序抽签',
    });

    // Round 1 on hub A; a screen watching hub B sees the new version.
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
      const first = await owner.client.tournament.drawRound.mutate({
        tournamentId,
        draw: { roundId: added[0]!.roundId, pullup: 'top', seed: 'r1' },
      });
      expect(first).toMatchObject({ rooms: 6, seed: 'r1', repeats: 0, clashes: 0 });
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
    const r1 = v.rounds[0]!;
    expect(r1.draw).toMatchObject({ kind: 'power', pullup: 'top', seed: 'r1', byName: expect.any(String) });
    expect(r1.fixtures).toHaveLength(6);
    expect(r1.fixtures.map((fixture) => fixture.venue)).toEqual([
      '一号厅',
      '二号厅',
      '一号厅',
      '二号厅',
      '一号厅',
      '二号厅',
    ]);
    for (const fixture of r1.fixtures)
      expect(schoolOf(v, fixture.affTeamId)).not.toBe(schoolOf(v, fixture.negTeamId));

    // Drawing again with the same seed gives the same rooms, and keeps the round's topic;
    // round 2 waits for round 1's results.
    const [topic] = await a.services.library.topics.all();
    await owner.client.tournament.setTopic.mutate({
      tournamentId,
      roundId: r1.id,
      topicId: topic!.id,
      releaseAt: null,
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: r1.id, seed: 'r1' } });
    expect(pairsOf(await view(a), 1)).toEqual(pairsOf(v, 1));
    expect((await view(a)).rounds[0]!.fixtures.every((fixture) => fixture.topic.topicId === topic!.id)).toBe(
      true,
    );
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: r1.id });
    expect(
      await outcome(
        owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: added[1]!.roundId } }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'round-earlier-open',
      message: '「第 1 轮」还有 6 场比赛没有确认结果：实力配对要用确认后的积分',
    });
    expect(
      await outcome(owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: r1.id } })),
    ).toMatchObject({ ok: false, reason: 'round-published' });

    for (const [index, { roundId }] of added.slice(1).entries()) {
      await confirmAll(index);
      const drawn = await owner.client.tournament.drawRound.mutate({
        tournamentId,
        draw: { roundId, pullup: 'lowestRanked' },
      });
      expect(drawn).toMatchObject({ rooms: 6, repeats: 0, clashes: 0 });
      await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    }
    await confirmAll(2);

    v = await view(b);
    // Every pair at most once; brackets top room first; a room's teams share its bracket unless pulled up.
    const pairs = pairsOf(v, 3);
    expect(new Set(pairs).size).toBe(pairs.length);
    const standings = v.standings;
    expect(standings).toHaveLength(1);
    expect(standings[0]).toMatchObject({ poolId: '', poolName: '总排名' });
    expect(standings[0]!.rows).toHaveLength(12);
    expect(standings[0]!.rows.every((row) => row.played === 3)).toBe(true);
    for (const round of v.rounds.slice(1)) {
      const brackets = round.fixtures.map((fixture) => fixture.bracket!);
      expect([...brackets].sort((x, y) => y - x)).toEqual(brackets);
      for (const fixture of round.fixtures)
        expect(schoolOf(v, fixture.affTeamId)).not.toBe(schoolOf(v, fixture.negTeamId));
    }
    // After three rounds each team was 正方 once or twice.
    const aff = new Map<string, number>();
    for (const fixture of v.rounds.flatMap((round) => round.fixtures))
      aff.set(fixture.affTeamId!, (aff.get(fixture.affTeamId!) ?? 0) + 1);
    for (const team of v.teams) expect([1, 2]).toContain(aff.get(team.id) ?? 0);
    // The strongest team won all three; the top room of round 3 was the 2-win bracket.
    expect(standings[0]!.rows.find((row) => row.teamId === v.teams[0]!.id)!.wins).toBe(3);
    expect(standings[0]!.rows.map((row) => row.wins)).toEqual(
      [...standings[0]!.rows.map((row) => row.wins)].sort((x, y) => y - x),
    );
    expect(v.rounds[2]!.fixtures[0]!.bracket).toBe(2);

    // The break: the top four of the one table make the semi-finals, 1 v 4 and 2 v 3.
    await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 4 } });
    v = await view(b);
    const top4 = v.standings[0]!.rows.slice(0, 4).map((row) => row.teamId);
    const semis = v.rounds.at(-1)!;
    expect(semis.name).toBe('半决赛');
    expect(semis.fixtures.map((fixture) => [fixture.affTeamId, fixture.negTeamId].sort())).toEqual(
      expect.arrayContaining([[top4[0], top4[3]].sort(), [top4[1], top4[2]].sort()]),
    );
    expect(
      await outcome(owner.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } })),
    ).toMatchObject({ ok: false, reason: 'knockout-started', message: '已经进入淘汰赛，不能再加预赛轮次' });
  });

  it('refuses an odd field, a round robin stage and rounds that are not drawn here, in Chinese', async () => {
    // A trial account holds one tournament: one account per tournament here.
    const [odd, pooled] = await Promise.all([createAccount(a, 'swiss-odd'), createAccount(a, 'swiss-pools')]);
    const oddSlug = `swiss-odd-${Date.now().toString(36)}`;
    const { id } = await odd.client.tournament.create.mutate({
      tournament: { name: '奇数队伍测试', slug: oddSlug, judgesPerFixture: 0 },
    });
    await odd.client.tournament.importTeams.mutate({
      tournamentId: id,
      import: { source: 'csv', text: '队名,学校\n甲队,甲校\n乙队,乙校\n丙队,丙校' },
    });
    const { roundId } = await odd.client.tournament.addRound.mutate({
      tournamentId: id,
      round: { drawKind: 'random', name: '首轮' },
    });
    expect(
      await outcome(odd.client.tournament.drawRound.mutate({ tournamentId: id, draw: { roundId } })),
    ).toMatchObject({
      ok: false,
      reason: 'draw-odd-teams',
      message: '现在有 3 支队伍，是奇数：请添加一支轮空替补队（swing team）或移除一支队伍后再抽签',
    });
    expect(
      await outcome(
        odd.client.tournament.addRound.mutate({
          tournamentId: id,
          round: { drawKind: 'knockout' as 'power' },
        }),
      ),
    ).toMatchObject({ ok: false, code: 'BAD_REQUEST' });

    const poolSlug = `swiss-pools-${Date.now().toString(36)}`;
    const pools = await pooled.client.tournament.create.mutate({
      tournament: { name: '小组循环测试', slug: poolSlug, judgesPerFixture: 0 },
    });
    await pooled.client.tournament.importTeams.mutate({
      tournamentId: pools.id,
      import: { source: 'csv', text: '队名,学校\n甲队,甲校\n乙队,乙校\n丙队,丙校\n丁队,丁校' },
    });
    await pooled.client.tournament.generateDraw.mutate({
      tournamentId: pools.id,
      draw: { poolCount: 1, seed: 'p' },
    });
    expect(
      await outcome(
        pooled.client.tournament.addRound.mutate({ tournamentId: pools.id, round: { drawKind: 'power' } }),
      ),
    ).toMatchObject({ ok: false, reason: 'round-robin-stage' });
    const poolView = await a.services.tournaments.core.view(poolSlug, {
      id: pooled.id,
      email: pooled.email,
      displayName: '',
    });
    expect(
      await outcome(
        pooled.client.tournament.drawRound.mutate({
          tournamentId: pools.id,
          draw: { roundId: poolView.rounds[0]!.id },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'round-not-drawable' });
  });

  it('leaves teams and judges marked absent out of the draw and the panels (check-in)', async () => {
    const organizer = await createAccount(a, 'swiss-checkin');
    const checkinSlug = `swiss-checkin-${Date.now().toString(36)}`;
    const { id } = await organizer.client.tournament.create.mutate({
      tournament: { name: '到场登记测试', slug: checkinSlug, judgesPerFixture: 1 },
    });
    await organizer.client.tournament.importTeams.mutate({
      tournamentId: id,
      import: {
        source: 'csv',
        text: ['队名,学校', ...['甲', '乙', '丙', '丁', '戊', '己'].map((n) => `${n}队,${n}校`)].join('\n'),
      },
    });
    for (const name of ['张老师', '王老师', '陈老师'])
      await organizer.client.tournament.addJudge.mutate({ tournamentId: id, judge: { name, conflicts: [] } });
    const { roundId } = await organizer.client.tournament.addRound.mutate({
      tournamentId: id,
      round: { drawKind: 'random' },
    });
    const caller = { id: organizer.id, email: organizer.email, displayName: '' };
    let v = await b.services.tournaments.core.view(checkinSlug, caller);
    const [first, second] = v.teams;
    const setAbsent = (kind: 'teams' | 'judges', ids: string[]) =>
      organizer.client.tournament.setAbsent.mutate({ tournamentId: id, absent: { roundId, kind, ids } });

    await setAbsent('teams', [first!.id]);
    expect(
      await outcome(organizer.client.tournament.drawRound.mutate({ tournamentId: id, draw: { roundId } })),
    ).toMatchObject({
      ok: false,
      reason: 'draw-odd-teams',
    });
    await setAbsent('teams', [first!.id, second!.id]);
    await setAbsent('judges', [v.judges[0]!.id]);
    expect(await outcome(setAbsent('judges', ['no-such-judge']))).toMatchObject({
      ok: false,
      reason: 'absent-unknown',
      message: '名单中有不属于本赛事的评委',
    });
    await organizer.client.tournament.drawRound.mutate({ tournamentId: id, draw: { roundId } });
    const { shortfalls } = await organizer.client.tournament.assignJudges.mutate({
      tournamentId: id,
      roundId,
    });
    v = await a.services.tournaments.core.view(checkinSlug, caller);
    const round = v.rounds[0]!;
    expect(round.absent).toEqual({ teams: [first!.id, second!.id], judges: [v.judges[0]!.id] });
    expect(round.fixtures).toHaveLength(2);
    const playing = round.fixtures.flatMap((fixture) => [fixture.affTeamId, fixture.negTeamId]);
    expect(playing).not.toContain(first!.id);
    expect(playing).not.toContain(second!.id);
    expect(round.fixtures.flatMap((fixture) => fixture.judgeIds).sort()).toEqual(
      [v.judges[1]!.id, v.judges[2]!.id].sort(),
    );
    expect(shortfalls).toEqual([]);
    // The public never sees who was absent; a published round's check-in is closed.
    expect(await v.rounds[0]!.absent.teams.length).toBe(2);
    const visitor = await b.services.tournaments.core.view(checkinSlug, null);
    expect(visitor.rounds[0]!.absent).toEqual({ teams: [], judges: [] });
    await organizer.client.tournament.publishRound.mutate({ tournamentId: id, roundId });
    expect(await outcome(setAbsent('teams', []))).toMatchObject({ ok: false, reason: 'round-published' });
  });

  it('draws an imported Tabbycat round by its draw type', async () => {
    const director = await createAccount(a, 'swiss-tabbycat');
    const dir = join(FIXTURES, 'anorak-small');
    const files = Object.fromEntries(
      readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]),
    );
    const imported = await director.client.tournament.importTabbycat.mutate({ name: 'Anorak 小赛', files });
    const importedView = await a.services.tournaments.core.view(imported.tournament.slug, {
      id: director.id,
      email: director.email,
      displayName: '',
    });
    const [r1, r2] = importedView.rounds;
    expect([r1!.drawKind, r2!.drawKind]).toEqual(['random', 'power']);
    const drawn = await director.client.tournament.drawRound.mutate({
      tournamentId: imported.tournament.id,
      draw: { roundId: r1!.id, seed: 'anorak' },
    });
    expect(drawn.rooms).toBe(importedView.teams.length / 2);
    const caller = { id: director.id, email: director.email, displayName: '' };
    const after = await b.services.tournaments.core.view(imported.tournament.slug, caller);
    expect(after.rounds[0]!.draw).toMatchObject({ kind: 'random', pullup: null, seed: 'anorak' });
    expect(after.rounds[0]!.fixtures.every((fixture) => fixture.bracket === null)).toBe(true);

    // Two rounds played, then the break of 2 plays the imported Grand Final.
    const tournamentId = imported.tournament.id;
    const play = async (roundId: string) => {
      await director.client.tournament.publishRound.mutate({ tournamentId, roundId });
      const round = (await b.services.tournaments.core.view(imported.tournament.slug, caller)).rounds.find(
        (each) => each.id === roundId,
      )!;
      for (const fixture of round.fixtures)
        await director.client.tournament.editResult.mutate({
          tournamentId,
          fixtureId: fixture.id,
          result: { winner: 'aff', votes: { aff: 2, neg: 1 } },
        });
    };
    await play(r1!.id);
    await director.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: r2!.id } });
    await play(r2!.id);
    await director.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 2 } });
    const broken = await a.services.tournaments.core.view(imported.tournament.slug, caller);
    const final = broken.rounds.find((round) => round.name === 'Grand Final')!;
    expect(broken.rounds.filter((round) => round.stageId === final.stageId)).toHaveLength(1);
    expect(final).toMatchObject({ number: 1, drawKind: 'elimination', status: 'draft' });
    expect(final.fixtures.map((fixture) => [fixture.affTeamId, fixture.negTeamId].sort())).toEqual([
      broken.standings[0]!.rows.slice(0, 2)
        .map((row) => row.teamId)
        .sort(),
    ]);
    expect(broken.bracket).toHaveLength(1);
  });

  it('plays an imported knockout from its final back: rounds the break does not need are dropped, motions kept', async () => {
    const director = await createAccount(a, 'swiss-tabbycat-sf');
    const dir = join(FIXTURES, 'anorak-small');
    const files = Object.fromEntries(
      readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]),
    );
    files['rounds.csv'] = files['rounds.csv']!.replace(
      '3,Grand Final,GF,elimination',
      '3,Semifinals,SF,elimination,elimination,FALSE,1,open,1\n4,Grand Final,GF,elimination',
    );
    files['motions.csv'] += 'SF,1,Bridges,This House would build no more bridges,\n';
    const imported = await director.client.tournament.importTabbycat.mutate({ files });
    const tournamentId = imported.tournament.id;
    const caller = { id: director.id, email: director.email, displayName: '' };
    const view = () => a.services.tournaments.core.view(imported.tournament.slug, caller);
    for (const index of [0, 1]) {
      const roundId = (await view()).rounds[index]!.id;
      await director.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId } });
      await director.client.tournament.publishRound.mutate({ tournamentId, roundId });
      for (const fixture of (await view()).rounds[index]!.fixtures)
        await director.client.tournament.editResult.mutate({
          tournamentId,
          fixtureId: fixture.id,
          result: { winner: 'neg', votes: { aff: 0, neg: 1 } },
        });
    }
    await director.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 2 } });
    const v = await view();
    const knockout = v.stages.find((stage) => stage.kind === 'knockout')!;
    expect(
      v.rounds.filter((round) => round.stageId === knockout.id).map((round) => [round.name, round.number]),
    ).toEqual([['Grand Final', 1]]);
    const motions = await director.client.tournament.exportTabbycat.query({ tournamentId });
    expect(JSON.stringify(motions)).toContain('This House would build no more bridges');
  });
});
