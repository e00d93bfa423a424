/**
 * Tabbycat's own example folders (data/minimal8team, australs24team, bp88team) read as they are,
 * when a snapshot of Tabbycat's repository is on this machine; skipped otherwise. The files are
 * read from the snapshot with git, never copied into this repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tabbycat } from '@bianshi/shared';

const REPO = '/work/.mirror/TabbycatDebate+tabbycat/repo';
const present = existsSync(REPO);

function git(...args: string[]): string {
  return execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

function folder(name: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of git('ls-tree', '--name-only', `HEAD:data/${name}`).split('\n').filter(Boolean))
    files[file] = git('show', `HEAD:data/${name}/${file}`);
  return files;
}

function read(name: string): { tournament: tabbycat.TabbycatImport; skipped: tabbycat.SkippedItem[] } {
  const result = tabbycat.parseTabbycatFolder(folder(name));
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result;
}

function counts(data: tabbycat.TabbycatImport) {
  return {
    teamsPerDebate: data.teamsPerDebate,
    institutions: data.institutions.length,
    teams: data.teams.length,
    speakers: data.teams.reduce((sum, team) => sum + team.speakers.length, 0),
    adjudicators: data.adjudicators.length,
    venues: data.venues.length,
    rounds: data.rounds.length,
    motions: data.motions.length,
    breakCategories: data.breakCategories.length,
    speakerCategories: data.speakerCategories.length,
    adjudicatorTeam: data.conflicts.adjudicatorTeam.length,
    adjudicatorAdjudicator: data.conflicts.adjudicatorAdjudicator.length,
    adjudicatorInstitution: data.conflicts.adjudicatorInstitution.length,
    teamInstitution: data.conflicts.teamInstitution.length,
  };
}

/** Conflicts are a set: a written folder may list them in another order. */
function sorted(data: tabbycat.TabbycatImport): tabbycat.TabbycatImport {
  const sort = <T>(items: T[]) => [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  const conflicts = data.conflicts;
  return {
    ...data,
    conflicts: {
      adjudicatorTeam: sort(conflicts.adjudicatorTeam),
      adjudicatorAdjudicator: sort(conflicts.adjudicatorAdjudicator),
      adjudicatorInstitution: sort(conflicts.adjudicatorInstitution),
      teamInstitution: sort(conflicts.teamInstitution),
    },
  };
}

describe.skipIf(!present)("Tabbycat's example folders", () => {
  it('minimal8team: 8 teams of 3 from speakers.csv, two teams a room', () => {
    const { tournament, skipped } = read('minimal8team');
    expect(counts(tournament)).toEqual({
      teamsPerDebate: 2,
      institutions: 5,
      teams: 8,
      speakers: 24,
      adjudicators: 10,
      venues: 8,
      rounds: 6,
      motions: 6,
      breakCategories: 1,
      speakerCategories: 0,
      adjudicatorTeam: 0,
      adjudicatorAdjudicator: 0,
      adjudicatorInstitution: 0,
      teamInstitution: 0,
    });
    expect(tournament.teams[0]!.displayName).toBe('Narnia A');
    expect(skipped.map((item) => item.column ?? item.file)).toEqual(['readme.md', 'weight']);
  });

  it('australs24team: 24 teams, motions by seq, inline conflicts, unmodeled files skipped', () => {
    const { tournament, skipped } = read('australs24team');
    expect(counts(tournament)).toEqual({
      teamsPerDebate: 2,
      institutions: 14,
      teams: 24,
      speakers: 72,
      adjudicators: 29,
      venues: 25,
      rounds: 10,
      motions: 30,
      breakCategories: 3,
      speakerCategories: 0,
      adjudicatorTeam: 3,
      adjudicatorAdjudicator: 6,
      adjudicatorInstitution: 7,
      teamInstitution: 0,
    });
    const hybrid = tournament.teams.find((team) => team.name === 'Hybrid');
    expect(hybrid).toMatchObject({ institution: null, useInstitutionPrefix: false, displayName: 'Hybrid' });
    expect(tournament.motions.filter((motion) => motion.rounds[0]?.round === 'R1')).toHaveLength(3);
    expect(skipped.filter((item) => item.column === undefined).map((item) => item.file)).toEqual(
      expect.arrayContaining([
        'adj_feedback_questions.csv',
        'adj_venue_constraints.csv',
        'regions.csv',
        'team_venue_constraints.csv',
        'venue_categories.csv',
      ]),
    );
  });

  it('bp88team: 88 teams of 2 in the boots layout, four teams a room', () => {
    const { tournament } = read('bp88team');
    expect(counts(tournament)).toEqual({
      teamsPerDebate: 4,
      institutions: 29,
      teams: 88,
      speakers: 176,
      adjudicators: 80,
      venues: 25,
      rounds: 14,
      motions: 14,
      breakCategories: 3,
      speakerCategories: 2,
      adjudicatorTeam: 17,
      adjudicatorAdjudicator: 12,
      adjudicatorInstitution: 12,
      teamInstitution: 0,
    });
    expect(tournament.adjudicators.every((adjudicator) => adjudicator.baseScore > 0)).toBe(true);
  });

  it.each(['minimal8team', 'australs24team', 'bp88team'])('%s is written and read back the same', (name) => {
    const { tournament } = read(name);
    const again = tabbycat.parseTabbycatFolder(tabbycat.writeTabbycatFolder(tournament));
    if (!again.ok) throw new Error(again.errors.map((error) => error.message).join('\n'));
    expect(sorted(again.tournament)).toEqual(sorted(tournament));
    expect(tabbycat.writeDebateXml({ name, tournament, results: [] })).toContain('<participants>');
  });
});
