/**
 * Writes a Tabbycat import folder from plain data, with Tabbycat's headers, such that
 * parseTabbycatFolder reads it back to the same data.
 *
 * The layout follows the room size: British Parliamentary (four teams a room, two speakers a
 * team) is written as Tabbycat's "boots" layout (teams.csv with speaker1_/speaker2_ columns, a
 * file per kind of conflict); two-team formats as "anorak" (speakers.csv, conflicts inside
 * adjudicators.csv, motions with seq), since boots holds only two speakers a team. What anorak
 * has no place for goes in files Tabbycat passes over: break eligibility and speaker categories
 * in eligibility.csv (Bianshi's own), team–institution conflicts in
 * team_institution_conflicts.csv, and any conflict naming something with a comma (anorak
 * separates inline conflicts by commas) in the per-kind conflict files.
 */
import { writeCsv } from './csv';
import type { TabbycatConflicts, TabbycatDrawType, TabbycatImport } from './types';

const DRAW_TYPE_WORDS: Record<TabbycatDrawType, string> = {
  random: 'random',
  power: 'power paired',
  roundRobin: 'round robin',
  manual: 'manual',
  elimination: 'elimination',
};

const bool = (value: boolean) => (value ? 'TRUE' : 'FALSE');

/** File name → CSV text (plus `.importer`, naming the layout). */
export function writeTabbycatFolder(data: TabbycatImport): Record<string, string> {
  const boots = data.teamsPerDebate === 4 && data.teams.every((team) => team.speakers.length <= 2);
  const files: Record<string, string> = { '.importer': boots ? 'boots\n' : 'anorak\n' };

  files['institutions.csv'] = writeCsv(
    ['code', 'name'],
    data.institutions.map((institution) => [institution.code, institution.name]),
  );
  if (data.breakCategories.length > 0)
    files['break_categories.csv'] = writeCsv(
      ['name', 'slug', 'seq', 'break_size', 'is_general', 'priority', 'rule'],
      data.breakCategories.map((category) => [
        category.name,
        category.slug,
        String(category.seq),
        String(category.breakSize),
        bool(category.isGeneral),
        String(category.priority),
        category.rule,
      ]),
    );
  if (data.speakerCategories.length > 0)
    files['speaker_categories.csv'] = writeCsv(
      ['name', 'slug', 'seq', 'public'],
      data.speakerCategories.map((category) => [
        category.name,
        category.slug,
        String(category.seq),
        bool(category.public),
      ]),
    );
  if (data.rounds.length > 0)
    files['rounds.csv'] = writeCsv(
      ['seq', 'name', 'abbreviation', 'stage', 'draw_type', 'silent', 'break_category'],
      data.rounds.map((round) => [
        String(round.seq),
        round.name,
        round.abbreviation,
        round.stage,
        DRAW_TYPE_WORDS[round.drawType],
        bool(round.silent),
        round.breakCategory ?? '',
      ]),
    );
  if (data.motions.length > 0)
    files['motions.csv'] = writeCsv(
      ['rounds', 'seq', 'reference', 'text', 'info_slide'],
      data.motions.map((motion) => [
        motion.rounds.map((use) => use.round).join(';'),
        motion.rounds.map((use) => String(use.seq)).join(';'),
        motion.reference,
        motion.text,
        motion.infoSlide,
      ]),
    );
  if (data.venues.length > 0)
    files['venues.csv'] = writeCsv(
      ['name', 'priority', 'category'],
      data.venues.map((venue) => [venue.name, String(venue.priority), venue.category ?? '']),
    );

  if (boots) writeBootsPeople(data, files);
  else writeAnorakPeople(data, files);
  return files;
}

function writeBootsPeople(data: TabbycatImport, files: Record<string, string>): void {
  const speakerColumns = [1, 2].flatMap((n) => [
    `speaker${n}_name`,
    `speaker${n}_email`,
    `speaker${n}_category`,
  ]);
  files['teams.csv'] = writeCsv(
    ['institution', 'reference', 'use_institution_prefix', 'break_category', ...speakerColumns],
    data.teams.map((team) => [
      team.institution ?? '',
      team.name,
      bool(team.useInstitutionPrefix),
      team.breakCategories.join('/'),
      ...[0, 1].flatMap((index) => {
        const speaker = team.speakers[index];
        return speaker ? [speaker.name, speaker.email ?? '', speaker.categories.join('/')] : ['', '', ''];
      }),
    ]),
  );
  files['adjudicators.csv'] = writeCsv(
    ['name', 'email', 'institution', 'base_score', 'independent', 'adj_core'],
    data.adjudicators.map((adjudicator) => [
      adjudicator.name,
      adjudicator.email ?? '',
      adjudicator.institution ?? '',
      String(adjudicator.baseScore),
      bool(adjudicator.independent),
      bool(adjudicator.adjCore),
    ]),
  );
  writeConflictFiles(data.conflicts, files);
}

function writeAnorakPeople(data: TabbycatImport, files: Record<string, string>): void {
  files['teams.csv'] = writeCsv(
    ['reference', 'institution', 'use_institution_prefix'],
    data.teams.map((team) => [team.name, team.institution ?? '', bool(team.useInstitutionPrefix)]),
  );
  const speakers = data.teams.flatMap((team) =>
    team.speakers.map((speaker) => [
      speaker.name,
      speaker.email ?? '',
      team.institution ?? '',
      team.name,
      bool(team.useInstitutionPrefix),
    ]),
  );
  if (speakers.length > 0)
    files['speakers.csv'] = writeCsv(
      ['name', 'email', 'institution', 'team_name', 'use_institution_prefix'],
      speakers,
    );
  const eligibility = data.teams.flatMap((team) => [
    ...team.breakCategories.map((slug) => [team.displayName, '', slug]),
    ...team.speakers.flatMap((speaker) =>
      speaker.categories.map((slug) => [team.displayName, speaker.name, slug]),
    ),
  ]);
  if (eligibility.length > 0)
    files['eligibility.csv'] = writeCsv(['team', 'speaker', 'category'], eligibility);

  // Inline conflicts are comma-separated: a name with a comma goes to the per-kind file instead.
  const inline = (value: string) => !value.includes(',');
  const { adjudicatorTeam, adjudicatorInstitution, adjudicatorAdjudicator, teamInstitution } = data.conflicts;
  const listFor = <T extends { [key: string]: string }>(
    items: T[],
    owner: keyof T,
    value: keyof T,
    name: string,
  ) =>
    items
      .filter((item) => item[owner] === name && inline(item[value]!))
      .map((item) => item[value])
      .join(',');
  files['adjudicators.csv'] = writeCsv(
    [
      'name',
      'email',
      'institution',
      'base_score',
      'independent',
      'adj_core',
      'institution_conflicts',
      'team_conflicts',
      'adj_conflicts',
    ],
    data.adjudicators.map((adjudicator) => [
      adjudicator.name,
      adjudicator.email ?? '',
      adjudicator.institution ?? '',
      String(adjudicator.baseScore),
      bool(adjudicator.independent),
      bool(adjudicator.adjCore),
      listFor(adjudicatorInstitution, 'adjudicator', 'institution', adjudicator.name),
      listFor(adjudicatorTeam, 'adjudicator', 'team', adjudicator.name),
      listFor(adjudicatorAdjudicator, 'adjudicator1', 'adjudicator2', adjudicator.name),
    ]),
  );
  writeConflictFiles(
    {
      adjudicatorTeam: adjudicatorTeam.filter((conflict) => !inline(conflict.team)),
      adjudicatorInstitution: adjudicatorInstitution.filter((conflict) => !inline(conflict.institution)),
      adjudicatorAdjudicator: adjudicatorAdjudicator.filter((conflict) => !inline(conflict.adjudicator2)),
      teamInstitution,
    },
    files,
  );
}

function writeConflictFiles(conflicts: TabbycatConflicts, files: Record<string, string>): void {
  if (conflicts.adjudicatorTeam.length > 0)
    files['team_conflicts.csv'] = writeCsv(
      ['adjudicator', 'team'],
      conflicts.adjudicatorTeam.map((conflict) => [conflict.adjudicator, conflict.team]),
    );
  if (conflicts.adjudicatorInstitution.length > 0)
    files['institution_conflicts.csv'] = writeCsv(
      ['adjudicator', 'institution'],
      conflicts.adjudicatorInstitution.map((conflict) => [conflict.adjudicator, conflict.institution]),
    );
  if (conflicts.adjudicatorAdjudicator.length > 0)
    files['adjudicator_conflicts.csv'] = writeCsv(
      ['adjudicator1', 'adjudicator2'],
      conflicts.adjudicatorAdjudicator.map((conflict) => [conflict.adjudicator1, conflict.adjudicator2]),
    );
  if (conflicts.teamInstitution.length > 0)
    files['team_institution_conflicts.csv'] = writeCsv(
      ['team', 'institution'],
      conflicts.teamInstitution.map((conflict) => [conflict.team, conflict.institution]),
    );
}
