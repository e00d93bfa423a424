import { describe, expect, it } from 'vitest';
import { rankRows, speakerTab, standardDeviation, teamStandings } from './standings';
import type { SpeakerScore, TabSpeaker, TeamRoundResult } from './standings';

const teams = [{ id: 'a', categories: ['esl'] }, { id: 'b' }, { id: 'c', categories: ['esl'] }, { id: 'd' }];
const speakers: TabSpeaker[] = [
  { id: 'a1', teamId: 'a' },
  { id: 'a2', teamId: 'a' },
  { id: 'b1', teamId: 'b' },
  { id: 'b2', teamId: 'b', categories: ['novice'] },
  { id: 'c1', teamId: 'c' },
  { id: 'd1', teamId: 'd', categories: ['novice'] },
];
const win = (round: number, teamId: string, opponent: string): TeamRoundResult => ({
  round,
  teamId,
  points: 1,
  won: true,
  votes: 3,
  opponents: [opponent],
});
const loss = (round: number, teamId: string, opponent: string, votes = 0): TeamRoundResult => ({
  round,
  teamId,
  points: 0,
  won: false,
  votes,
  opponents: [opponent],
});
// Round 1: a beat b, c beat d. Round 2: a beat c, b beat d (split 2-1).
const results = [
  win(1, 'a', 'b'),
  loss(1, 'b', 'a'),
  win(1, 'c', 'd'),
  loss(1, 'd', 'c'),
  win(2, 'a', 'c'),
  loss(2, 'c', 'a'),
  { ...win(2, 'b', 'd'), votes: 2 },
  loss(2, 'd', 'b', 1),
];
const scores: SpeakerScore[] = [
  { round: 1, speakerId: 'a1', score: 75 },
  { round: 1, speakerId: 'a2', score: 74 },
  { round: 2, speakerId: 'a1', score: 77 },
  { round: 2, speakerId: 'a2', score: 72 },
  { round: 1, speakerId: 'b1', score: 76 },
  { round: 1, speakerId: 'b2', score: 73 },
  { round: 2, speakerId: 'b1', score: 76 },
  { round: 2, speakerId: 'b2', score: 73 },
  { round: 1, speakerId: 'c1', score: 149 },
  { round: 2, speakerId: 'c1', score: 149 },
  { round: 1, speakerId: 'd1', score: 140 },
  { round: 2, speakerId: 'd1', score: 158 },
];

describe('team standings', () => {
  it('totals points, wins, votes, speaks and draw strength', () => {
    const rows = teamStandings(teams, results, scores, speakers);
    // b and c are equal on points, speaks and draw strength: input order.
    expect(rows.map((row) => row.teamId)).toEqual(['a', 'b', 'c', 'd']);
    const a = rows[0]!.metrics;
    expect(a).toMatchObject({
      points: 2,
      wins: 2,
      votes: 6,
      speakerTotal: 298,
      speakerAverage: 149,
      drawStrength: 2,
    });
    expect(rows.find((row) => row.teamId === 'd')!.metrics.votes).toBe(1);
  });

  it('shares ranks when every tie-break is equal, keeping the input order', () => {
    const rows = teamStandings(teams, results, scores, speakers, ['points']);
    expect(rows.map((row) => [row.teamId, row.rank, row.tied])).toEqual([
      ['a', 1, false],
      ['b', 2, true],
      ['c', 2, true],
      ['d', 4, false],
    ]);
    const byVotes = teamStandings(teams, results, scores, speakers, ['points', 'votes']);
    expect(byVotes.map((row) => row.teamId)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('ranks a break category among its own teams', () => {
    const esl = teamStandings(teams, results, scores, speakers, ['points', 'speakerTotal'], 'esl');
    expect(esl.map((row) => [row.teamId, row.rank])).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
  });
});

describe('speaker tab', () => {
  it('ranks by total, average, then lower deviation', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    const tab = speakerTab(speakers, scores);
    // a2 and b2 both 146 / 73.0; b2 (73, 73) is steadier than a2 (74, 72).
    expect(tab.map((row) => row.speakerId)).toEqual(['c1', 'd1', 'b1', 'a1', 'b2', 'a2']);
    const c1 = tab[0]!;
    expect(c1).toMatchObject({ total: 298, average: 149, stdev: 0, rank: 1, tied: false });
    expect(tab[1]).toMatchObject({ speakerId: 'd1', total: 298, stdev: 9, rank: 2 });
    expect(tab.find((row) => row.speakerId === 'a1')).toMatchObject({ total: 152, average: 76, stdev: 1 });
  });

  it('ties share a rank; categories and minimum rounds filter', () => {
    const tab = speakerTab(speakers, scores, ['total']);
    expect(tab.slice(0, 2).map((row) => [row.rank, row.tied])).toEqual([
      [1, true],
      [1, true],
    ]);
    expect(
      speakerTab(speakers, scores, ['total'], { category: 'novice' }).map((row) => row.speakerId),
    ).toEqual(['d1', 'b2']);
    const partial = speakerTab(
      speakers,
      scores.filter((s) => !(s.speakerId === 'a1' && s.round === 2)),
      ['average'],
      { minimumRounds: 2 },
    );
    expect(partial.map((row) => row.speakerId)).not.toContain('a1');
  });

  it('rankRows gives competition ranks (1, 2, 2, 4)', () => {
    expect(rankRows([5, 3, 3, 1], [(x) => x]).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });
});
