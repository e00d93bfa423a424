import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectTeamsPerDebate, tabbycatTeamNames } from './names';
import { parseTabbycatFolder } from './parse';
import {
  TABBYCAT_BREAK_RULES,
  type TabbycatConflicts,
  type TabbycatImport,
  type TabbycatMotion,
  type TabbycatTeam,
} from './types';
import { writeTabbycatFolder } from './write';

/** Names with the characters CSV and Tabbycat's lists trip over: commas, quotes, slashes, newlines. */
const text = fc
  .string({
    unit: fc.constantFrom('a', 'B', '1', ' ', ',', '"', "'", '/', '张', '辩', 'é', '\n', '&'),
    minLength: 1,
    maxLength: 6,
  })
  .map((value) => value.trim())
  .filter((value) => value !== '');
/** Round abbreviations: motions.csv joins them with semicolons. */
const abbreviation = text.filter((value) => !value.includes(';'));
const slug = fc.stringMatching(/^[a-z0-9_-]{1,6}$/);
const email = fc.option(fc.stringMatching(/^[a-z]{1,5}@[a-z]{1,5}\.org$/), { nil: undefined });

function pickSome<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return items.length === 0 ? fc.constant([]) : fc.subarray([...items]);
}

function pickOne<T>(items: readonly T[]): fc.Arbitrary<T | null> {
  return items.length === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...items), { nil: null });
}

const folder: fc.Arbitrary<TabbycatImport> = fc
  .record({
    institutions: fc.uniqueArray(fc.record({ code: text, name: text }), {
      maxLength: 4,
      selector: (institution) => institution.code,
    }),
    breakCategories: fc.uniqueArray(
      fc.record({
        name: text,
        slug,
        seq: fc.integer({ min: 1, max: 50 }),
        breakSize: fc.integer({ min: 2, max: 32 }),
        isGeneral: fc.boolean(),
        priority: fc.integer({ min: -10, max: 100 }),
        rule: fc.constantFrom(...TABBYCAT_BREAK_RULES),
      }),
      { maxLength: 3, selector: (category) => category.slug },
    ),
    speakerCategories: fc.uniqueArray(
      fc.record({ name: text, slug, seq: fc.integer({ min: 1, max: 50 }), public: fc.boolean() }),
      { maxLength: 3, selector: (category) => category.slug },
    ),
    rounds: fc.uniqueArray(
      fc.record({
        name: text,
        abbreviation,
        stage: fc.constantFrom('preliminary' as const, 'elimination' as const),
        drawType: fc.constantFrom(
          'random' as const,
          'power' as const,
          'roundRobin' as const,
          'manual' as const,
          'elimination' as const,
        ),
        silent: fc.boolean(),
      }),
      { maxLength: 4, selector: (round) => round.abbreviation },
    ),
    bp: fc.boolean(),
  })
  .filter(
    ({ institutions, breakCategories, speakerCategories }) =>
      new Set(institutions.map((institution) => institution.name)).size === institutions.length &&
      new Set(breakCategories.map((category) => category.seq)).size === breakCategories.length &&
      new Set(speakerCategories.map((category) => category.seq)).size === speakerCategories.length,
  )
  .chain((base) => {
    const codes = base.institutions.map((institution) => institution.code);
    const breakSlugs = base.breakCategories.map((category) => category.slug);
    const speakerSlugs = base.speakerCategories.map((category) => category.slug);
    const team = fc.record({
      name: text,
      institution: pickOne(codes),
      useInstitutionPrefix: fc.boolean(),
      speakers: fc.uniqueArray(fc.record({ name: text, email, categories: pickSome(speakerSlugs) }), {
        minLength: base.bp ? 1 : 3,
        maxLength: base.bp ? 2 : 4,
        selector: (speaker) => speaker.name,
      }),
      breakCategories: pickSome(breakSlugs),
    });
    return fc.record({
      base: fc.constant(base),
      teams: fc.array(team, { maxLength: 5 }),
      adjudicators: fc.uniqueArray(
        fc.record({
          name: text,
          institution: pickOne(codes),
          baseScore: fc.integer({ min: -4, max: 20 }).map((score) => score / 2),
          independent: fc.boolean(),
          adjCore: fc.boolean(),
          email,
        }),
        { maxLength: 4, selector: (adjudicator) => adjudicator.name },
      ),
      venues: fc.uniqueArray(
        fc.record({
          name: text,
          priority: fc.integer({ min: -5, max: 100 }),
          category: fc.option(text, { nil: null }),
        }),
        { maxLength: 3, selector: (venue) => venue.name },
      ),
      roundBreaks: fc.array(pickOne(breakSlugs), {
        minLength: base.rounds.length,
        maxLength: base.rounds.length,
      }),
      motions: fc.array(
        fc.record({
          reference: text,
          text,
          infoSlide: fc.oneof(fc.constant(''), text),
          rounds: pickSome(base.rounds.map((round) => round.abbreviation)),
        }),
        { maxLength: 4 },
      ),
      conflictPicks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(3)), { maxLength: 8 }),
    });
  })
  .map(({ base, teams: rawTeams, adjudicators, venues, roundBreaks, motions: rawMotions, conflictPicks }) => {
    const institutionOf = new Map(base.institutions.map((institution) => [institution.code, institution]));
    const seen = new Set<string>();
    const teams: TabbycatTeam[] = [];
    for (const raw of rawTeams) {
      const names = tabbycatTeamNames(
        raw,
        raw.institution === null ? undefined : institutionOf.get(raw.institution),
      );
      // Tabbycat tells teams apart by display name, and by institution + reference.
      const key = `${raw.institution ?? ''}\0${raw.name}`;
      if (seen.has(names.displayName) || seen.has(key)) continue;
      seen.add(names.displayName);
      seen.add(key);
      teams.push({ ...raw, ...names });
    }
    const rounds = base.rounds.map((round, index) => ({
      ...round,
      seq: index + 1,
      breakCategory: roundBreaks[index] ?? null,
    }));
    const used = new Map<string, number>();
    const motions: TabbycatMotion[] = rawMotions.map((motion) => ({
      ...motion,
      rounds: motion.rounds.map((round) => {
        const seq = (used.get(round) ?? 0) + 1;
        used.set(round, seq);
        return { round, roundSeq: rounds.find((candidate) => candidate.abbreviation === round)!.seq, seq };
      }),
    }));
    const conflicts: TabbycatConflicts = {
      adjudicatorTeam: [],
      adjudicatorAdjudicator: [],
      adjudicatorInstitution: [],
      teamInstitution: [],
    };
    const keys = new Set<string>();
    const add = (key: string, push: () => void) => {
      if (!keys.has(key)) {
        keys.add(key);
        push();
      }
    };
    for (const [a, b, kind] of conflictPicks) {
      const adjudicator = adjudicators[a % Math.max(adjudicators.length, 1)]?.name;
      const team = teams[b % Math.max(teams.length, 1)]?.displayName;
      const code = base.institutions[b % Math.max(base.institutions.length, 1)]?.code;
      const other = adjudicators[b % Math.max(adjudicators.length, 1)]?.name;
      if (kind === 0 && adjudicator && team)
        add(`t${adjudicator}\0${team}`, () => conflicts.adjudicatorTeam.push({ adjudicator, team }));
      if (kind === 1 && adjudicator && code)
        add(`i${adjudicator}\0${code}`, () =>
          conflicts.adjudicatorInstitution.push({ adjudicator, institution: code }),
        );
      if (
        kind === 2 &&
        adjudicator &&
        other &&
        other !== adjudicator &&
        !keys.has(`a${other}\0${adjudicator}`)
      )
        add(`a${adjudicator}\0${other}`, () =>
          conflicts.adjudicatorAdjudicator.push({ adjudicator1: adjudicator, adjudicator2: other }),
        );
      if (kind === 3 && team && code)
        add(`x${team}\0${code}`, () => conflicts.teamInstitution.push({ team, institution: code }));
    }
    return {
      ...detectTeamsPerDebate(teams),
      institutions: base.institutions,
      teams,
      adjudicators,
      venues,
      rounds,
      motions,
      breakCategories: base.breakCategories,
      speakerCategories: base.speakerCategories,
      conflicts,
    };
  });

/** Conflicts are a set: the files may list them in another order. */
function sortedConflicts(data: TabbycatImport): TabbycatImport {
  const sort = <T>(items: T[]) => [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  const { adjudicatorTeam, adjudicatorAdjudicator, adjudicatorInstitution, teamInstitution } = data.conflicts;
  return {
    ...data,
    conflicts: {
      adjudicatorTeam: sort(adjudicatorTeam),
      adjudicatorAdjudicator: sort(adjudicatorAdjudicator),
      adjudicatorInstitution: sort(adjudicatorInstitution),
      teamInstitution: sort(teamInstitution),
    },
  };
}

describe('writeTabbycatFolder', () => {
  it('reads back to the same data (property)', () => {
    fc.assert(
      fc.property(folder, (data) => {
        const result = parseTabbycatFolder(writeTabbycatFolder(data));
        if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
        expect(sortedConflicts(result.tournament)).toEqual(sortedConflicts(data));
        expect(result.skipped).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('writes BP as the boots layout and two-team formats as anorak, with Tabbycat headers', () => {
    const team = (name: string, speakers: number): TabbycatTeam => ({
      name,
      institution: 'Oak',
      useInstitutionPrefix: true,
      displayName: `Oak ${name}`,
      longName: `Oak University ${name}`,
      speakers: Array.from({ length: speakers }, (_, index) => ({ name: `${name}${index}`, categories: [] })),
      breakCategories: [],
    });
    const base: TabbycatImport = {
      teamsPerDebate: 4,
      teamsPerDebateReason: '',
      institutions: [{ code: 'Oak', name: 'Oak University' }],
      teams: [team('A', 2)],
      adjudicators: [{ name: 'Jo', institution: 'Oak', baseScore: 4, independent: false, adjCore: true }],
      venues: [],
      rounds: [],
      motions: [],
      breakCategories: [],
      speakerCategories: [],
      conflicts: {
        adjudicatorTeam: [{ adjudicator: 'Jo', team: 'Oak A' }],
        adjudicatorAdjudicator: [],
        adjudicatorInstitution: [],
        teamInstitution: [],
      },
    };
    const bp = writeTabbycatFolder(base);
    expect(bp['.importer']).toBe('boots\n');
    expect(bp['teams.csv']).toBe(
      'institution,reference,use_institution_prefix,break_category,speaker1_name,speaker1_email,speaker1_category,speaker2_name,speaker2_email,speaker2_category\n' +
        'Oak,A,TRUE,,A0,,,A1,,\n',
    );
    expect(bp['team_conflicts.csv']).toBe('adjudicator,team\nJo,Oak A\n');
    const twoTeam = writeTabbycatFolder({ ...base, teamsPerDebate: 2, teams: [team('A', 3)] });
    expect(twoTeam['.importer']).toBe('anorak\n');
    expect(twoTeam['speakers.csv']).toBe(
      'name,email,institution,team_name,use_institution_prefix\nA0,,Oak,A,TRUE\nA1,,Oak,A,TRUE\nA2,,Oak,A,TRUE\n',
    );
    expect(twoTeam['adjudicators.csv']).toBe(
      'name,email,institution,base_score,independent,adj_core,institution_conflicts,team_conflicts,adj_conflicts\n' +
        'Jo,,Oak,4,FALSE,TRUE,,Oak A,\n',
    );
    expect(twoTeam['team_conflicts.csv']).toBeUndefined();
  });
});
