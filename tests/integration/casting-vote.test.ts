/**
 * The chair's casting vote is the tournament's (issue 34: "the room's result is the panel's
 * majority, with the chair's casting vote where the format says"), on two hubs over one Postgres
 * and one Redis: a new tournament takes its format's default (on for two-team formats, off for
 * BP); turned off on hub A, a 1:1 room on hub B waits for the organizer (no pending winner,
 * confirming refused), and a screen watching hub B re-reads; turned on again on hub B, the
 * chair's vote decides again. Settings saved without the field keep it; a bad value is refused
 * in Chinese.
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

describe('the casting vote on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  let tournamentId = '';
  const slug = `casting-${Date.now().toString(36)}`;
  const settings = { name: '决定票测试赛', slug, judgesPerFixture: 2, venues: ['一号厅', '二号厅'] };

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'casting-owner');
    ({ id: tournamentId } = await owner.client.tournament.create.mutate({ tournament: settings }));
    await owner.client.tournament.importTeams.mutate({
      tournamentId,
      import: { source: 'csv', text: TEAMS_CSV },
    });
    for (const name of ['甲', '乙', '丙', '丁'])
      await owner.client.tournament.addJudge.mutate({ tournamentId, judge: { name, conflicts: [] } });
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId,
      round: { drawKind: 'random' },
    });
    await owner.client.tournament.drawRound.mutate({ tournamentId, draw: { roundId, seed: 'casting' } });
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
  }, 180_000);

  afterAll(async () => {
    await close?.();
  });

  const room = async (client = owner.client) => {
    const view: TournamentView = await client.tournament.get.query({ slug });
    return { view, fixture: view.rounds[0]!.fixtures[0]! };
  };

  it('a new tournament takes the format default: on for two-team formats, off for BP', async () => {
    expect((await room()).view.castingVote).toBe(true);
    // Each tournament its own owner: a trial account owns one.
    const other = async () => (await createAccount(a, 'casting-other')).client;
    const bpSlug = `${slug}-bp`;
    const bpOwner = await other();
    await bpOwner.tournament.create.mutate({
      tournament: { name: '决定票 BP', slug: bpSlug, format: { kind: 'builtin', id: 'bp' } },
    });
    const bp = await bpOwner.tournament.get.query({ slug: bpSlug });
    expect([bp.teamsPerRoom, bp.castingVote]).toEqual([4, false]);
    // The organizer's choice wins over the default.
    const offOwner = await other();
    await offOwner.tournament.create.mutate({
      tournament: { name: '决定票 关', slug: `${slug}-off`, castingVote: false },
    });
    expect((await offOwner.tournament.get.query({ slug: `${slug}-off` })).castingVote).toBe(false);
  });

  it("turned off on hub A, a 1:1 room on hub B waits for the organizer; on again, the chair's vote decides", async () => {
    const { view, fixture } = await room();
    expect(fixture.judgeIds).toHaveLength(2);
    if (view.format.kind !== 'builtin') throw new Error('expected a built-in format');
    await owner.client.timer.command.mutate({
      timerId: fixture.timerId!,
      command: { type: 'goto', stageIndex: ballotStageIndex(getBuiltinFormat(view.format.id)!.stages) },
    });
    const tokenOf = (id: string) => view.judges.find((judge) => judge.id === id)!.ballotToken!;
    const [chair, panellist] = fixture.judgeIds as [string, string];
    await httpClient(b.url).tournament.submitBallot.mutate({
      token: tokenOf(panellist),
      fixtureId: fixture.id,
      submissionId: `casting-panellist-${slug}`,
      ballot: { winner: 'aff', speakerScores: null, bestDebater: null, comment: '' },
    });
    await httpClient(b.url).tournament.submitBallot.mutate({
      token: tokenOf(chair),
      fixtureId: fixture.id,
      submissionId: `casting-chair-${slug}`,
      ballot: { winner: 'neg', speakerScores: null, bestDebater: null, comment: '' },
    });
    const onB = signedInOn(b, owner);
    expect((await room(onB)).fixture).toMatchObject({
      ballotTally: { votes: { aff: 1, neg: 1 }, winner: 'neg', castingVote: true, awaitingDecision: true },
      result: { winner: 'neg', confirmed: false },
    });

    const screen = wsClient(b.wsUrl);
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
      await owner.client.tournament.update.mutate({
        tournamentId,
        tournament: { ...settings, castingVote: false },
      });
      await until(
        () => versions.at(-1)!,
        (version) => version > before,
        5_000,
      );
    } finally {
      subscription.unsubscribe();
      screen.close();
    }
    const off = await room(onB);
    expect(off.view.castingVote).toBe(false);
    expect(off.fixture.ballotTally).toMatchObject({
      votes: { aff: 1, neg: 1 },
      winner: null,
      castingVote: false,
      awaitingDecision: true,
    });
    // The pending result the casting vote gave is gone; confirming has nothing to confirm.
    expect(off.fixture.result).toBeNull();
    expect(
      await outcome(onB.tournament.confirmResult.mutate({ tournamentId, fixtureId: fixture.id })),
    ).toMatchObject({ ok: false, reason: 'result-tie' });
    // A ballot corrected while it is off keeps the room waiting.
    await httpClient(a.url).tournament.submitBallot.mutate({
      token: tokenOf(chair),
      fixtureId: fixture.id,
      submissionId: `casting-chair-again-${slug}`,
      ballot: { winner: 'neg', speakerScores: null, bestDebater: null, comment: '' },
    });
    expect((await room(onB)).fixture.result).toBeNull();

    // Saved without the field, the setting stays as it is.
    await onB.tournament.update.mutate({
      tournamentId,
      tournament: { ...settings, name: '决定票测试赛 · 改' },
    });
    expect((await room()).view).toMatchObject({ name: '决定票测试赛 · 改', castingVote: false });

    await onB.tournament.update.mutate({ tournamentId, tournament: { ...settings, castingVote: true } });
    expect((await room()).fixture).toMatchObject({
      ballotTally: { winner: 'neg', castingVote: true, awaitingDecision: true },
      result: { winner: 'neg', votes: { aff: 1, neg: 1 }, confirmed: false },
    });
    expect(
      await owner.client.tournament.confirmResult.mutate({ tournamentId, fixtureId: fixture.id }),
    ).toMatchObject({ winner: 'neg', confirmed: true });
  });

  it('refuses a casting vote that is not on or off, in Chinese', async () => {
    expect(
      await outcome(
        owner.client.tournament.update.mutate({
          tournamentId,
          tournament: { ...settings, castingVote: 'yes' },
        }),
      ),
    ).toMatchObject({ ok: false, code: 'BAD_REQUEST', message: '平票时主席决定票只能是开启或关闭' });
  });
});
