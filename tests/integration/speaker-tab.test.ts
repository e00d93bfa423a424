/**
 * 辩手榜 on two hubs over one Postgres and one Redis: judges' phone ballots on hub A score every
 * speaker; the speaker tab on hub B ranks them by total, then average and deviation, with ties
 * shared; the public sees it only while the tournament is over (every room decided).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { httpClient } from '../support/trpc';

const TEAMS_CSV = [
  '队名,学校,辩手',
  '甲队,甲校,甲一;甲二;甲三;甲四',
  '乙队,乙校,乙一;乙二;乙三;乙四',
  '丙队,丙校,丙一;丙二;丙三;丙四',
  '丁队,丁校,丁一;丁二;丁三;丁四',
].join('\n');

let submission = 0;
const submissionId = () => `tab-${Date.now().toString(36)}-${(submission += 1)}`;

describe('the speaker tab on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `speakers-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'speakers-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name: '辩手榜测试赛', slug, judgesPerFixture: 1, venues: ['一号厅', '二号厅'] },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
    for (const name of ['评委甲', '评委乙'])
      await owner.client.tournament.addJudge.mutate({ tournamentId, judge: { name, conflicts: [] } });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const view = (hub: TestHub): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, { id: owner.id, email: owner.email, displayName: '' });

  it('ranks every speaker from the ballots, for staff now and the public once every room is decided', async () => {
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'random' },
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId } });
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    const v = await view(a);
    const last = getBuiltinFormat('cn-worldcup')!.stages.length - 1;
    // Each room's 正方 first speaker scores 80 and 反方's 78; the rest of both benches tie at 75.
    for (const fixture of v.rounds[0]!.fixtures) {
      await owner.client.timer.command.mutate({
        timerId: fixture.timerId!,
        command: { type: 'goto', stageIndex: last },
      });
      const judge = v.judges.find((each) => each.id === fixture.judgeIds[0])!;
      const receipt = await httpClient(a.url).tournament.submitBallot.mutate({
        token: judge.ballotToken!,
        fixtureId: fixture.id,
        submissionId: submissionId(),
        ballot: {
          winner: 'aff',
          speakerScores: { aff: [80, 75, 75, 75], neg: [78, 75, 75, 75] },
          bestDebater: null,
          comment: '',
        },
      });
      expect(receipt).toMatchObject({ status: 'accepted' });
    }
    const staff = await b.services.tournaments.speakerTab.tab(
      (await b.services.tournaments.core.find(tournamentId))!,
      'organizer',
    );
    expect(staff.visible).toBe(true);
    expect(staff.rounds).toEqual(['第 1 轮']);
    const all = staff.tables[0]!;
    expect(all.rows).toHaveLength(16);
    const names = (rank: number) => all.rows.filter((row) => row.rank === rank).map((row) => row.name);
    const affFirsts = v.rounds[0]!.fixtures.map(
      (fixture) => `${v.teams.find((team) => team.id === fixture.affTeamId)!.name.slice(0, 1)}一`,
    );
    expect(names(1).sort()).toEqual(affFirsts.sort());
    expect(all.rows.filter((row) => row.rank === 1).every((row) => row.tied && row.total === 80)).toBe(true);
    expect(all.rows[2]).toMatchObject({ rank: 3, total: 78, scores: [78], average: 78, stdev: 0 });
    expect(all.rows.at(-1)).toMatchObject({ rank: 5, tied: true, total: 75 });

    // Every room is decided: the public sees it (through the procedure, on hub B).
    const visitor = httpClient(b.url);
    expect((await visitor.tournament.speakerTab.query({ slug })).tables[0]!.rows).toHaveLength(16);
    // A new round drawn: rooms wait for results, the tab is private again; staff still see it.
    const next = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'power' },
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId: next.roundId } });
    expect(await visitor.tournament.speakerTab.query({ slug })).toEqual({
      visible: false,
      rounds: [],
      tables: [],
    });
    const staffAfter = await owner.client.tournament.speakerTab.query({ slug });
    expect(staffAfter.rounds).toEqual(['第 1 轮', '第 2 轮']);
    expect(staffAfter.tables[0]!.rows[0]!.scores).toEqual([80, null]);
  });
});
