/**
 * The break tests' tournament: tests/fixtures/tabbycat/break16 imported through the API and its
 * three preliminary rounds drawn, published and decided (the stronger team, earlier in the list,
 * wins every room 3:0), so that each category's break is known.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestAccount } from './accounts';
import type { TestHub } from './hub';

const DIR = new URL('../fixtures/tabbycat/break16/', import.meta.url).pathname;

/** The folder's files (file name → text). */
export function break16Folder(): Record<string, string> {
  return Object.fromEntries(readdirSync(DIR).map((file) => [file, readFileSync(join(DIR, file), 'utf8')]));
}

/**
 * Imports break16 (or `files`, break16 changed) as `owner` on `hub` and plays its three
 * preliminary rounds; returns the tournament's id and slug.
 */
export async function playBreak16(
  hub: TestHub,
  owner: TestAccount,
  name = '晋级测试赛',
  files = break16Folder(),
): Promise<{ id: string; slug: string }> {
  const { tournament } = await owner.client.tournament.importTabbycat.mutate({ name, files });
  const caller = { id: owner.id, email: owner.email, displayName: '' };
  const view = () => hub.services.tournaments.core.view(tournament.slug, caller);
  let v = await view();
  const strength = new Map(v.teams.map((team, index) => [team.id, index]));
  const group = v.stages.find((stage) => stage.kind === 'group')!;
  for (const [index, round] of v.rounds.filter((each) => each.stageId === group.id).entries()) {
    await owner.client.tournament.drawRound.mutate({
      tournamentId: tournament.id,
      draw: { roundId: round.id, seed: `break-${index}` },
    });
    await owner.client.tournament.publishRound.mutate({ tournamentId: tournament.id, roundId: round.id });
    v = await view();
    for (const fixture of v.rounds.find((each) => each.id === round.id)!.fixtures) {
      const affWins = strength.get(fixture.affTeamId!)! < strength.get(fixture.negTeamId!)!;
      await owner.client.tournament.editResult.mutate({
        tournamentId: tournament.id,
        fixtureId: fixture.id,
        result: { winner: affWins ? 'aff' : 'neg', votes: affWins ? { aff: 3, neg: 0 } : { aff: 0, neg: 3 } },
      });
    }
  }
  return { id: tournament.id, slug: tournament.slug };
}

/** The teams of `playNative12`, strongest first, and their schools. */
export const NATIVE12_TEAMS = [
  ['北辰队', '北辰大学'],
  ['东篱队', '东篱大学'],
  ['南山队', '南山大学'],
  ['西岭队', '西岭大学'],
  ['青松队', '青松学院'],
  ['白鹭队', '白鹭学院'],
  ['紫荆队', '紫荆学院'],
  ['红枫队', '红枫学院'],
  ['金桂队', '金桂中学'],
  ['银杏队', '银杏中学'],
  ['玉兰队', '玉兰中学'],
  ['墨竹队', '墨竹中学'],
] as const;

/**
 * A tournament created in Bianshi (not imported, so without break categories) with the twelve
 * teams of NATIVE12_TEAMS and two rounds (random, then power paired) drawn, published and
 * decided, the stronger team winning every room; returns its id and slug.
 */
export async function playNative12(
  hub: TestHub,
  owner: TestAccount,
  name = '晋级类别测试赛',
): Promise<{ id: string; slug: string }> {
  const slug = `break-native-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { id } = await owner.client.tournament.create.mutate({
    tournament: { name, slug, judgesPerFixture: 0 },
  });
  await owner.client.tournament.importTeams.mutate({
    tournamentId: id,
    import: {
      source: 'csv',
      text: ['队名,学校', ...NATIVE12_TEAMS.map(([team, school]) => `${team},${school}`)].join('\n'),
    },
  });
  const caller = { id: owner.id, email: owner.email, displayName: '' };
  const view = () => hub.services.tournaments.core.view(slug, caller);
  const strength = new Map((await view()).teams.map((team) => [team.id, team.name]));
  const rank = (teamId: string) => NATIVE12_TEAMS.findIndex(([team]) => team === strength.get(teamId));
  for (const [index, drawKind] of (['random', 'power'] as const).entries()) {
    const { roundId } = await owner.client.tournament.addRound.mutate({
      tournamentId: id,
      round: { drawKind },
    });
    await owner.client.tournament.drawRound.mutate({
      tournamentId: id,
      draw: { roundId, seed: `native-${index}` },
    });
    await owner.client.tournament.publishRound.mutate({ tournamentId: id, roundId });
    const round = (await view()).rounds.find((each) => each.id === roundId)!;
    for (const fixture of round.fixtures) {
      const affWins = rank(fixture.affTeamId!) < rank(fixture.negTeamId!);
      await owner.client.tournament.editResult.mutate({
        tournamentId: id,
        fixtureId: fixture.id,
        result: { winner: affWins ? 'aff' : 'neg', votes: affWins ? { aff: 1, neg: 0 } : { aff: 0, neg: 1 } },
      });
    }
  }
  return { id, slug };
}
