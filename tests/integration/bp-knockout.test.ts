/**
 * BP elimination rounds on two hubs over one Postgres and one Redis: a 16-team BP tournament plays
 * two preliminary rounds, breaks 8 into two semifinal rooms of four (seeds 1/4/5/8 and 2/3/6/7),
 * sends each room's first and second place to the final room, and names the final's first place
 * champion — hub B's screens seeing every round. A break that cannot fill rooms of four down to the
 * final, and advancing before every room is confirmed, are refused in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BP_POSITION_IDS, type BpRanking, type BpScores, type TournamentView } from '@bianshi/shared';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { wsClient } from '../support/trpc';
import { until } from '../support/until';

const TEAMS_CSV = [
  '队名,学校',
  ...Array.from({ length: 16 }, (_, at) => `英议${at + 1}队,学校${Math.floor(at / 2) + 1}`),
].join('\n');

type Fixture = TournamentView['rounds'][number]['fixtures'][number];

describe('BP elimination rounds on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `bpko-${Date.now().toString(36)}`;
  /** Lower is stronger: rooms are ranked by it, so the standings follow the team list. */
  const strength = new Map<string, number>();

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'bpko-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: {
        name: '英议淘汰赛测试',
        slug,
        format: { kind: 'builtin', id: 'bp' },
        judgesPerFixture: 0,
        venues: ['一号厅', '二号厅', '三号厅', '四号厅'],
      },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const caller = () => ({ id: owner.id, email: owner.email, displayName: '' });
  const view = (hub: TestHub): Promise<TournamentView> => hub.services.tournaments.core.view(slug, caller());
  const teamsOf = (fixture: Fixture) => [
    fixture.affTeamId!,
    fixture.negTeamId!,
    fixture.cgTeamId!,
    fixture.coTeamId!,
  ];
  /** Places by strength unless `order` (team ids, first to fourth) says otherwise. */
  const confirmRoom = async (fixture: Fixture, order?: string[]) => {
    const teams = teamsOf(fixture);
    const placed = order ?? [...teams].sort((x, y) => strength.get(x)! - strength.get(y)!);
    const ranking = Object.fromEntries(
      BP_POSITION_IDS.map((position, at) => [position, placed.indexOf(teams[at]!) + 1]),
    ) as BpRanking;
    const scores = Object.fromEntries(
      BP_POSITION_IDS.map((position) => [position, [82 - ranking[position] * 2, 81 - ranking[position] * 2]]),
    ) as BpScores;
    await owner.client.tournament.editBpResult.mutate({
      tournamentId,
      fixtureId: fixture.id,
      bp: { ranking, scores },
    });
    return placed;
  };
  const knockoutRounds = (v: TournamentView) => {
    const stage = v.stages.find((each) => each.kind === 'knockout');
    return v.rounds.filter((round) => round.stageId === stage?.id).sort((x, y) => x.number - y.number);
  };

  it('plays two preliminary rounds', async () => {
    (await view(a)).teams.forEach((team, at) => strength.set(team.id, at));
    for (const seed of ['pre1', 'pre2']) {
      const { roundId } = await owner.client.tournament.addRound.mutate({
        tournamentId,
        round: { drawKind: 'random' },
      });
      await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed } });
      await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
      const round = (await view(a)).rounds.find((each) => each.id === roundId)!;
      expect(round.fixtures).toHaveLength(4);
      for (const fixture of round.fixtures) await confirmRoom(fixture);
    }
    const table = (await view(a)).standings[0]!;
    expect(table.rows.every((row) => row.played === 2)).toBe(true);
  });

  it('refuses a break that cannot fill rooms of four down to the final', async () => {
    for (const size of [6, 12])
      expect(
        await outcome(
          owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: size } }),
        ),
      ).toMatchObject({
        ok: false,
        reason: 'knockout-bp-size',
        message: `英议（BP）淘汰赛每间四队、每间前两名晋级，晋级队伍数须为 4、8、16、32…（4 × 2 的幂），现在是 ${size} 队`,
      });
    expect(knockoutRounds(await view(a))).toHaveLength(0);
  });

  it('breaks 8 into two semifinal rooms, advances each room’s top two, and crowns the final’s first', async () => {
    // Hub B's staff screen hears of the knockout made on hub A.
    const screen = wsClient(b.wsUrl);
    const versions: number[] = [];
    const subscription = screen.client.tournament.watch.subscribe(
      { slug },
      { onData: (event) => versions.push(event.data.version) },
    );
    let v: TournamentView;
    try {
      await until(
        () => versions.length,
        (count) => count > 0,
      );
      const before = versions.at(-1)!;
      await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 8 } });
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
    const seeds = v.standings[0]!.rows.slice(0, 8).map((row) => row.teamId);
    let rounds = knockoutRounds(v);
    expect(rounds.map((round) => [round.name, round.fixtures.length])).toEqual([['半决赛', 2]]);
    const semis = rounds[0]!;
    const bySeed = (numbers: number[]) => numbers.map((n) => seeds[n - 1]!).sort();
    expect(semis.fixtures.map((fixture) => [...teamsOf(fixture)].sort())).toEqual([
      bySeed([1, 4, 5, 8]),
      bySeed([2, 3, 6, 7]),
    ]);
    expect(v.bracket).toEqual([]);
    expect(
      await outcome(
        owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 8 } }),
      ),
    ).toMatchObject({ ok: false, reason: 'knockout-exists' });
    // The preliminary rounds are over once the break is drafted.
    expect(
      await outcome(owner.client.tournament.addRound.mutate({ tournamentId, round: { drawKind: 'power' } })),
    ).toMatchObject({ ok: false, reason: 'knockout-started' });

    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: semis.id });
    // Upsets: the weakest team of each room wins it, the second weakest comes second.
    const byWeakness = (fixture: Fixture) =>
      [...teamsOf(fixture)].sort((x, y) => strength.get(y)! - strength.get(x)!);
    const first = await confirmRoom(semis.fixtures[0]!, byWeakness(semis.fixtures[0]!));
    expect(await outcome(owner.client.tournament.advanceKnockout.mutate({ tournamentId }))).toMatchObject({
      ok: false,
      reason: 'knockout-round-unfinished',
      message: '当前淘汰赛轮次还有比赛没有确认结果',
    });
    const second = await confirmRoom(semis.fixtures[1]!, byWeakness(semis.fixtures[1]!));
    const { roundId: finalId } = await owner.client.tournament.advanceKnockout.mutate({ tournamentId });

    v = await view(b);
    rounds = knockoutRounds(v);
    expect(rounds.map((round) => [round.name, round.fixtures.length])).toEqual([
      ['半决赛', 2],
      ['决赛', 1],
    ]);
    const final = rounds[1]!;
    expect(final.id).toBe(finalId);
    expect([...teamsOf(final.fixtures[0]!)].sort()).toEqual(
      [first[0]!, first[1]!, second[0]!, second[1]!].sort(),
    );
    expect(v.championTeamId).toBeNull();
    expect(await outcome(owner.client.tournament.advanceKnockout.mutate({ tournamentId }))).toMatchObject({
      ok: false,
      reason: 'knockout-round-unfinished',
    });

    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId: final.id });
    const places = await confirmRoom(final.fixtures[0]!);
    expect(await outcome(owner.client.tournament.advanceKnockout.mutate({ tournamentId }))).toMatchObject({
      ok: false,
      reason: 'knockout-finished',
      message: '淘汰赛已经结束',
    });

    // The public on hub B sees both rounds with their places, and the champion.
    const publicView = await b.services.tournaments.core.view(slug, null);
    expect(knockoutRounds(publicView).map((round) => round.fixtures.length)).toEqual([2, 1]);
    expect(
      knockoutRounds(publicView).every((round) =>
        round.fixtures.every((fixture) => fixture.result?.confirmed && fixture.result.ranking),
      ),
    ).toBe(true);
    expect(publicView.championTeamId).toBe(places[0]);
    const listed = await b.services.tournaments.core.list('mine', caller());
    expect(listed.find((each) => each.id === tournamentId)).toMatchObject({ finished: true });
  });
});
