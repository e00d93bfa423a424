import { advanceBracket, buildBracket, type TournamentView } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { layoutBracket } from './bracket-layout';
import { bracketRoundsOf, isPast, knockoutStarted, phaseOf } from './view-model';

const teams = ['甲', '乙', '丙', '丁', '戊', '己'].map((name, i) => ({
  id: `t${i + 1}`,
  name,
  school: '',
  schoolKey: '',
  libraryTeamId: null,
  librarySchoolId: null,
  members: [],
  seed: i + 1,
  poolId: null,
}));

function viewWith(bracket: TournamentView['bracket']): Pick<TournamentView, 'bracket' | 'teams' | 'rounds'> {
  return { bracket, teams, rounds: [] };
}

describe('bracketRoundsOf', () => {
  it('draws six teams as eight slots: the top two seeds have byes that already advanced', () => {
    const rounds = bracketRoundsOf(
      viewWith(advanceBracket(buildBracket(teams.map((team) => team.id)), new Map())),
    );
    expect(rounds.map((round) => round.name)).toEqual(['四分之一决赛', '半决赛', '决赛']);
    expect(rounds.map((round) => round.matches.length)).toEqual([4, 2, 1]);
    const byes = rounds[0]!.matches.filter((match) => match.top.bye || match.bottom.bye);
    expect(byes.map((match) => [match.top.name, match.status])).toEqual([
      ['甲', 'finished'],
      ['乙', 'finished'],
    ]);
    // The byes' teams wait in the semi-finals; the lines to them are drawn as decided.
    expect(rounds[1]!.matches.map((match) => [match.top.name, match.bottom.name])).toEqual([
      ['甲', null],
      ['乙', null],
    ]);
    const geometry = layoutBracket(rounds);
    expect(geometry.connectors.filter((line) => line.decided)).toHaveLength(2);
  });

  it('marks winners as they advance and is empty before the knockout', () => {
    const nodes = buildBracket(['t1', 't2']);
    const done = advanceBracket(nodes, new Map([[nodes[0]!.id, 't2']]));
    const [final] = bracketRoundsOf(viewWith(done));
    expect(final!.matches[0]!.bottom).toMatchObject({ name: '乙', winner: true });
    expect(bracketRoundsOf(viewWith([]))).toEqual([]);
  });
});

describe('phaseOf and isPast', () => {
  it('reads the phase from stages and the champion', () => {
    const group = {
      id: 'g',
      kind: 'group' as const,
      name: '小组赛',
      position: 0,
      pools: [{ id: 'p', name: 'A', teamIds: [] }],
      draw: null,
      breakCategoryId: null,
      bracket: [],
      championTeamId: null,
    };
    const knockout = { ...group, id: 'k', kind: 'knockout' as const, pools: [] };
    expect(phaseOf({ stages: [], championTeamId: null })).toBe('draft');
    expect(phaseOf({ stages: [group], championTeamId: null })).toBe('groups');
    expect(phaseOf({ stages: [group, knockout], championTeamId: null })).toBe('knockout');
    // A bracket's final winner or a BP final's first place: the hub names the champion.
    expect(phaseOf({ stages: [group, knockout], championTeamId: 't1' })).toBe('finished');
  });

  it('starts the knockout when its bracket is seeded or (BP) a round of the main one is drafted', () => {
    const stage = (id: string, breakCategoryId: string | null) => ({
      id,
      kind: 'knockout' as const,
      name: '淘汰赛',
      position: 1,
      pools: [],
      draw: null,
      breakCategoryId,
      bracket: [],
      championTeamId: null,
    });
    const round = (stageId: string, drafted: boolean) =>
      ({ stageId, fixtures: drafted ? [{}] : [] }) as unknown as TournamentView['rounds'][number];
    const stages = [stage('main', null), stage('esl', 'c-esl')];
    // Imported and unseeded: its rounds wait empty.
    expect(knockoutStarted({ stages, bracket: [], rounds: [round('main', false)] })).toBe(false);
    // Another category's drafted round does not start the main one.
    expect(knockoutStarted({ stages, bracket: [], rounds: [round('esl', true)] })).toBe(false);
    expect(knockoutStarted({ stages, bracket: [], rounds: [round('main', true)] })).toBe(true);
    expect(knockoutStarted({ stages, bracket: buildBracket(['t1', 't2']), rounds: [] })).toBe(true);
  });

  it('calls a tournament past after its last day', () => {
    expect(isPast({ endDate: '2026-11-22' }, '2026-11-23')).toBe(true);
    expect(isPast({ endDate: '2026-11-23' }, '2026-11-23')).toBe(false);
    expect(isPast({ endDate: null }, '2026-11-23')).toBe(false);
  });
});
