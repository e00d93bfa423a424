/**
 * A tournament written out for Tabbycat (the CSV files its importer reads, the inverse of
 * tabbycat-import.service.ts) and as DebateXML (the archive of rounds and results tab sites
 * publish). Both are built from the same rows the tournament's pages read; a tournament made
 * here (not imported) gets its institutions from its teams' schools and its motions from the
 * topics its fixtures drew.
 */
import { bpPointsForPlace, bpSeatsOf, debatedMotion, tabbycat } from '@bianshi/shared';
import { motionsOfRound } from './tournament-view';
import type {
  TabRows,
  TournamentRepository,
  TournamentRow,
  TournamentSnapshot,
} from './tournament.repository';

/** Files of a Tabbycat import folder, and the folder's name. */
export interface TabbycatFolderExport {
  folder: string;
  files: Record<string, string>;
}

/** A DebateXML document and its file name. */
export interface DebateXmlExport {
  filename: string;
  xml: string;
}

export class TabbycatExporter {
  constructor(private readonly repository: TournamentRepository) {}

  /** The tournament as a Tabbycat import folder (with emails: for its staff only). */
  async folder(tournament: TournamentRow): Promise<TabbycatFolderExport> {
    const { data } = await this.read(tournament);
    return { folder: `${tournament.slug}-tabbycat`, files: tabbycat.writeTabbycatFolder(data) };
  }

  /** The tournament and its confirmed results as DebateXML (no emails: it is meant to be published). */
  async debateXml(tournament: TournamentRow): Promise<DebateXmlExport> {
    const { data, snapshot, motionOf } = await this.read(tournament);
    const results = debateXmlResults(snapshot, data, motionOf);
    const xml = tabbycat.writeDebateXml({ name: tournament.name, tournament: data, results });
    return { filename: `${tournament.slug}.xml`, xml };
  }

  private async read(tournament: TournamentRow) {
    const [snapshot, tab] = await Promise.all([
      this.repository.snapshot(tournament),
      this.repository.tabRows(tournament.id),
    ]);
    return tabOf(snapshot, tab);
  }
}

/**
 * The tab data of a tournament: imported rows where they exist, else what the tournament's own
 * rows say (schools as institutions, fixtures' topics as motions, a round's stage as its kind).
 */
export function tabOf(snapshot: TournamentSnapshot, tab: TabRows) {
  const { tournament } = snapshot;

  // Institutions: the imported ones, else one per school name (its name doubling as its code).
  const institutions: tabbycat.TabbycatInstitution[] = tab.institutions.map((row) => ({
    code: row.code,
    name: row.name,
  }));
  const codeById = new Map(tab.institutions.map((row) => [row.id, row.code]));
  const codeBySchool = new Map(tab.institutions.map((row) => [row.name, row.code]));
  for (const team of snapshot.teams) {
    const school = team.school.trim();
    if (school && !codeBySchool.has(school) && !(team.institutionId && codeById.has(team.institutionId))) {
      codeBySchool.set(school, school);
      institutions.push({ code: school, name: school });
    }
  }
  const nameByCode = new Map(institutions.map((row) => [row.code, row.name]));

  const categorySlugById = new Map(tab.breakCategories.map((row) => [row.id, row.slug]));
  const eligibleByTeam = new Map<string, string[]>();
  for (const row of tab.eligibility) {
    const slug = categorySlugById.get(row.breakCategoryId);
    if (slug) eligibleByTeam.set(row.teamId, [...(eligibleByTeam.get(row.teamId) ?? []), slug]);
  }
  const speakersByTeam = new Map<string, TabRows['speakers']>();
  for (const row of tab.speakers)
    speakersByTeam.set(row.teamId, [...(speakersByTeam.get(row.teamId) ?? []), row]);

  const teams: tabbycat.TabbycatTeam[] = snapshot.teams.map((team) => {
    const code =
      (team.institutionId ? codeById.get(team.institutionId) : undefined) ??
      codeBySchool.get(team.school.trim()) ??
      null;
    const prefixed = code !== null && team.name.startsWith(`${code} `) && team.name.length > code.length + 1;
    const reference = prefixed ? team.name.slice(code.length + 1) : team.name;
    const imported = speakersByTeam.get(team.id);
    return {
      name: reference,
      institution: code,
      useInstitutionPrefix: prefixed,
      displayName: team.name,
      longName: prefixed ? `${nameByCode.get(code) ?? code} ${reference}` : team.name,
      speakers: imported
        ? imported.map((row) => ({
            name: row.name,
            ...(row.email ? { email: row.email } : {}),
            categories: row.categories,
          }))
        : team.members.map((name) => ({ name, categories: [] })),
      breakCategories: eligibleByTeam.get(team.id) ?? [],
    };
  });
  const teamName = new Map(snapshot.teams.map((team) => [team.id, team.name]));

  const judges = snapshot.judges.filter((judge) => !judge.revoked);
  const judgeName = new Map(judges.map((judge) => [judge.id, judge.name]));
  const adjudicators: tabbycat.TabbycatAdjudicator[] = judges.map((judge) => ({
    name: judge.name,
    institution: judge.institutionId ? (codeById.get(judge.institutionId) ?? null) : null,
    baseScore: judge.baseScore ?? 0,
    independent: judge.independent,
    adjCore: judge.adjCore,
    ...(judge.email ? { email: judge.email } : {}),
  }));

  // The tournament's rooms in its order (highest priority first), then rooms only fixtures name.
  const roomNames = [
    ...new Set([...tournament.venues, ...snapshot.fixtures.map((f) => f.venue.trim())]),
  ].filter((name) => name !== '');
  const venues: tabbycat.TabbycatVenue[] = roomNames.map((name, index) => ({
    name,
    priority: roomNames.length - index,
    category: null,
  }));

  const stageKind = new Map(snapshot.stages.map((stage) => [stage.id, stage.kind]));
  const usedAbbreviations = new Set<string>();
  const rounds: tabbycat.TabbycatRound[] = snapshot.rounds.map((round, index) => {
    const elimination = stageKind.get(round.stageId) === 'knockout';
    let abbreviation = round.abbreviation || `${elimination ? 'E' : 'R'}${index + 1}`;
    while (usedAbbreviations.has(abbreviation)) abbreviation = `${abbreviation}′`;
    usedAbbreviations.add(abbreviation);
    return {
      seq: index + 1,
      name: round.name,
      abbreviation,
      stage: elimination ? 'elimination' : 'preliminary',
      drawType: round.drawKind ?? (elimination ? 'elimination' : 'roundRobin'),
      breakCategory: round.breakCategoryId ? (categorySlugById.get(round.breakCategoryId) ?? null) : null,
      silent: round.silent,
    };
  });
  const roundOf = new Map(snapshot.rounds.map((round, index) => [round.id, rounds[index]!]));

  // Motions: the imported ones by round, then the topics fixtures drew (one motion per topic and round).
  const motions: tabbycat.TabbycatMotion[] = [];
  const motionOf = new Map<string, string>(); // fixture id → motion reference
  const usedReferences = new Set<string>();
  const reference = (wanted: string) => {
    let candidate = wanted;
    for (let n = 2; usedReferences.has(candidate); n += 1) candidate = `${wanted} ${n}`;
    usedReferences.add(candidate);
    return candidate;
  };
  const motionReference = new Map<string, string>(); // motion id → its reference as written
  for (const row of tab.motions) {
    const round = row.roundId ? roundOf.get(row.roundId) : undefined;
    // Tabbycat needs a reference; a motion written here without one is named after its round.
    const ref = reference(row.reference || `${round?.abbreviation ?? ''} 辩题${row.seq}`.trim());
    motionReference.set(row.id, ref);
    motions.push({
      reference: ref,
      text: row.text,
      infoSlide: row.infoSlide,
      rounds: round ? [{ round: round.abbreviation, roundSeq: round.seq, seq: row.seq }] : [],
    });
  }
  // A room on its round's motions debated the one chosen for it, or the round's only one.
  for (const fixture of snapshot.fixtures) {
    const debated = fixture.topicId
      ? null
      : debatedMotion(motionsOfRound(snapshot, fixture.roundId), fixture.motionId);
    const ref = debated ? motionReference.get(debated.id) : undefined;
    if (ref) motionOf.set(fixture.id, ref);
  }
  const topicMotion = new Map<string, string>(); // round id + topic id → reference
  for (const fixture of snapshot.fixtures) {
    if (!fixture.topicId) continue;
    const topic = snapshot.topics.get(fixture.topicId);
    const round = roundOf.get(fixture.roundId);
    if (!topic || !round) continue;
    const key = `${fixture.roundId}\n${fixture.topicId}`;
    let ref = topicMotion.get(key);
    if (ref === undefined) {
      const inRound = motions.filter((motion) => motion.rounds[0]?.roundSeq === round.seq).length;
      ref = reference(`${round.abbreviation} 辩题${inRound + 1}`);
      topicMotion.set(key, ref);
      motions.push({
        reference: ref,
        text: topic.text,
        infoSlide: '',
        rounds: [{ round: round.abbreviation, roundSeq: round.seq, seq: inRound + 1 }],
      });
    }
    motionOf.set(fixture.id, ref);
  }

  const conflicts: tabbycat.TabbycatConflicts = {
    adjudicatorTeam: [],
    adjudicatorAdjudicator: [],
    adjudicatorInstitution: [],
    teamInstitution: [],
  };
  for (const row of tab.conflicts) {
    const judge = row.judgeId ? judgeName.get(row.judgeId) : undefined;
    const other = row.otherJudgeId ? judgeName.get(row.otherJudgeId) : undefined;
    const team = row.teamId ? teamName.get(row.teamId) : undefined;
    const institution = row.institutionId ? codeById.get(row.institutionId) : undefined;
    if (row.kind === 'judgeTeam' && judge && team)
      conflicts.adjudicatorTeam.push({ adjudicator: judge, team });
    if (row.kind === 'judgeJudge' && judge && other)
      conflicts.adjudicatorAdjudicator.push({ adjudicator1: judge, adjudicator2: other });
    if (row.kind === 'judgeInstitution' && judge && institution)
      conflicts.adjudicatorInstitution.push({ adjudicator: judge, institution });
    if (row.kind === 'teamInstitution' && team && institution)
      conflicts.teamInstitution.push({ team, institution });
  }

  const data: tabbycat.TabbycatImport = {
    teamsPerDebate: tournament.teamsPerRoom,
    teamsPerDebateReason: '',
    institutions,
    teams,
    adjudicators,
    venues,
    rounds,
    motions,
    breakCategories: tab.breakCategories.map((row) => ({
      name: row.name,
      slug: row.slug,
      seq: row.seq,
      breakSize: row.size,
      isGeneral: row.isGeneral,
      priority: row.priority,
      rule: row.rule,
    })),
    speakerCategories: tab.speakerCategories.map((row) => ({
      name: row.name,
      slug: row.slug,
      seq: row.seq,
      public: row.public,
    })),
    conflicts,
  };
  return { data, snapshot, motionOf };
}

/**
 * The confirmed results, round by round, with the panel (chair first). Two-team rooms: the
 * winner's 1 point and the panel's speaker scores (the average of the ballots that scored, per
 * speaker position). BP rooms: OG, OO, CG, CO with 3-2-1-0 points and the chair's scores.
 */
function debateXmlResults(
  snapshot: TournamentSnapshot,
  data: tabbycat.TabbycatImport,
  motionOf: Map<string, string>,
): tabbycat.DebateXmlRound[] {
  const teamName = new Map(snapshot.teams.map((team) => [team.id, team.name]));
  const members = new Map(snapshot.teams.map((team) => [team.id, team.members]));
  const judgeName = new Map(snapshot.judges.filter((judge) => !judge.revoked).map((j) => [j.id, j.name]));
  const results = new Map(snapshot.results.filter((row) => row.confirmed).map((row) => [row.fixtureId, row]));
  const ballots = new Map<string, TournamentSnapshot['ballots']>();
  for (const ballot of snapshot.ballots)
    ballots.set(ballot.fixtureId, [...(ballots.get(ballot.fixtureId) ?? []), ballot]);

  return snapshot.rounds.flatMap((round, index) => {
    const abbreviation = data.rounds[index]!.abbreviation;
    const debates = snapshot.fixtures
      .filter((fixture) => fixture.roundId === round.id && results.has(fixture.id))
      .flatMap((fixture): tabbycat.DebateXmlDebate[] => {
        const result = results.get(fixture.id)!;
        if (!fixture.affTeamId || !fixture.negTeamId) return [];
        const motion = motionOf.get(fixture.id);
        const common = {
          ...(fixture.venue.trim() ? { venue: fixture.venue.trim() } : {}),
          ...(motion ? { motion } : {}),
          adjudicators: fixture.judgeIds.flatMap((id, position) => {
            const name = judgeName.get(id);
            return name ? [{ name, ...(position === 0 ? { chair: true } : {}) }] : [];
          }),
        };
        const seats = bpSeatsOf(fixture);
        if (seats) {
          const { ranking, positionScores } = result;
          if (!ranking || seats.some((seat) => !seat.teamId)) return [];
          return [
            {
              ...common,
              sides: seats.map(({ position, teamId }) => {
                const scores = positionScores?.[position] ?? [];
                const speeches = (members.get(teamId!) ?? []).flatMap((speaker, at) =>
                  typeof scores[at] === 'number' ? [{ speaker, score: scores[at] }] : [],
                );
                return {
                  team: teamName.get(teamId!)!,
                  points: bpPointsForPlace(ranking[position]),
                  ...(speeches.length > 0 ? { score: sum(speeches.map((speech) => speech.score)) } : {}),
                  speeches,
                };
              }),
            },
          ];
        }
        const scored = (ballots.get(fixture.id) ?? []).flatMap((ballot) =>
          ballot.speakerScores ? [ballot.speakerScores] : [],
        );
        const side = (teamId: string, key: 'aff' | 'neg'): tabbycat.DebateXmlSide => {
          const names = members.get(teamId) ?? [];
          const speeches = names.flatMap((speaker, position) => {
            const scores = scored.flatMap((sheet) => {
              const score = sheet[key][position];
              return typeof score === 'number' ? [score] : [];
            });
            if (scores.length === 0) return [];
            return [{ speaker, score: Math.round((sum(scores) / scores.length) * 100) / 100 }];
          });
          return {
            team: teamName.get(teamId)!,
            points: result.winner === key ? 1 : 0,
            ...(speeches.length > 0
              ? { score: Math.round(sum(speeches.map((s) => s.score)) * 100) / 100 }
              : {}),
            speeches,
          };
        };
        return [{ ...common, sides: [side(fixture.affTeamId, 'aff'), side(fixture.negTeamId, 'neg')] }];
      });
    return debates.length > 0 ? [{ round: abbreviation, debates }] : [];
  });
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
