/**
 * A knockout per break category on two hubs over one Postgres and one Redis. break16 (16 teams,
 * an open break of 8 and an ESL break of 4) plays three rounds; then the open knockout and, once
 * it exists, ESL's own: seeded from ESL's break, in a stage of its own, played to an ESL champion
 * while the open quarterfinals are still on. Imported with Tabbycat's elimination rounds, each
 * category plays its own imported rounds; drawn natively, ESL's rounds are named for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TournamentRound, TournamentView } from '@bianshi/shared';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { break16Folder, playBreak16 } from '../support/break-tournament';
import { startHubPair, type TestHub } from '../support/hub';
import { until } from '../support/until';

/** break16 with Tabbycat's elimination rounds: the open quarterfinals to the final, ESL's semifinal and final. */
function withEliminationRounds(): Record<string, string> {
  const files = break16Folder();
  files['rounds.csv'] = [
    files['rounds.csv']!.trimEnd(),
    '4,Open Quarterfinals,OQF,elimination,elimination,FALSE,1,open,1',
    '5,Open Semifinals,OSF,elimination,elimination,FALSE,1,open,1',
    '6,ESL Semifinal,ESF,elimination,elimination,FALSE,1,esl,1',
    '7,Open Grand Final,OGF,elimination,elimination,FALSE,1,open,1',
    '8,ESL Grand Final,EGF,elimination,elimination,FALSE,1,esl,1',
  ].join('\n');
  return files;
}

describe('a knockout per break category on two hubs (Postgres + Redis)', () => {
  let close: (() => Promise<void>) | undefined;
  let a: TestHub;
  let b: TestHub;
  let owner: TestAccount;
  const caller = () => ({ id: owner.id, email: owner.email, displayName: '' });
  const view = (hub: TestHub, slug: string): Promise<TournamentView> =>
    hub.services.tournaments.core.view(slug, caller());
  const stageRounds = (v: TournamentView, stageId: string | undefined): TournamentRound[] =>
    v.rounds.filter((round) => round.stageId === stageId).sort((x, y) => x.number - y.number);
  const eslStage = (v: TournamentView) => v.stages.find((stage) => stage.breakCategoryId !== null);

  /** Publishes a round and decides each room for its upper seed (aff when the seeds are unknown). */
  async function play(tournamentId: string, slug: string, roundId: string): Promise<void> {
    await owner.client.tournament.publishRound.mutate({ tournamentId, roundId });
    const round = (await view(a, slug)).rounds.find((each) => each.id === roundId)!;
    for (const fixture of round.fixtures)
      await owner.client.tournament.editResult.mutate({
        tournamentId,
        fixtureId: fixture.id,
        result: { winner: 'aff', votes: { aff: 2, neg: 1 } },
      });
  }

  beforeAll(async () => {
    ({ a, b, close } = await startHubPair());
    owner = await createAccount(a, 'category-knockout');
  }, 240_000);

  afterAll(async () => {
    await close?.();
  });

  it('plays ESL’s imported rounds to its champion beside the open knockout, seen on hub B', async () => {
    const { id: tournamentId, slug } = await playBreak16(a, owner, '类别淘汰赛', withEliminationRounds());
    const preview = await owner.client.tournament.breakPreview.query({ tournamentId });
    const esl = preview.categories.find((category) => category.name === 'ESL')!;
    const eslSeeds = esl.breaking.map((row) => row.teamId);
    expect(eslSeeds).toHaveLength(4);

    // ESL waits for the open knockout, which is made first (seeded from the open break).
    expect(
      await outcome(
        owner.client.tournament.createKnockout.mutate({
          tournamentId,
          knockout: { advancePerPool: 4, breakCategoryId: esl.id! },
        }),
      ),
    ).toMatchObject({
      ok: false,
      reason: 'knockout-main-first',
      message: '请先生成公开组的淘汰赛，再生成其他类别的淘汰赛',
    });
    await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 1 } });
    const created = await owner.client.tournament.createKnockout.mutate({
      tournamentId,
      knockout: { advancePerPool: 4, breakCategoryId: esl.id! },
    });
    expect(
      await outcome(
        owner.client.tournament.createKnockout.mutate({
          tournamentId,
          knockout: { advancePerPool: 4, breakCategoryId: esl.id! },
        }),
      ),
    ).toMatchObject({ ok: false, reason: 'knockout-exists', message: 'ESL的淘汰赛已经生成' });

    // Hub B: ESL's own stage plays the imported ESL rounds, 1 v 4 and 2 v 3; the open stage keeps its own.
    let v = await until(
      () => view(b, slug),
      (each) => eslStage(each) !== undefined,
    );
    const stage = eslStage(v)!;
    expect(stage).toMatchObject({
      id: created.stageId,
      name: 'ESL淘汰赛',
      breakCategoryId: esl.id,
      championTeamId: null,
    });
    const main = v.stages.find((each) => each.kind === 'knockout' && each.breakCategoryId === null)!;
    expect(stageRounds(v, stage.id).map((round) => round.name)).toEqual(['ESL Semifinal', 'ESL Grand Final']);
    expect(stageRounds(v, main.id).map((round) => round.name)).toEqual([
      'Open Quarterfinals',
      'Open Semifinals',
      'Open Grand Final',
    ]);
    const semis = stageRounds(v, stage.id)[0]!;
    expect(semis.id).toBe(created.roundId);
    expect(semis.fixtures.map((fixture) => [fixture.affTeamId, fixture.negTeamId].sort())).toEqual(
      expect.arrayContaining([[eslSeeds[0], eslSeeds[3]].sort(), [eslSeeds[1], eslSeeds[2]].sort()]),
    );
    expect(stage.bracket.filter((node) => node.round === 1).map((node) => node.seeds)).toEqual([
      [1, 4],
      [2, 3],
    ]);

    // ESL plays on while the open quarterfinals are undecided.
    await play(tournamentId, slug, semis.id);
    const next = await owner.client.tournament.advanceKnockout.mutate({
      tournamentId,
      breakCategoryId: esl.id!,
    });
    expect(await outcome(owner.client.tournament.advanceKnockout.mutate({ tournamentId }))).toMatchObject({
      ok: false,
      reason: 'knockout-round-unfinished',
    });
    v = await view(a, slug);
    const final = stageRounds(v, stage.id)[1]!;
    expect(final.id).toBe(next.roundId);
    expect(final.fixtures).toHaveLength(1);
    await play(tournamentId, slug, final.id);
    const champion = final.fixtures[0]!.affTeamId;
    expect(
      await outcome(
        owner.client.tournament.advanceKnockout.mutate({ tournamentId, breakCategoryId: esl.id! }),
      ),
    ).toMatchObject({ ok: false, reason: 'knockout-finished' });

    // The public on hub B: ESL's champion; the tournament's own champion (the open final's) not yet.
    const publicView = await until(
      () => b.services.tournaments.core.view(slug, null),
      (each) => eslStage(each)?.championTeamId !== null,
    );
    expect(eslStage(publicView)!.championTeamId).toBe(champion);
    expect(publicView.championTeamId).toBeNull();
    const listed = await b.services.tournaments.core.list('mine', caller());
    expect(listed.find((each) => each.id === tournamentId)).toMatchObject({ finished: false });
  });

  it('names a natively drawn category knockout’s rounds for the category', async () => {
    owner = await createAccount(a, 'category-knockout-native');
    const { id: tournamentId, slug } = await playBreak16(a, owner, '类别淘汰赛二');
    const esl = (await owner.client.tournament.breakPreview.query({ tournamentId })).categories.find(
      (category) => category.name === 'ESL',
    )!;
    await owner.client.tournament.createKnockout.mutate({ tournamentId, knockout: { advancePerPool: 1 } });
    const { roundId } = await owner.client.tournament.createKnockout.mutate({
      tournamentId,
      knockout: { advancePerPool: 4, breakCategoryId: esl.id! },
    });
    await play(tournamentId, slug, roundId);
    await owner.client.tournament.advanceKnockout.mutate({ tournamentId, breakCategoryId: esl.id! });
    const v = await until(
      () => view(b, slug),
      (each) => stageRounds(each, eslStage(each)?.id).length === 2,
    );
    expect(stageRounds(v, eslStage(v)!.id).map((round) => round.name)).toEqual(['ESL 半决赛', 'ESL 决赛']);
    // The open knockout is untouched: its quarterfinals, named as before.
    const main = v.stages.find((each) => each.kind === 'knockout' && each.breakCategoryId === null)!;
    expect(stageRounds(v, main.id).map((round) => round.name)).toEqual(['四分之一决赛']);
  });
});
