/**
 * The speaker tab (辩手榜) of a tournament: every speaker's scores over the preliminary rounds,
 * with total, average and standard deviation, ranked with ties (engine/standings.ts
 * `speakerTab`), for everyone and per speaker category. Scores come from confirmed rooms: a
 * two-team room's speaker is scored by the average of the ballots that scored them, a BP
 * room's by its chair's ballot. Elimination rounds do not count, as on tab sites.
 */
import { BP_POSITION_IDS, type BpScores } from './bp-rooms';
import { speakerTab, type SpeakerScore, type TabSpeaker } from './engine/standings';

export interface SpeakerTabTeam {
  id: string;
  name: string;
  school: string;
  members: readonly string[];
}

export interface SpeakerTabRoom {
  /** The preliminary round's index (0-based, in order); elimination rooms are left out. */
  round: number;
  affTeamId: string | null;
  negTeamId: string | null;
  cgTeamId?: string | null;
  coTeamId?: string | null;
  /** Its confirmed result's BP scores (null for two-team rooms). */
  positionScores: BpScores | null;
  /** The ballots' speaker scores, per bench in speaking order (two-team rooms). */
  ballots: ReadonlyArray<{ aff: readonly number[]; neg: readonly number[] } | null>;
}

export interface SpeakerTabCategory {
  slug: string;
  name: string;
}

export interface SpeakerTabRow {
  rank: number;
  /** Equal to another speaker on total, average and deviation. */
  tied: boolean;
  name: string;
  teamId: string;
  teamName: string;
  school: string;
  /** Score per preliminary round (null: no score that round). */
  scores: Array<number | null>;
  rounds: number;
  total: number;
  average: number;
  stdev: number;
}

export interface SpeakerTabTable {
  /** null: every speaker (its `name` is '': screens name it). */
  slug: string | null;
  name: string;
  rows: SpeakerTabRow[];
}

const speakerKey = (teamId: string, position: number) => `${teamId}#${position}`;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The speaker tab of `rounds` preliminary rounds: one table of every speaker, then one per
 * category (`categoriesOf` gives a speaker's category slugs).
 */
export function buildSpeakerTab(input: {
  teams: readonly SpeakerTabTeam[];
  rooms: readonly SpeakerTabRoom[];
  rounds: number;
  categories: readonly SpeakerTabCategory[];
  categoriesOf: (teamId: string, position: number) => readonly string[];
}): SpeakerTabTable[] {
  const speakers: TabSpeaker[] = input.teams.flatMap((team) =>
    team.members.map((_, position) => ({
      id: speakerKey(team.id, position),
      teamId: team.id,
      categories: input.categoriesOf(team.id, position),
    })),
  );
  const scores: SpeakerScore[] = [];
  const add = (
    teamId: string | null | undefined,
    values: ReadonlyArray<number | undefined>,
    round: number,
  ) => {
    if (!teamId) return;
    values.forEach((score, position) => {
      if (typeof score === 'number') scores.push({ round, speakerId: speakerKey(teamId, position), score });
    });
  };
  for (const room of input.rooms) {
    if (room.positionScores) {
      const seats = [room.affTeamId, room.negTeamId, room.cgTeamId, room.coTeamId];
      BP_POSITION_IDS.forEach((position, at) =>
        add(seats[at], room.positionScores![position] ?? [], room.round),
      );
      continue;
    }
    for (const bench of ['aff', 'neg'] as const) {
      const sheets = room.ballots.flatMap((ballot) => (ballot ? [ballot[bench]] : []));
      if (sheets.length === 0) continue;
      const width = Math.max(...sheets.map((sheet) => sheet.length));
      const averaged = Array.from({ length: width }, (_, position) => {
        const given = sheets.flatMap((sheet) =>
          typeof sheet[position] === 'number' ? [sheet[position]] : [],
        );
        return given.length ? round2(given.reduce((sum, value) => sum + value, 0) / given.length) : undefined;
      });
      add(bench === 'aff' ? room.affTeamId : room.negTeamId, averaged, room.round);
    }
  }
  // A speaker's scores only where they are a member (a reply speech past the list is not a speaker).
  const known = new Set(speakers.map((speaker) => speaker.id));
  const counted = scores.filter((score) => known.has(score.speakerId));
  const teams = new Map(input.teams.map((team) => [team.id, team]));
  const perRound = new Map<string, Array<number | null>>();
  for (const score of counted) {
    const row = perRound.get(score.speakerId) ?? Array.from({ length: input.rounds }, () => null);
    row[score.round] = score.score;
    perRound.set(score.speakerId, row);
  }
  const table = (slug: string | null, name: string): SpeakerTabTable => ({
    slug,
    name,
    rows: speakerTab(speakers, counted, undefined, {
      ...(slug ? { category: slug } : {}),
      minimumRounds: 1,
    }).map((row) => {
      const team = teams.get(row.teamId)!;
      const position = Number(row.speakerId.slice(row.speakerId.lastIndexOf('#') + 1));
      return {
        rank: row.rank,
        tied: row.tied,
        name: team.members[position] ?? '',
        teamId: team.id,
        teamName: team.name,
        school: team.school,
        scores: perRound.get(row.speakerId) ?? [],
        rounds: row.rounds,
        total: round2(row.total),
        average: round2(row.average),
        stdev: round2(row.stdev),
      };
    }),
  });
  return [table(null, ''), ...input.categories.map((category) => table(category.slug, category.name))];
}

/** What the 辩手榜 tab receives: the public sees it once the tournament is over, staff always. */
export interface SpeakerTabView {
  /** Whether the caller may see the tab now (false: `tables` is empty). */
  visible: boolean;
  /** The preliminary rounds' names, in order (the columns of `scores`). */
  rounds: string[];
  tables: SpeakerTabTable[];
}
