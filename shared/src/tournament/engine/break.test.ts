import { describe, expect, it } from 'vitest';
import { seededRandom } from '../prng';
import { computeBreaks, nextEliminationRound, seedBpBreak, seedTwoTeamBreak } from './break';
import type { BreakTeam } from './break';
import type { TeamStanding } from './standings';

/** Standings rows from [id, wins, rank] in standings order. */
function standings(rows: Array<[string, number, number]>): TeamStanding[] {
  return rows.map(([teamId, wins, rank]) => ({
    teamId,
    rank,
    tied: rows.filter((row) => row[2] === rank).length > 1,
    metrics: {
      points: wins,
      wins,
      votes: 0,
      speakerTotal: 0,
      speakerAverage: 0,
      drawStrength: 0,
      firsts: 0,
      seconds: 0,
    },
  }));
}
const team = (id: string, institution: string | null, categories: string[] = []): BreakTeam => ({
  id,
  institution,
  categories,
});

describe('break', () => {
  const table = standings([
    ['a', 5, 1],
    ['b', 5, 2],
    ['c', 4, 3],
    ['d', 4, 4],
    ['e', 4, 4],
    ['f', 3, 6],
    ['g', 3, 7],
    ['h', 2, 8],
  ]);
  const teams = [
    team('a', 'X'),
    team('b', 'X', ['esl']),
    team('c', 'X'),
    team('d', 'X', ['esl']),
    team('e', 'Y', ['esl']),
    team('f', 'Z', ['esl']),
    team('g', 'Y'),
    team('h', 'Z', ['esl']),
  ];

  it('standard: top N in standings order, ties across the cut-off flagged', () => {
    const [open] = computeBreaks(
      [{ id: 'open', size: 4, rule: 'standard', priority: 10, everyone: true }],
      table,
      teams,
    );
    expect(open!.breaking.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'd']);
    expect(open!.breaking.map((row) => row.seed)).toEqual([1, 2, 3, 4]);
    expect(open!.tiedAtCutoff).toEqual(['d', 'e']);
  });

  it('teams break once, in the highest-priority category', () => {
    const [open, esl] = computeBreaks(
      [
        { id: 'esl', size: 2, rule: 'standard', priority: 5 },
        { id: 'open', size: 2, rule: 'standard', priority: 10, everyone: true },
      ],
      table,
      teams,
    );
    expect(open!.categoryId).toBe('open');
    expect(esl!.breaking.map((row) => row.teamId)).toEqual(['d', 'e']);
    expect(esl!.excluded).toEqual([
      { teamId: 'a', reason: 'ineligible' },
      { teamId: 'b', reason: 'differentBreak' },
      { teamId: 'c', reason: 'ineligible' },
    ]);
  });

  it('AIDA 1996: at most three teams per institution', () => {
    const [open] = computeBreaks(
      [{ id: 'open', size: 4, rule: 'aida1996', priority: 1, everyone: true }],
      table,
      teams,
    );
    expect(open!.breaking.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'e']);
    expect(open!.excluded).toEqual([{ teamId: 'd', reason: 'capped' }]);
  });

  it('AIDA 2016: an institution’s later teams below the natural cut-off are capped, then reinserted if short', () => {
    // Size 4: natural cut-off rank 4 (d/e, 4 wins); d is X's 4th team, beyond the cap of 3,
    // and e (4 wins) takes its place.
    const [open] = computeBreaks(
      [{ id: 'open', size: 4, rule: 'aida2016', priority: 1, everyone: true }],
      table,
      teams,
    );
    expect(open!.breaking.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'e']);
    // Size 6: h has fewer wins than the 6th team (f) and is out; d (X's 4th) and g (Y's 2nd,
    // ranked below the cut-off) are capped, leaving 5 — so capped teams return in standings
    // order: d comes back, g stays out.
    const [six] = computeBreaks(
      [{ id: 'open', size: 6, rule: 'aida2016', priority: 1, everyone: true }],
      table,
      teams,
    );
    expect(six!.breaking.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(six!.excluded).toEqual([]);
    // Size 5: f has fewer wins than the 5th team (e), so it cannot take capped d's place:
    // d is reinserted.
    const [five] = computeBreaks(
      [{ id: 'open', size: 5, rule: 'aida2016', priority: 1, everyone: true }],
      table,
      teams,
    );
    expect(five!.breaking.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(five!.excluded).toEqual([]);
  });
});

describe('break-round seeding', () => {
  it('two-team: 1 v N, 2 v N−1; partial rounds give the top seeds a bye', () => {
    const seeds = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const { rooms, byes } = seedTwoTeamBreak(seeds);
    expect(rooms.map((room) => room.seeds)).toEqual([
      [1, 8],
      [2, 7],
      [3, 6],
      [4, 5],
    ]);
    expect(byes).toEqual([]);
    expect(nextEliminationRound(['s1', 's2', 's3', 's4'])).toEqual([
      ['s1', 's4'],
      ['s2', 's3'],
    ]);
    const partial = seedTwoTeamBreak(seeds.slice(0, 6));
    expect(partial.byes).toEqual(['s1', 's2']);
    expect(partial.rooms.map((room) => room.seeds)).toEqual([
      [3, 6],
      [4, 5],
    ]);
    const drawn = seedTwoTeamBreak(seeds, seededRandom('sides'));
    expect(drawn.rooms.map((room) => [...room.seeds].sort((x, y) => x - y))).toEqual([
      [1, 8],
      [2, 7],
      [3, 6],
      [4, 5],
    ]);
  });

  it('BP: 1/8/9/16, 2/7/10/15 …', () => {
    const seeds = Array.from({ length: 16 }, (_, at) => `s${at + 1}`);
    expect(seedBpBreak(seeds).map((room) => room.seeds)).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    expect(seedBpBreak(seeds, seededRandom('p'))[0]!.seeds.sort((x, y) => x - y)).toEqual([1, 8, 9, 16]);
    expect(() => seedBpBreak(seeds.slice(0, 6))).toThrow('4 的倍数');
  });
});
