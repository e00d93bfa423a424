/**
 * Judge allocation by hand (issue 34): a draft round's panels saved with their roles (chair,
 * panellists, trainees) through real tRPC clients on two hubs over one Postgres and one Redis —
 * saved on one hub, seen by a staff screen watching the other. Also: the clash context the
 * allocation screen judges against, the Chinese refusals of `setPanels`, trainees kept out of the
 * automatic allocation, a stranger refused, and no change once
 * the round is published (a trainee has no ballot).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotStageIndex, getBuiltinFormat, type TournamentView } from '@bianshi/shared';
import { createAccount, outcome, signedInOn, type TestAccount } from '../support/accounts';
import { startHubPair, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';
import { until } from '../support/until';

const TEAMS_CSV = [
  '队名,学校',
  '北辰一队,北辰大学',
  '南岭一队,南岭大学',
  '东川一队,东川大学',
  '西湖一队,西湖大学',
].join('\n');

describe('judge allocation on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  let roundId = '';
  const slug = `alloc-${Date.now().toString(36)}`;
  const judges: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'alloc-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({
      tournament: { name: '分配评委测试赛', slug, judgesPerFixture: 2, venues: ['一号厅', '二号厅'] },
    }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
    const view = await owner.client.tournament.get.query({ slug });
    const beichen = view.schools.find((school) => school.name === '北辰大学')!.key;
    for (const [name, conflicts] of [
      ['甲', [beichen]],
      ['乙', []],
      ['丙', []],
      ['丁', []],
      ['戊', []],
    ] as const) {
      const judge = await owner.client.tournament.addJudge.mutate({
        tournamentId,
        judge: { name, conflicts: [...conflicts] },
      });
      judges[name] = judge.id;
      tokens[name] = judge.ballotToken!;
    }
    ({ roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'random' },
    }));
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'alloc' } });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const rooms = async (client = owner.client) => {
    const view: TournamentView = await client.tournament.get.query({ slug });
    return view.rounds.find((round) => round.id === roundId)!.fixtures;
  };

  it('saves panels with roles on hub A; a staff screen on hub B sees them', async () => {
    const [first, second] = await rooms();
    const onB = signedInOn(b, owner);
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
      const saved = await owner.client.tournament.setPanels.mutate({
        tournamentId,
        panels: {
          roundId,
          panels: [
            {
              fixtureId: first!.id,
              chair: judges['乙']!,
              panellists: [judges['丙']!],
              trainees: [judges['丁']!],
            },
            { fixtureId: second!.id, chair: judges['戊']!, panellists: [], trainees: [] },
          ],
        },
      });
      expect(saved).toEqual({ rooms: 2 });
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        15_000,
      );
      const seen = await rooms(onB);
      expect(seen.map((room) => [room.judgeIds, room.traineeIds])).toEqual([
        [[judges['乙'], judges['丙']], [judges['丁']]],
        [[judges['戊']], []],
      ]);
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
  });

  it('sends the clash context: school conflicts, team institutions, absences', async () => {
    await owner.client.tournament.setAbsent.mutate({
      tournamentId,
      absent: { roundId, kind: 'judges', ids: [judges['戊']!] },
    });
    const context = await signedInOn(b, owner).tournament.allocation.query({ tournamentId, roundId });
    expect(context.roundId).toBe(roundId);
    expect(context.absentJudges).toEqual([judges['戊']]);
    const jia = context.judges.find((judge) => judge.id === judges['甲'])!;
    const beichen = context.teams.find((team) => team.name === '北辰一队')!;
    expect(jia.conflictInstitutions.some((key) => beichen.institutions.includes(key))).toBe(true);
    expect(context.institutionNames[beichen.institutions[0]!]).toBe('北辰大学');
  });

  it('refuses in Chinese what cannot be stored', async () => {
    const [first, second] = await rooms();
    const set = (
      panels: Array<{ fixtureId: string; chair: string | null; panellists: string[]; trainees: string[] }>,
    ) => outcome(owner.client.tournament.setPanels.mutate({ tournamentId, panels: { roundId, panels } }));
    expect(
      await set([{ fixtureId: first!.id, chair: judges['甲']!, panellists: [], trainees: [judges['甲']!] }]),
    ).toMatchObject({
      ok: false,
      reason: 'panel-judge-twice',
      message: '评委「甲」在这一轮被安排了不止一次：每位评委每轮只能在一场比赛中担任一个角色',
    });
    // 戊 chairs the other room, which this save leaves as it is.
    expect(
      await set([{ fixtureId: first!.id, chair: judges['戊']!, panellists: [], trainees: [] }]),
    ).toMatchObject({ ok: false, reason: 'panel-judge-twice' });
    expect(
      await set([{ fixtureId: 'no-such-room', chair: null, panellists: [], trainees: [] }]),
    ).toMatchObject({
      ok: false,
      reason: 'panel-room-unknown',
      message: '评委安排中有不属于这一轮的比赛',
    });
    expect(
      await set([{ fixtureId: first!.id, chair: 'no-such-judge', panellists: [], trainees: [] }]),
    ).toMatchObject({
      ok: false,
      reason: 'panel-judge-unknown',
      message: '评委安排中有不属于本赛事（或已被移除）的评委',
    });
    expect(
      await set([{ fixtureId: second!.id, chair: null, panellists: [judges['甲']!], trainees: [] }]),
    ).toMatchObject({
      ok: false,
      reason: 'panel-no-chair',
      message: `「${second!.venue}」有评委但没有主席：请先指定主席`,
    });
    // Nothing of the refused saves was written.
    expect((await rooms()).map((room) => [room.judgeIds, room.traineeIds])).toEqual([
      [[judges['乙'], judges['丙']], [judges['丁']]],
      [[judges['戊']], []],
    ]);
  });

  it('refuses a stranger and an anonymous caller (roles: permissions.test.ts)', async () => {
    const stranger = await createAccount(a, 'alloc-stranger');
    const [first] = await rooms();
    const input = {
      tournamentId,
      panels: {
        roundId,
        panels: [{ fixtureId: first!.id, chair: judges['乙']!, panellists: [], trainees: [judges['丁']!] }],
      },
    };
    expect(await outcome(stranger.client.tournament.setPanels.mutate(input))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(
      await outcome(httpClient(a.url).tournament.allocation.query({ tournamentId, roundId })),
    ).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
  });

  it('the automatic allocation keeps trainees where they are and seats nobody twice', async () => {
    const [first, second] = await rooms();
    await owner.client.tournament.setPanels.mutate({
      tournamentId,
      panels: {
        roundId,
        panels: [
          { fixtureId: first!.id, chair: null, panellists: [], trainees: [judges['丁']!] },
          { fixtureId: second!.id, chair: null, panellists: [], trainees: [] },
        ],
      },
    });
    await owner.client.tournament.setAbsent.mutate({
      tournamentId,
      absent: { roundId, kind: 'judges', ids: [] },
    });
    await owner.client.tournament.assignJudges.mutate({ tournamentId, roundId });
    const after = await rooms();
    expect(after[0]!.traineeIds).toEqual([judges['丁']]);
    const seated = after.flatMap((room) => [...room.judgeIds, ...room.traineeIds]);
    expect(new Set(seated).size).toBe(seated.length);
    expect(after.flatMap((room) => room.judgeIds)).not.toContain(judges['丁']);
  });

  it('once published the panels are fixed, and a trainee has no ballot', async () => {
    const [first] = await rooms();
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    expect(
      await outcome(
        owner.client.tournament.setPanels.mutate({
          tournamentId,
          panels: { roundId, panels: [{ fixtureId: first!.id, chair: null, panellists: [], trainees: [] }] },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'round-published', message: '这一轮已经发布，不能再修改对阵' });
    const page = await httpClient(b.url).tournament.ballot.query({ token: tokens['丁']! });
    expect(page.fixtures).toEqual([]);
    expect(
      await outcome(
        httpClient(b.url).tournament.submitBallot.mutate({
          token: tokens['丁']!,
          fixtureId: first!.id,
          submissionId: 'trainee-ballot-0001',
          ballot: { winner: 'aff', speakerScores: null, bestDebater: null, comment: '' },
        }),
      ),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN', message: '你没有被安排评判这场比赛' });
  });
  it("a two-judge panel split 1:1: the chair's vote decides, and confirming follows it", async () => {
    const view: TournamentView = await owner.client.tournament.get.query({ slug });
    const room = view.rounds[0]!.fixtures.find((fixture) => fixture.judgeIds.length === 2)!;
    // The tournament runs a built-in format (the default).
    if (view.format.kind !== 'builtin') throw new Error('expected a built-in format');
    const format = getBuiltinFormat(view.format.id)!;
    await owner.client.timer.command.mutate({
      timerId: room.timerId!,
      command: { type: 'goto', stageIndex: ballotStageIndex(format.stages) },
    });
    const tokenOf = (id: string) => view.judges.find((judge) => judge.id === id)!.ballotToken!;
    const [chair, panellist] = room.judgeIds as [string, string];
    const submit = (judgeId: string, winner: 'aff' | 'neg', n: number) =>
      httpClient(a.url).tournament.submitBallot.mutate({
        token: tokenOf(judgeId),
        fixtureId: room.id,
        submissionId: `casting-vote-${n}-${Date.now().toString(36)}`,
        ballot: { winner, speakerScores: null, bestDebater: null, comment: '' },
      });
    await submit(panellist, 'aff', 1);
    await submit(chair, 'neg', 2);
    const fixture = (await rooms()).find((each) => each.id === room.id)!;
    expect(fixture.ballotTally).toMatchObject({
      votes: { aff: 1, neg: 1 },
      winner: 'neg',
      castingVote: true,
      awaitingDecision: true,
    });
    const confirmed = await owner.client.tournament.confirmResult.mutate({
      tournamentId,
      fixtureId: room.id,
    });
    expect(confirmed).toMatchObject({ winner: 'neg', votes: { aff: 1, neg: 1 }, confirmed: true });
  });
});
