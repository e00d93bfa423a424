import { describe, expect, it } from 'vitest';
import {
  bpOrder,
  bpPointsForPlace,
  bpSeatsOf,
  bpWinnerSide,
  checkBpBallot,
  readBpEntry,
  type BpScores,
} from './bp-rooms';
import { bpStandings } from './bp-standings';
import { ballotInputSchema, bpBallotSchema } from './tournament.schema';

const scores: BpScores = { og: [76, 75], oo: [74, 74], cg: [78, 77], co: [70, 71] };
const ranking = { og: 2, oo: 3, cg: 1, co: 4 };

describe('BP ballots', () => {
  it('gives 3-2-1-0 team points and names the first team’s bench', () => {
    expect([1, 2, 3, 4].map(bpPointsForPlace)).toEqual([3, 2, 1, 0]);
    expect(bpWinnerSide(ranking)).toBe('aff');
    expect(bpWinnerSide({ og: 2, oo: 1, cg: 3, co: 4 })).toBe('neg');
    expect(bpOrder(ranking)).toEqual(['cg', 'og', 'oo', 'co']);
  });

  it('accepts a sound ballot', () => {
    expect(checkBpBallot(ranking, scores)).toEqual([]);
    expect(bpBallotSchema.safeParse({ ranking, scores }).success).toBe(true);
  });

  it('refuses a place used twice, in Chinese', () => {
    const problems = checkBpBallot({ og: 1, oo: 1, cg: 3, co: 4 }, scores);
    expect(problems).toContain('请为四支队伍排出第 1 至第 4 名，每个名次只能用一次');
  });

  it('refuses scores off the scale or missing a speaker', () => {
    expect(checkBpBallot(ranking, { ...scores, co: [70, 40] })).toEqual(['CO 的辩手分须在 50–100 之间']);
    expect(checkBpBallot(ranking, { ...scores, oo: [74] })).toEqual(['OO 须填写 2 位辩手的分数']);
  });

  it('refuses a ranking the scores contradict', () => {
    const problems = checkBpBallot({ og: 1, oo: 3, cg: 2, co: 4 }, scores);
    expect(problems[0]).toMatch(/名次与辩手分不一致：第 1 名（OG）的总分低于第 2 名（CG）/);
  });

  it('rides on a ballot as its optional `bp` part', () => {
    const parsed = ballotInputSchema.safeParse({ winner: 'aff', bp: { ranking, scores } });
    expect(parsed.success).toBe(true);
    const bad = ballotInputSchema.safeParse({
      winner: 'aff',
      bp: { ranking: { ...ranking, co: 2 }, scores },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/每个名次只能用一次/);
  });
});

describe('bpStandings', () => {
  const teams = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((name) => ({ id: name.toLowerCase(), name }));

  it('orders by team points, then speaker total', () => {
    const rows = bpStandings(teams, [
      {
        round: 1,
        teams: { og: 'a', oo: 'b', cg: 'c', co: 'd' },
        ranking: { og: 1, oo: 2, cg: 3, co: 4 },
        scores: { og: [80, 80], oo: [75, 75], cg: [74, 74], co: [70, 70] },
      },
      {
        round: 1,
        teams: { og: 'e', oo: 'f', cg: 'g', co: 'h' },
        ranking: { og: 4, oo: 3, cg: 1, co: 2 },
        scores: { og: [70, 70], oo: [72, 72], cg: [79, 79], co: [76, 76] },
      },
    ]);
    expect(rows.map((row) => [row.teamId, row.teamPoints])).toEqual([
      ['a', 3],
      ['g', 3],
      ['h', 2],
      ['b', 2],
      ['c', 1],
      ['f', 1],
      ['d', 0],
      ['e', 0],
    ]);
    expect(rows[0]).toMatchObject({
      rank: 1,
      played: 1,
      wins: 1,
      losses: 0,
      speakerPoints: 160,
      scored: true,
    });
    expect(rows.map((row) => row.tied)).toEqual([false, false, false, false, false, false, true, true]);
    // Teams equal on points and speaks share a rank (=7), as the standings page shows it.
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 7]);
  });

  it('marks teams equal on points and speaks as tied, in name order', () => {
    const rows = bpStandings(teams.slice(0, 4), []);
    expect(rows.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows.every((row) => row.tied && row.rank === 1 && row.teamPoints === 0 && !row.scored)).toBe(true);
  });
});

describe('bpSeatsOf', () => {
  it('lists OG, OO, CG, CO with places once ranked, and nothing for two-team rooms', () => {
    expect(bpSeatsOf({ affTeamId: 'a', negTeamId: 'b', cgTeamId: null, coTeamId: null })).toBeNull();
    const seats = bpSeatsOf({
      affTeamId: 'a',
      negTeamId: 'b',
      cgTeamId: 'c',
      coTeamId: 'd',
      result: { ranking: { og: 2, oo: 3, cg: 1, co: 4 } },
    });
    expect(seats?.map((seat) => [seat.label, seat.teamId, seat.place, seat.points])).toEqual([
      ['OG', 'a', 2, 2],
      ['OO', 'b', 3, 1],
      ['CG', 'c', 1, 3],
      ['CO', 'd', 4, 0],
    ]);
    expect(
      bpSeatsOf({ affTeamId: 'a', negTeamId: 'b', cgTeamId: 'c', coTeamId: 'd' })?.[0]?.place,
    ).toBeNull();
  });
});

describe('readBpEntry', () => {
  const places = { og: 2, oo: 1, cg: 4, co: 3 };
  const scores = { og: ['78', '77'], oo: ['80', '79'], cg: ['74', '73'], co: ['76', '75'] };

  it('reads the places and the scores as numbers', () => {
    expect(readBpEntry(places, scores)).toEqual({
      ballot: {
        ranking: places,
        scores: { og: [78, 77], oo: [80, 79], cg: [74, 73], co: [76, 75] },
      },
      errors: [],
    });
  });

  it('says in Chinese what is missing, then what disagrees', () => {
    expect(readBpEntry({ ...places, cg: null }, scores)).toEqual({
      ballot: null,
      errors: ['请为四支队伍排出第 1 至第 4 名，每个名次只能用一次'],
    });
    expect(readBpEntry(places, { ...scores, co: ['76', ' '] })).toEqual({
      ballot: null,
      errors: ['请填写八位辩手的分数'],
    });
    expect(readBpEntry({ ...places, og: 1, oo: 2 }, scores).errors).toEqual([
      '名次与辩手分不一致：第 1 名（OG）的总分低于第 2 名（OO）',
    ]);
  });
});
