/**
 * A large two-team tournament for the scale test and the `tournament` bench (issue 34): many
 * teams from schools of four, a venue per room, a panel's worth of judges, and results that
 * follow one fixed strength order so every power-paired draw is deterministic.
 */
import type { HubClient } from './trpc';

/** `count` teams, four a school (`学校01 一队` …), as the CSV `tournament.importTeams` takes. */
export function bigTeamsCsv(count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const school = `学校${String(Math.floor(index / 4) + 1).padStart(2, '0')}`;
    return `${school} ${'一二三四'[index % 4]}队,${school},辩手甲;辩手乙;辩手丙;辩手丁`;
  });
  return ['队名,学校,辩手', ...rows].join('\n');
}

/** `count` venue names (`会场001` …). */
export function bigVenues(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `会场${String(index + 1).padStart(3, '0')}`);
}

/** Adds `count` judges, `batch` calls at a time (the HTTP client batches them into one request). */
export async function addJudges(
  client: HubClient,
  tournamentId: string,
  count: number,
  batch = 25,
): Promise<void> {
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, offset) =>
        client.tournament.addJudge.mutate({ tournamentId, judge: { name: `评委${start + offset + 1}` } }),
      ),
    );
  }
}

/** A round's fixture as the results need it. */
export interface PairedFixture {
  id: string;
  affTeamId: string | null;
  negTeamId: string | null;
}

/**
 * Confirms every fixture's result by hand: the team earlier in `order` wins 3:0. `batch` calls
 * go at a time.
 */
export async function confirmResults(
  client: HubClient,
  tournamentId: string,
  fixtures: readonly PairedFixture[],
  order: ReadonlyMap<string, number>,
  batch = 25,
): Promise<void> {
  for (let start = 0; start < fixtures.length; start += batch) {
    await Promise.all(
      fixtures.slice(start, start + batch).map((fixture) => {
        const affWins = (order.get(fixture.affTeamId ?? '') ?? 0) < (order.get(fixture.negTeamId ?? '') ?? 0);
        return client.tournament.editResult.mutate({
          tournamentId,
          fixtureId: fixture.id,
          result: {
            winner: affWins ? 'aff' : 'neg',
            votes: affWins ? { aff: 3, neg: 0 } : { aff: 0, neg: 3 },
          },
        });
      }),
    );
  }
}
