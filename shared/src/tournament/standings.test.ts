import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tallyBallots } from './ballots';
import { standingsCsv } from './exports';
import type { TournamentView } from './tournament.view';
import { poolStandings, type StandingsResult } from './standings';
import { checkTournamentTeamsCsv, tournamentSchoolKey } from './team-csv';
import { TIE_BREAKS, type TieBreak } from './tournament.schema';

const teams = ['甲', '乙', '丙', '丁'].map((name, index) => ({ id: `t${index + 1}`, name, poolId: 'A' }));
const result = (
  aff: string,
  neg: string,
  winner: 'aff' | 'neg',
  votes = winner === 'aff' ? { aff: 3, neg: 0 } : { aff: 0, neg: 3 },
  points: StandingsResult['speakerPoints'] = null,
): StandingsResult => ({
  affTeamId: aff,
  negTeamId: neg,
  winner,
  votes,
  speakerPoints: points,
});

describe('pool standings', () => {
  it('counts wins, ballots and speaker points', () => {
    const rows = poolStandings(
      teams,
      [result('t1', 't2', 'aff', { aff: 2, neg: 1 }, { aff: 300, neg: 290 }), result('t3', 't1', 'neg')],
      ['wins'],
    );
    expect(rows[0]).toMatchObject({
      teamId: 't1',
      rank: 1,
      played: 2,
      wins: 2,
      losses: 0,
      ballotsWon: 5,
      ballotsLost: 1,
      speakerPoints: 300,
    });
    expect(rows.find((row) => row.teamId === 't4')).toMatchObject({ played: 0, wins: 0 });
  });

  it('breaks a tie by head-to-head among the tied teams only', () => {
    // t1, t2, t3 each win once among themselves; t4 loses everything; t2 beat t1 directly.
    const results = [
      result('t1', 't3', 'aff'),
      result('t2', 't1', 'aff'),
      result('t3', 't2', 'aff'),
      result('t1', 't4', 'aff'),
      result('t2', 't4', 'aff'),
      result('t3', 't4', 'aff'),
    ];
    const rows = poolStandings(teams, results, ['wins', 'headToHead']);
    // A three-way circle: head-to-head does not split them, so they are placed by name and marked tied.
    expect(rows.map((row) => row.teamId).slice(3)).toEqual(['t4']);
    expect(rows.slice(0, 3).every((row, index) => row.tied === index > 0)).toBe(true);
    const two = poolStandings(
      teams,
      [
        result('t2', 't1', 'aff'),
        result('t1', 't3', 'aff'),
        result('t2', 't3', 'aff'),
        result('t1', 't4', 'aff'),
      ],
      ['wins', 'headToHead'],
    );
    expect(two.slice(0, 2).map((row) => row.teamId)).toEqual(['t2', 't1']);
    expect(two[1]!.tied).toBe(false);
  });

  it('is deterministic whatever the order of results and teams, for every tie-break order', () => {
    const fixture = fc.tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
      fc.boolean(),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 200, max: 400 }),
    );
    fc.assert(
      fc.property(
        fc.array(fixture, { maxLength: 12 }),
        fc.shuffledSubarray([...TIE_BREAKS], { minLength: 1 }),
        (games, order) => {
          const results = games
            .filter(([a, b]) => a !== b)
            .map(([a, b, affWins, split, points]) => {
              const votes = affWins
                ? { aff: 3 - Math.min(split, 1), neg: Math.min(split, 1) }
                : { aff: Math.min(split, 1), neg: 3 - Math.min(split, 1) };
              return result(`t${a + 1}`, `t${b + 1}`, affWins ? 'aff' : 'neg', votes, {
                aff: points,
                neg: 600 - points,
              });
            });
          const rows = poolStandings(teams, results, order as TieBreak[]);
          expect(poolStandings([...teams].reverse(), [...results].reverse(), order as TieBreak[])).toEqual(
            rows,
          );
          expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
          if (order[0] === 'wins')
            for (let index = 1; index < rows.length; index += 1)
              expect(rows[index - 1]!.wins).toBeGreaterThanOrEqual(rows[index]!.wins);
          expect(rows.reduce((total, row) => total + row.wins, 0)).toBe(results.length);
        },
      ),
    );
  });
});

describe('ballot tally', () => {
  it('counts 票型, finds the winner, and is unanimous only when every ballot agrees', () => {
    const ballot = (winner: 'aff' | 'neg', position = 1) => ({
      winner,
      speakerScores: { aff: [80, 80], neg: [70, 70] },
      bestDebater: { side: winner, position },
    });
    const split = tallyBallots([ballot('aff'), ballot('neg'), ballot('aff')], 3);
    expect(split).toMatchObject({
      votes: { aff: 2, neg: 1 },
      winner: 'aff',
      complete: true,
      unanimous: false,
      speakerPoints: { aff: 160, neg: 140 },
    });
    expect(split.bestDebater).toEqual({ side: 'aff', position: 1 });
    expect(tallyBallots([ballot('neg'), ballot('neg')], 3)).toMatchObject({
      complete: false,
      unanimous: true,
      winner: 'neg',
    });
    expect(tallyBallots([ballot('neg'), ballot('aff')], 2).winner).toBeNull();
    expect(tallyBallots([], 0)).toMatchObject({ unanimous: false, speakerPoints: null, bestDebater: null });
  });
});

describe('teams CSV', () => {
  it('reads teams and reports every bad row with its column', () => {
    const good = checkTournamentTeamsCsv(
      '队名,学校,辩手,种子\r\n复旦一队,复旦大学,甲;乙;丙;丁,1\r\n南大,,,\r\n',
    );
    expect(good).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          team: { name: '复旦一队', school: '复旦大学', members: ['甲', '乙', '丙', '丁'], seed: 1 },
        },
        { row: 3, team: { name: '南大', school: '', members: [], seed: null } },
      ],
    });
    const bad = checkTournamentTeamsCsv('队名,学校,种子\r\n,复旦大学,\r\n南大,,二\r\n甲队,,\r\n甲队,,\r\n', [
      '南京',
    ]);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual([
      { row: 2, column: '队名', message: '队名不能为空' },
      { row: 3, column: '种子', message: '种子应为 1 到 999 的整数，而不是「二」' },
      { row: 5, column: '队名', message: '队伍「甲队」与第 4 行重复' },
    ]);
    expect(checkTournamentTeamsCsv('学校,辩手\r\n复旦,甲\r\n')).toMatchObject({
      ok: false,
      errors: [{ row: 1, column: '队名' }],
    });
  });

  it('keys conflicts by library school, else by normalized school name', () => {
    expect(tournamentSchoolKey({ librarySchoolId: 's1', school: '复旦' })).toBe('school:s1');
    expect(tournamentSchoolKey({ librarySchoolId: null, school: ' 复旦 大学 ' })).toBe('name:复旦大学');
    expect(tournamentSchoolKey({ librarySchoolId: null, school: '' })).toBe('');
  });
});

describe('CSV exports', () => {
  it('writes a BOM, zh-CN headers, and defuses cells a spreadsheet would run as formulas', () => {
    const view = {
      teams: [{ id: 't1', name: '=HYPERLINK("x")', school: '复旦大学' }],
      standings: [
        {
          poolId: 'p',
          poolName: 'A组',
          rows: [
            {
              teamId: 't1',
              poolId: 'p',
              rank: 1,
              played: 1,
              wins: 1,
              losses: 0,
              ballotsWon: 3,
              ballotsLost: 0,
              speakerPoints: 328.5,
              scored: true,
              tied: false,
            },
          ],
        },
      ],
    } as unknown as TournamentView;
    const csv = standingsCsv(view);
    expect(csv.startsWith('\ufeff小组,名次,队伍,学校')).toBe(true);
    expect(csv).toContain(`A组,1,"'=HYPERLINK(""x"")",复旦大学,1,1,0,3,0,328.5`);
  });
});
