import { describe, expect, it } from 'vitest';
import { parseTabbycatFolder } from './parse';
import type { ImportError, ParseTabbycatResult, TabbycatImport } from './types';

function ok(result: ParseTabbycatResult): { tournament: TabbycatImport; skipped: Array<[string, number]> } {
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return {
    tournament: result.tournament,
    skipped: result.skipped.map((item) => [
      item.column ? `${item.file}:${item.column}` : item.file,
      item.count,
    ]),
  };
}

function errors(result: ParseTabbycatResult): ImportError[] {
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

/** Two-team, anorak layout with both teams.csv and speakers.csv. */
const small: Record<string, string> = {
  '.importer': 'anorak\n',
  'institutions.csv': 'code,name\nHill,Hill College\nLake,Lake University\n',
  'teams.csv': 'reference,institution,use_institution_prefix\nA,Hill,TRUE\nB,Hill,TRUE\nSolo,,FALSE\n',
  'speakers.csv': [
    'name,institution,team_name,use_institution_prefix',
    'Ann Ash,Hill,A,TRUE',
    'Bo Birch,Hill,A,TRUE',
    'Fay Fig,Hill,A,TRUE',
    'Cy Cedar,Hill,B,TRUE',
    'Di Dove,Lake University,A,TRUE',
    'Ed Elm,,Solo,FALSE',
    '',
  ].join('\n'),
  'adjudicators.csv': 'name,institution,base_score\nJo Judge,Hill,5\nKim Key,Lake,3.5\nLu Lee,,\n',
  'venues.csv': 'name,priority\nRoom 1,10\nRoom 2,9\n',
  'break_categories.csv':
    'name,slug,seq,break_size,is_general,priority,rule\nOpen,open,1,2,true,1,standard\n',
  'rounds.csv': [
    'name,abbreviation,stage,draw_type,silent,break_category,weight',
    'Round 1,R1,preliminary,random,FALSE,,1',
    'Round 2,R2,p,Power-Paired,no,,1',
    'Final,F,elimination,elimination,yes,open,1',
  ].join('\n'),
  'motions.csv': 'rounds,reference,text\nR1,Cats,THW keep cats\nR2;F,Dogs,THW keep dogs\n',
};

describe('parseTabbycatFolder', () => {
  it('reads an anorak folder with teams.csv and speakers.csv', () => {
    const { tournament, skipped } = ok(parseTabbycatFolder(small));
    expect(tournament.teams.map((team) => [team.displayName, team.longName, team.speakers.length])).toEqual([
      ['Hill A', 'Hill College A', 3],
      ['Hill B', 'Hill College B', 1],
      ['Solo', 'Solo', 1],
      ['Lake A', 'Lake University A', 1],
    ]);
    expect(tournament.teamsPerDebate).toBe(2);
    expect(tournament.adjudicators).toEqual([
      { name: 'Jo Judge', institution: 'Hill', baseScore: 5, independent: false, adjCore: false },
      { name: 'Kim Key', institution: 'Lake', baseScore: 3.5, independent: false, adjCore: false },
      { name: 'Lu Lee', institution: null, baseScore: 0, independent: false, adjCore: false },
    ]);
    expect(
      tournament.rounds.map((round) => [round.seq, round.drawType, round.silent, round.breakCategory]),
    ).toEqual([
      [1, 'random', false, null],
      [2, 'power', false, null],
      [3, 'elimination', true, 'open'],
    ]);
    expect(tournament.motions[1]!.rounds).toEqual([
      { round: 'R2', roundSeq: 2, seq: 1 },
      { round: 'F', roundSeq: 3, seq: 1 },
    ]);
    expect(tournament.venues).toEqual([
      { name: 'Room 1', priority: 10, category: null },
      { name: 'Room 2', priority: 9, category: null },
    ]);
    expect(skipped).toEqual([['rounds.csv:weight', 3]]);
  });

  it('reads an australs-like folder: speakers.csv team_name, inline conflicts, BOM and CRLF', () => {
    const crlf = (lines: string[]) => '\ufeff' + lines.join('\r\n') + '\r\n\r\n';
    const { tournament, skipped } = ok(
      parseTabbycatFolder({
        'institutions.csv': crlf([
          'code,region,name',
          'North,East,North Academy',
          'South,West,South Institute',
        ]),
        'speakers.csv': crlf([
          'name,email,gender,institution,team_name,use_institution_prefix',
          'Amy Ames,amy@example.org,female,North,1,TRUE',
          'Ben Bell,,male,North,1,TRUE',
          'Cat Cole,,female,North,1,TRUE',
          'Dan Dale,,male,South,Mixed,FALSE',
          'Eve Eden,,female,South,Mixed,FALSE',
          'Fay Ford,,female,South,Mixed,FALSE',
        ]),
        'adjudicators.csv': crlf([
          'name,email,gender,phone,institution,adj_core,independent,base_score,institution_conflicts,team_conflicts,adj_conflicts',
          'Gus Gale,,male,,North,TRUE,FALSE,4,South,Mixed,Hal Hart',
          'Hal Hart,,male,,South,FALSE,TRUE,2,"North,South",North 1,',
        ]),
        'motions.csv': crlf([
          'rounds,seq,reference,text',
          'R1,1,Tea,That tea beats coffee',
          'R1,2,Rain,"That rain is good, mostly"',
        ]),
        'rounds.csv': crlf([
          'name,abbreviation,stage,draw_type,silent',
          'Round 1,R1,preliminary,random,FALSE',
        ]),
        'regions.csv': 'name\nEast\nWest\n',
        'adj_feedback_questions.csv': '"seq","reference"\n1,"q"\n',
        'readme.md': '# notes\n',
      }),
    );
    expect(tournament.teams.map((team) => team.displayName)).toEqual(['North 1', 'Mixed']);
    expect(tournament.teams[0]!.speakers[0]).toEqual({
      name: 'Amy Ames',
      email: 'amy@example.org',
      categories: [],
    });
    expect(tournament.conflicts).toEqual({
      adjudicatorTeam: [
        { adjudicator: 'Gus Gale', team: 'Mixed' },
        { adjudicator: 'Hal Hart', team: 'North 1' },
      ],
      adjudicatorAdjudicator: [{ adjudicator1: 'Gus Gale', adjudicator2: 'Hal Hart' }],
      adjudicatorInstitution: [
        { adjudicator: 'Gus Gale', institution: 'South' },
        { adjudicator: 'Hal Hart', institution: 'North' },
        { adjudicator: 'Hal Hart', institution: 'South' },
      ],
      teamInstitution: [],
    });
    expect(tournament.adjudicators[0]).toMatchObject({ adjCore: true, independent: false, baseScore: 4 });
    expect(
      tournament.motions.map((motion) => [motion.reference, motion.text, motion.rounds[0]!.seq]),
    ).toEqual([
      ['Tea', 'That tea beats coffee', 1],
      ['Rain', 'That rain is good, mostly', 2],
    ]);
    expect(skipped).toEqual([
      ['regions.csv', 2],
      ['adj_feedback_questions.csv', 1],
      ['readme.md', 1],
      ['institutions.csv:region', 2],
      ['speakers.csv:gender', 6],
      ['adjudicators.csv:gender', 2],
      ['adjudicators.csv:phone', 0],
    ]);
  });

  it('reads a bp-like boots folder: teams.csv speakers, scores.csv, conflict files, categories', () => {
    const { tournament, skipped } = ok(
      parseTabbycatFolder({
        '.importer': 'boots',
        'institutions.csv': 'code,name\nOak,Oak University\nPine,Pine College\n',
        'break_categories.csv': [
          'name,slug,seq,break_size,is_general,priority,rule',
          'Open,open,1,8,1,30,standard',
          'Novice,novice,2,4,0,20,aida-2016-easters',
        ].join('\n'),
        'speaker_categories.csv': 'name,slug,seq,public\nNovice,novice,1,1\nESL,esl,2,0\n',
        'teams.csv': [
          'institution,reference,use_institution_prefix,break_category,speaker1_name,speaker1_email,speaker1_gender,speaker1_category,speaker2_name,speaker2_email,speaker2_gender,speaker2_category',
          'Oak,XY,TRUE,open/novice,Xia Xu,x@example.org,female,novice,Yan Yi,,male,novice/esl',
          'Oak,ZW,TRUE,open,Zed Zhu,,male,,Wen Wu,,female,',
          'Pine,QR,TRUE,open,Qi Qin,,,esl,Ru Ren,,,',
          'Pine,ST,TRUE,open,Su Shi,,,,Tao Tang,,,',
        ].join('\n'),
        'adjudicators.csv':
          'name,email,gender,institution,adj_core,independent\nAlma,,female,Oak,TRUE,FALSE\nBoris,,male,Pine,FALSE,TRUE\n',
        'scores.csv': 'adjudicator,score\nAlma,5\nBoris,3\n',
        'team_conflicts.csv': 'adjudicator,team\nAlma,Pine QR\nBoris,Oak University ZW\n',
        'institution_conflicts.csv': 'adjudicator,institution\nAlma,Pine College\n',
        'adjudicator_conflicts.csv': 'adjudicator1,adjudicator2\nAlma,Boris\n',
        'team_institution_conflicts.csv': 'team,institution\nOak XY,Pine\n',
        'venues.csv': 'name,priority,category\nHall,100,Main\nAnnex,50,\n',
        'rounds.csv': 'name,abbreviation,stage,draw_type,silent,break_category\nRound 1,R1,p,r,FALSE,\n',
        'motions.csv': 'rounds,reference,text,info_slide\nR1,Bikes,THW ban cars,"Cities, roads"\n',
      }),
    );
    expect(tournament.teamsPerDebate).toBe(4);
    expect(tournament.teams[0]).toEqual({
      name: 'XY',
      institution: 'Oak',
      useInstitutionPrefix: true,
      displayName: 'Oak XY',
      longName: 'Oak University XY',
      speakers: [
        { name: 'Xia Xu', email: 'x@example.org', categories: ['novice'] },
        { name: 'Yan Yi', categories: ['novice', 'esl'] },
      ],
      breakCategories: ['open', 'novice'],
    });
    expect(tournament.adjudicators.map((adjudicator) => adjudicator.baseScore)).toEqual([5, 3]);
    expect(tournament.breakCategories[1]).toEqual({
      name: 'Novice',
      slug: 'novice',
      seq: 2,
      breakSize: 4,
      isGeneral: false,
      priority: 20,
      rule: 'aida-2016-easters',
    });
    expect(tournament.speakerCategories[1]).toEqual({ name: 'ESL', slug: 'esl', seq: 2, public: false });
    expect(tournament.conflicts).toEqual({
      adjudicatorTeam: [
        { adjudicator: 'Alma', team: 'Pine QR' },
        { adjudicator: 'Boris', team: 'Oak ZW' },
      ],
      adjudicatorAdjudicator: [{ adjudicator1: 'Alma', adjudicator2: 'Boris' }],
      adjudicatorInstitution: [{ adjudicator: 'Alma', institution: 'Pine' }],
      teamInstitution: [{ team: 'Oak XY', institution: 'Pine' }],
    });
    expect(tournament.venues[0]).toEqual({ name: 'Hall', priority: 100, category: 'Main' });
    expect(tournament.motions[0]!.infoSlide).toBe('Cities, roads');
    expect(skipped).toEqual([
      ['teams.csv:speaker1_gender', 2],
      ['teams.csv:speaker2_gender', 2],
      ['adjudicators.csv:gender', 2],
    ]);
  });

  it('collects every error with file and data row, and returns nothing then', () => {
    const result = parseTabbycatFolder({
      ...small,
      'teams.csv': 'reference,institution,use_institution_prefix\nA,Hill,TRUE\nB,Foo,TRUE\nA,Hill,maybe\n',
      'adjudicators.csv':
        'name,institution,base_score,team_conflicts\nJo Judge,Hill,five,\nJo Judge,Hill,1,\nKim,,2,Nobody\n',
      'venues.csv': 'name\nRoom 1\n',
      'motions.csv': 'rounds,reference,text\nR9,Cats,THW keep cats\n',
      'break_categories.csv':
        'name,slug,seq,break_size,is_general,priority,rule\nOpen,open,1,2,true,1,fastest\n',
    });
    const found = errors(result);
    expect(found.map((error) => [error.file, error.row, error.column ?? null])).toEqual([
      ['break_categories.csv', 1, 'rule'],
      ['teams.csv', 2, 'institution'],
      ['teams.csv', 3, 'use_institution_prefix'],
      ['adjudicators.csv', 1, 'base_score'],
      ['adjudicators.csv', 2, 'name'],
      ['adjudicators.csv', 3, 'team_conflicts'],
      ['venues.csv', null, 'priority'],
      ['rounds.csv', 3, 'break_category'],
      ['motions.csv', 1, 'rounds'],
    ]);
    expect(found[1]!.message).toBe('teams.csv 第 2 行：机构「Foo」不在 institutions.csv 中');
    expect(found[2]!.message).toBe(
      'teams.csv 第 3 行：「use_institution_prefix」应为 TRUE 或 FALSE，而不是「maybe」',
    );
    expect(found[3]!.message).toBe('adjudicators.csv 第 1 行：「base_score」应为数字，而不是「five」');
    expect(found[4]!.message).toBe('adjudicators.csv 第 2 行：裁判「Jo Judge」与第 1 行重复');
    expect(found[5]!.message).toBe(
      'adjudicators.csv 第 3 行：队伍「Nobody」不在 teams.csv 或 speakers.csv 中',
    );
    expect(found[6]!.message).toBe('venues.csv：缺少必需的列「priority」');
    expect(found[8]!.message).toBe('motions.csv 第 1 行：轮次「R9」不在 rounds.csv 的简称（abbreviation）中');
  });

  it('does not repeat errors for references into a file whose header is broken', () => {
    const found = errors(
      parseTabbycatFolder({
        'institutions.csv': 'code,fullname\nHill,Hill College\n',
        'speakers.csv': 'name,institution,team_name\nAnn,Hill,A\nBo,Hill,A\n',
      }),
    );
    expect(found.map((error) => error.message)).toEqual(['institutions.csv：缺少必需的列「name」']);
  });

  it('reports duplicates, bad numbers, missing files, bad quotes and conflicts with oneself', () => {
    const found = errors(
      parseTabbycatFolder({
        'institutions.csv': 'code,name\nHill,Hill College\nHill,Other\n',
        'adjudicators.csv': 'name,adj_conflicts\nJo,Jo\n',
        'rounds.csv':
          'seq,name,abbreviation,draw_type\n1,Round 1,R1,random\n1,Round 2,R2,swiss\nx,Round 3,R1,random\n',
        'venues.csv': 'name,priority\nHall,"10\n',
      }),
    );
    expect(found.map((error) => error.message)).toEqual([
      'venues.csv 第 1 行：CSV 格式错误：引号没有闭合',
      'institutions.csv 第 2 行：机构代码「Hill」与第 1 行重复',
      'teams.csv：找不到队伍：需要 teams.csv 或 speakers.csv',
      'adjudicators.csv 第 1 行：裁判「Jo」不能与自己冲突',
      'rounds.csv 第 2 行：编排方式「swiss」不认识，应为 random、power paired、round robin、manual 或 elimination',
      'rounds.csv 第 2 行：轮次序号「1」与第 1 行重复',
      'rounds.csv 第 3 行：「seq」应为整数，而不是「x」',
      'rounds.csv 第 3 行：轮次简称「R1」与第 1 行重复',
    ]);
  });

  it('lists unknown files and columns as skipped, with counts', () => {
    const { skipped } = ok(
      parseTabbycatFolder({
        ...small,
        'venues.csv': 'name,priority,colour\nRoom 1,10,red\nRoom 2,9,\n',
        'notes.csv': 'a,b\n1,2\n3,4\n',
        'sides.csv': 'team_name,R1\nHill A,aff\n',
      }),
    );
    expect(skipped).toEqual([
      ['notes.csv', 2],
      ['sides.csv', 1],
      ['venues.csv:colour', 1],
      ['rounds.csv:weight', 3],
    ]);
  });

  it('tells BP from two speakers a team', () => {
    const bp = ok(
      parseTabbycatFolder({
        'teams.csv': 'reference,speaker1_name,speaker2_name\nA,Ann,Bo\nB,Cy,\n',
      }),
    ).tournament;
    expect([bp.teamsPerDebate, bp.teamsPerDebateReason]).toEqual([
      4,
      '每队最多 2 名辩手，是英国议会制（BP）的队伍，按每场四队处理',
    ]);
    const empty = ok(parseTabbycatFolder({ 'teams.csv': 'reference\nA\n' })).tournament;
    expect(empty.teamsPerDebate).toBe(2);
  });
});
