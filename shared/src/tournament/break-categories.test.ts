import { describe, expect, it } from 'vitest';
import {
  BREAK_CATEGORY_RULES,
  breakCategoryCreateSchema,
  breakCategoryPatchSchema,
  breakCategorySlug,
  computeBreakPreview,
  engineBreakRule,
  engineStandings,
  knockoutBreakCategory,
  mergePoolStandings,
  sameBreakCategoryName,
  type BreakCategoryInput,
  type BreakTeamInput,
} from './break-categories';
import type { StandingsRow } from './tournament.view';

/** Standings rows from [id, wins, tied-to-the-row-above], best first. */
function rows(list: Array<[string, number, boolean?]>, poolId: string | null = null): StandingsRow[] {
  return list.map(([teamId, wins, tied], index) => ({
    teamId,
    poolId,
    rank: index + 1,
    played: 4,
    wins,
    losses: 4 - wins,
    ballotsWon: wins * 3,
    ballotsLost: (4 - wins) * 3,
    speakerPoints: 300 + wins,
    scored: true,
    tied: tied ?? false,
  }));
}
const category = (overrides: Partial<BreakCategoryInput>): BreakCategoryInput => ({
  id: 'open',
  name: 'Open',
  slug: 'open',
  seq: 1,
  size: 4,
  rule: 'standard',
  isGeneral: true,
  priority: 10,
  released: null,
  ...overrides,
});
const team = (id: string, institution: string, categoryIds: string[] = []): BreakTeamInput => ({
  id,
  name: `${id} 队`,
  school: institution,
  institutionKey: institution,
  categoryIds,
});

describe('break categories', () => {
  it('maps every stored rule onto one of the engine’s three', () => {
    expect(BREAK_CATEGORY_RULES.map(engineBreakRule)).toEqual([
      'standard',
      'aida1996',
      'aida2016',
      'aida2016',
      'aida2016',
    ]);
  });

  it('gives tied two-team rows one rank (the first of a group is not marked tied)', () => {
    const ranked = engineStandings(
      rows([
        ['a', 4],
        ['b', 3],
        ['c', 3, true],
        ['d', 2],
      ]),
      false,
    );
    expect(ranked.map((row) => row.rank)).toEqual([1, 2, 2, 4]);
    expect(ranked[1]!.metrics.wins).toBe(3);
  });

  it('merges pools by the tie-breaks, equal rows tied', () => {
    const merged = mergePoolStandings(
      [
        rows([
          ['a1', 3],
          ['a2', 1],
        ]),
        rows([
          ['b1', 2],
          ['b2', 1],
        ]),
      ],
      ['wins', 'headToHead', 'ballots'],
    );
    expect(merged.map((row) => [row.teamId, row.rank, row.tied])).toEqual([
      ['a1', 1, false],
      ['b1', 2, false],
      ['a2', 3, false],
      ['b2', 4, true],
    ]);
  });

  it('breaks the open category first, then ESL among the rest, capped by institution under AIDA', () => {
    const standings = rows([
      ['x1', 5],
      ['x2', 5, true],
      ['x3', 4],
      ['x4', 4, true],
      ['y1', 3],
      ['y2', 3, true],
      ['z1', 2],
      ['z2', 1],
    ]);
    const teams = [
      team('x1', 'X'),
      team('x2', 'X', ['esl']),
      team('x3', 'X'),
      team('x4', 'X', ['esl']),
      team('y1', 'Y', ['esl']),
      team('y2', 'Y'),
      team('z1', 'Z', ['esl']),
      team('z2', 'Z', ['esl']),
    ];
    const preview = computeBreakPreview({
      categories: [
        category({ id: 'esl', name: 'ESL', slug: 'esl', seq: 2, size: 2, isGeneral: false, priority: 5 }),
        category({ rule: 'aida-1996', released: { at: 1, teamIds: ['x1', 'x2', 'x3', 'x4'] } }),
      ],
      teams,
      standings,
      bp: false,
      results: 16,
    });
    expect(preview.implicit).toBe(false);
    const [open, esl] = preview.categories;
    expect(open!.name).toBe('Open');
    expect(open!.breaking.map((row) => [row.seed, row.teamId])).toEqual([
      [1, 'x1'],
      [2, 'x2'],
      [3, 'x3'],
      [4, 'y1'],
    ]);
    expect(open!.excluded).toEqual([expect.objectContaining({ teamId: 'x4', reason: 'capped', rank: 3 })]);
    // y1 and y2 are tied at the cut-off; the released list no longer matches.
    expect(open!.tiedAtCutoff.map((row) => row.teamId)).toEqual(['y1', 'y2']);
    expect(open!.changedSinceRelease).toBe(true);
    expect(open!.eligible).toBe(8);
    expect(open!.eligibleTeamIds).toBeUndefined();
    expect(esl!.breaking.map((row) => row.teamId)).toEqual(['x4', 'z1']);
    expect(esl!.excluded.map((row) => [row.teamId, row.reason])).toEqual([
      ['x1', 'ineligible'],
      ['x2', 'differentBreak'],
      ['x3', 'ineligible'],
      ['y1', 'differentBreak'],
      ['y2', 'ineligible'],
    ]);
    expect(esl!.eligible).toBe(5);
    expect(esl!.eligibleTeamIds).toEqual(['x2', 'x4', 'y1', 'z1', 'z2']);
  });

  it('chooses the general category for the knockout, and validates edits in Chinese', () => {
    expect(
      knockoutBreakCategory([
        { id: 'esl', isGeneral: false, priority: 5 },
        { id: 'open', isGeneral: true, priority: 1 },
      ])?.id,
    ).toBe('open');
    const refused = breakCategoryPatchSchema.safeParse({ categoryId: 'c', size: 0, rule: 'aida-2030' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.message)).toEqual([
      '晋级名额至少 1 队',
      '未知的晋级规则',
    ]);
  });

  it('slugs a new category from its name, unique in the tournament, and compares names loosely', () => {
    expect(breakCategorySlug('ESL', new Set(['open']))).toBe('esl');
    expect(breakCategorySlug('English as a 2nd Language', new Set())).toBe('english-as-a-2nd-language');
    expect(breakCategorySlug('新生组', new Set(['open']))).toBe('category');
    expect(breakCategorySlug('新生组', new Set(['category', 'category-2']))).toBe('category-3');
    expect(breakCategorySlug('ESL', new Set(['esl']))).toBe('esl-2');
    expect(sameBreakCategoryName(' ESL ', 'esl')).toBe(true);
    expect(sameBreakCategoryName('ＥＳＬ', 'ESL')).toBe(true);
    expect(sameBreakCategoryName('新生组', '新生')).toBe(false);
    const refused = breakCategoryCreateSchema.safeParse({
      name: 'ESL',
      size: 4,
      rule: 'standard',
      priority: 1.5,
    });
    expect(refused.error!.issues.map((issue) => issue.message)).toEqual(['优先级须为整数']);
  });
});
