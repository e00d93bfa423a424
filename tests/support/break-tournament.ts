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
