import { describe, expect, it } from 'vitest';
import { tallyBallots } from './ballots';
import { assignJudges } from './judge-assignment';
import {
  castingVoteDefault,
  panelClashes,
  panelColumns,
  panelDecision,
  panelMembers,
  panelOf,
  roleIn,
  setPanelsSchema,
  type ClashContext,
  type ClashRoom,
} from './panels';

const ballot = (judgeId: string, winner: 'aff' | 'neg') => ({
  judgeId,
  winner,
  speakerScores: null,
  bestDebater: null,
});

describe('panel roles', () => {
  it('reads the chair first from judgeIds and trainees from traineeIds, and writes them back', () => {
    const panel = panelOf({ judgeIds: ['c', 'p1', 'p2'], traineeIds: ['t'] });
    expect(panel).toEqual({ chair: 'c', panellists: ['p1', 'p2'], trainees: ['t'] });
    expect(panelColumns(panel)).toEqual({ judgeIds: ['c', 'p1', 'p2'], traineeIds: ['t'] });
    expect(panelMembers(panel)).toEqual(['c', 'p1', 'p2', 't']);
    expect(roleIn(panel, 'c')).toBe('chair');
    expect(roleIn(panel, 'p2')).toBe('panellist');
    expect(roleIn(panel, 't')).toBe('trainee');
    expect(roleIn(panel, 'x')).toBeNull();
  });

  it('an empty room has no chair; rooms stored before roles have no trainees', () => {
    expect(panelOf({ judgeIds: [] })).toEqual({ chair: null, panellists: [], trainees: [] });
    expect(panelColumns({ chair: null, panellists: [], trainees: ['t'] })).toEqual({
      judgeIds: [],
      traineeIds: ['t'],
    });
  });
});

describe('majority and the casting vote', () => {
  it('the side with more votes wins, whatever the chair voted', () => {
    expect(panelDecision({ aff: 2, neg: 1 }, 'neg')).toEqual({ winner: 'aff', castingVote: false });
    expect(panelDecision({ aff: 0, neg: 3 }, null)).toEqual({ winner: 'neg', castingVote: false });
  });

  it("on level votes the chair's vote decides; without the chair's vote nobody wins", () => {
    expect(panelDecision({ aff: 1, neg: 1 }, 'neg')).toEqual({ winner: 'neg', castingVote: true });
    expect(panelDecision({ aff: 2, neg: 2 }, 'aff')).toEqual({ winner: 'aff', castingVote: true });
    expect(panelDecision({ aff: 1, neg: 1 }, null)).toEqual({ winner: null, castingVote: false });
    expect(panelDecision({ aff: 0, neg: 0 }, 'aff')).toEqual({ winner: null, castingVote: false });
  });

  it('a two-judge panel split 1:1 goes to the chair; a panellist alone does not decide', () => {
    const split = tallyBallots([ballot('p', 'aff'), ballot('c', 'neg')], 2, 'c');
    expect(split).toMatchObject({ winner: 'neg', castingVote: true, complete: true, unanimous: false });
    expect(tallyBallots([ballot('p', 'aff'), ballot('q', 'neg')], 3, 'c')).toMatchObject({
      winner: null,
      castingVote: false,
    });
    // Without a chair named the old rule holds: level votes decide nothing.
    expect(tallyBallots([ballot('p', 'aff'), ballot('c', 'neg')], 2).winner).toBeNull();
  });

  it('a four-judge panel 2:2 goes to the chair; 3:1 to the majority against the chair', () => {
    const four = [ballot('c', 'aff'), ballot('a', 'neg'), ballot('b', 'neg'), ballot('d', 'aff')];
    expect(tallyBallots(four, 4, 'c')).toMatchObject({ winner: 'aff', castingVote: true });
    const against = [ballot('c', 'aff'), ballot('a', 'neg'), ballot('b', 'neg'), ballot('d', 'neg')];
    expect(tallyBallots(against, 4, 'c')).toMatchObject({ winner: 'neg', castingVote: false });
  });

  it('without the casting vote a level panel waits for the organizer; a majority still decides', () => {
    expect(panelDecision({ aff: 1, neg: 1 }, 'neg', false)).toEqual({ winner: null, castingVote: false });
    expect(panelDecision({ aff: 2, neg: 1 }, 'neg', false)).toEqual({ winner: 'aff', castingVote: false });
    const four = [ballot('c', 'aff'), ballot('a', 'neg'), ballot('b', 'neg'), ballot('d', 'aff')];
    expect(tallyBallots(four, 4, 'c', false)).toMatchObject({
      votes: { aff: 2, neg: 2 },
      winner: null,
      castingVote: false,
      complete: true,
      unanimous: false,
    });
    const three = [ballot('c', 'aff'), ballot('a', 'neg'), ballot('b', 'neg')];
    expect(tallyBallots(three, 3, 'c', false)).toMatchObject({ winner: 'neg', castingVote: false });
  });

  it('a new tournament gives the chair the casting vote in two-team formats, not in BP', () => {
    expect(castingVoteDefault({ kind: 'builtin', id: 'cn-worldcup' })).toBe(true);
    expect(castingVoteDefault({ kind: 'builtin', id: 'australs' })).toBe(true);
    expect(castingVoteDefault({ kind: 'custom' })).toBe(true);
    expect(castingVoteDefault({ kind: 'builtin', id: 'bp' })).toBe(false);
  });
});

describe('the automatic allocation and trainees', () => {
  it('keeps trainees placed by hand out of every other seat', () => {
    const judges = ['a', 'b', 'c'].map((id, index) => ({ id, conflicts: [], load: 0, rating: 10 - index }));
    const { judgesByFixture } = assignJudges(
      [
        { id: 'f1', schoolKeys: [], traineeIds: ['a'] },
        { id: 'f2', schoolKeys: [] },
      ],
      judges,
      1,
    );
    expect(judgesByFixture.get('f1')).toEqual(['b']);
    expect(judgesByFixture.get('f2')).toEqual(['c']);
  });
});

describe('clashes', () => {
  const context: ClashContext = {
    teams: [
      { id: 'ta', name: '甲队', institutions: ['inst:1'] },
      { id: 'tb', name: '乙队', institutions: ['inst:2', 'name:乙校'] },
    ],
    judges: [
      {
        id: 'own',
        name: '同校',
        rating: 5,
        institutions: ['inst:1'],
        conflictInstitutions: [],
        conflictTeams: [],
        conflictJudges: [],
      },
      {
        id: 'school',
        name: '学校回避',
        rating: null,
        institutions: [],
        conflictInstitutions: ['name:乙校'],
        conflictTeams: [],
        conflictJudges: [],
      },
      {
        id: 'team',
        name: '队伍回避',
        rating: null,
        institutions: ['inst:9'],
        conflictInstitutions: [],
        conflictTeams: ['tb'],
        conflictJudges: [],
      },
      {
        id: 'pair',
        name: '评委回避',
        rating: null,
        institutions: [],
        conflictInstitutions: [],
        conflictTeams: [],
        conflictJudges: ['clean'],
      },
      {
        id: 'clean',
        name: '无回避',
        rating: null,
        institutions: [],
        conflictInstitutions: [],
        conflictTeams: [],
        conflictJudges: [],
      },
    ],
    institutionNames: { 'inst:1': '甲大学', 'name:乙校': '乙校' },
    absentJudges: ['clean'],
  };
  const room = (id: string, name: string, panel: ClashRoom['panel']): ClashRoom => ({
    id,
    name,
    teamIds: ['ta', 'tb'],
    panel,
  });

  it('names every kind of clash in Chinese, per judge and room', () => {
    const clashes = panelClashes(
      [
        room('r1', 'A101', { chair: 'own', panellists: ['school', 'team'], trainees: ['pair'] }),
        room('r2', 'A102', { chair: 'clean', panellists: [], trainees: [] }),
      ],
      context,
    );
    const r1 = clashes.get('r1')!;
    expect(r1.get('own')).toEqual([{ kind: 'institution', message: '与「甲队」同校（甲大学）' }]);
    expect(r1.get('school')).toEqual([
      { kind: 'institution', message: '与「乙队」的学校（乙校）有回避关系' },
    ]);
    expect(r1.get('team')).toEqual([{ kind: 'team', message: '与队伍「乙队」有回避关系' }]);
    // `pair` is conflicted with `clean`, who is in the other room: no clash here.
    expect(r1.has('pair')).toBe(false);
    expect(clashes.get('r2')!.get('clean')).toEqual([{ kind: 'absent', message: '本轮未到场' }]);
  });

  it('sees judge-judge conflicts from either side, and a judge in two rooms', () => {
    const clashes = panelClashes(
      [
        room('r1', 'A101', { chair: 'clean', panellists: ['pair'], trainees: [] }),
        room('r2', 'A102', { chair: 'pair', panellists: [], trainees: [] }),
      ],
      { ...context, absentJudges: [] },
    );
    expect(clashes.get('r1')!.get('clean')).toEqual([
      { kind: 'judge', message: '与评委「评委回避」有回避关系' },
    ]);
    expect(clashes.get('r1')!.get('pair')).toEqual([
      { kind: 'judge', message: '与评委「无回避」有回避关系' },
      { kind: 'elsewhere', message: '同时在「A102」' },
    ]);
    expect(clashes.get('r2')!.get('pair')).toEqual([{ kind: 'elsewhere', message: '同时在「A101」' }]);
  });

  it('a clean room has no clashes', () => {
    const clashes = panelClashes(
      [{ id: 'r', name: 'A', teamIds: ['ta', 'tb'], panel: { chair: 'pair', panellists: [], trainees: [] } }],
      { ...context, absentJudges: [] },
    );
    expect(clashes.get('r')!.size).toBe(0);
  });
});

describe('the setPanels input', () => {
  it('refuses too many voting judges or trainees with Chinese messages', () => {
    const many = Array.from({ length: 9 }, (_, index) => `j${index}`);
    const result = setPanelsSchema.safeParse({
      roundId: 'r',
      panels: [{ fixtureId: 'f', chair: 'c', panellists: many, trainees: [...many, 'x'] }],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('每场最多 9 位有投票权的评委');
    expect(messages).toContain('每场最多 9 位见习评委');
  });
});
