import { describe, expect, it } from 'vitest';
import { buildSpeakerTab } from './speaker-tab';

const teams = [
  { id: 'A', name: '甲队', school: '甲校', members: ['甲一', '甲二'] },
  { id: 'B', name: '乙队', school: '乙校', members: ['乙一', '乙二'] },
  { id: 'C', name: '丙队', school: '丙校', members: ['丙一', '丙二'] },
  { id: 'D', name: '丁队', school: '丁校', members: ['丁一', '丁二'] },
];

describe('the speaker tab', () => {
  it('averages a panel’s ballots per speaker, ignores a reply past the list, and ranks per category', () => {
    const tables = buildSpeakerTab({
      teams,
      rounds: 2,
      rooms: [
        {
          round: 0,
          affTeamId: 'A',
          negTeamId: 'B',
          positionScores: null,
          // Two judges scored, one did not; the third aff score is a reply speech.
          ballots: [{ aff: [80, 70, 40], neg: [76, 72] }, { aff: [82, 72, 41], neg: [74, 72] }, null],
        },
        {
          round: 1,
          affTeamId: 'B',
          negTeamId: 'A',
          positionScores: null,
          ballots: [{ aff: [75, 75], neg: [79, 71] }],
        },
      ],
      categories: [{ slug: 'novice', name: '新生' }],
      categoriesOf: (teamId) => (teamId === 'B' ? ['novice'] : []),
    });
    const [all, novice] = tables;
    expect(all!.rows.map((row) => [row.rank, row.name, row.total, row.scores])).toEqual([
      [1, '甲一', 160, [81, 79]],
      [2, '乙一', 150, [75, 75]],
      [3, '乙二', 147, [72, 75]],
      [4, '甲二', 142, [71, 71]],
    ]);
    expect(all!.rows[1]).toMatchObject({ average: 75, stdev: 0 });
    expect(all!.rows[0]).toMatchObject({ average: 80, stdev: 1 });
    expect(novice).toMatchObject({ slug: 'novice', name: '新生' });
    expect(novice!.rows.map((row) => [row.rank, row.name])).toEqual([
      [1, '乙一'],
      [2, '乙二'],
    ]);
  });

  it('reads a BP room’s chair scores by position', () => {
    const [all] = buildSpeakerTab({
      teams,
      rounds: 1,
      rooms: [
        {
          round: 0,
          affTeamId: 'A',
          negTeamId: 'B',
          cgTeamId: 'C',
          coTeamId: 'D',
          positionScores: { og: [75, 74], oo: [78, 77], cg: [72, 71], co: [76, 76] },
          ballots: [],
        },
      ],
      categories: [],
      categoriesOf: () => [],
    });
    expect(all!.rows.slice(0, 4).map((row) => [row.rank, row.tied, row.name])).toEqual([
      [1, false, '乙一'],
      [2, false, '乙二'],
      [3, true, '丁一'],
      [3, true, '丁二'],
    ]);
  });
});
