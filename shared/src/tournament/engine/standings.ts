/**
 * The team standings and the speaker tab for a Swiss or BP tournament: totals, averages and
 * standard deviations, ranked by a configurable tie-break order; equal rows share a rank.
 * Per break category by passing its id: only its teams, ranked among themselves.
 */

/** One team's result in one round. */
export interface TeamRoundResult {
  round: number;
  teamId: string;
  /** Team points earned: 1/0 for a win/loss, 3-2-1-0 in BP. */
  points: number;
  won: boolean;
  /** Judges' ballots (票) won, when a panel decided. */
  votes?: number;
  /** Place in a BP room, 1 (first) to 4. */
  place?: number;
  opponents: readonly string[];
}

/** One speaker's score in one round. */
export interface SpeakerScore {
  round: number;
  speakerId: string;
  score: number;
}

export interface TabTeam {
  id: string;
  categories?: readonly string[];
}

export interface TabSpeaker {
  id: string;
  teamId: string;
  categories?: readonly string[];
}

/** Team metrics, each higher-is-better. `drawStrength`: the sum of opponents' points. */
export type TeamMetric =
  'points' | 'wins' | 'votes' | 'speakerTotal' | 'speakerAverage' | 'drawStrength' | 'firsts' | 'seconds';
/** Speaker metrics: totals and averages higher-is-better, `stdev` lower-is-better (consistency). */
export type SpeakerMetric = 'total' | 'average' | 'stdev';

export const DEFAULT_TEAM_ORDER: readonly TeamMetric[] = ['points', 'speakerTotal', 'drawStrength'];
export const DEFAULT_SPEAKER_ORDER: readonly SpeakerMetric[] = ['total', 'average', 'stdev'];

export interface TeamStanding {
  teamId: string;
  metrics: Record<TeamMetric, number>;
  rank: number;
  /** Equal to another row on every metric of the order. */
  tied: boolean;
}

export interface SpeakerStanding {
  speakerId: string;
  teamId: string;
  rounds: number;
  total: number;
  average: number;
  stdev: number;
  rank: number;
  tied: boolean;
}

/** Population standard deviation. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
}

/** Sorts `rows` by `keys` (each higher-is-better), stable on input order; equal rows share a rank. */
export function rankRows<T>(
  rows: readonly T[],
  keys: ReadonlyArray<(row: T) => number>,
): Array<{ row: T; rank: number; tied: boolean }> {
  const compare = (x: T, y: T) => {
    for (const key of keys) {
      const diff = key(y) - key(x);
      if (Math.abs(diff) > 1e-9) return diff;
    }
    return 0;
  };
  const sorted = rows.map((row, at) => ({ row, at })).sort((x, y) => compare(x.row, y.row) || x.at - y.at);
  return sorted.map(({ row }, at) => {
    let first = at;
    while (first > 0 && compare(sorted[first - 1]!.row, row) === 0) first -= 1;
    const tied =
      (at > 0 && compare(sorted[at - 1]!.row, row) === 0) ||
      (at + 1 < sorted.length && compare(sorted[at + 1]!.row, row) === 0);
    return { row, rank: first + 1, tied };
  });
}

function inCategory(categories: readonly string[] | undefined, category: string | undefined): boolean {
  return category === undefined || (categories ?? []).includes(category);
}

/** The team standings. Teams equal on every metric keep their order in `teams`. */
export function teamStandings(
  teams: readonly TabTeam[],
  results: readonly TeamRoundResult[],
  scores: readonly SpeakerScore[],
  speakers: readonly TabSpeaker[],
  order: readonly TeamMetric[] = DEFAULT_TEAM_ORDER,
  category?: string,
): TeamStanding[] {
  const zero = (): Record<TeamMetric, number> => ({
    points: 0,
    wins: 0,
    votes: 0,
    speakerTotal: 0,
    speakerAverage: 0,
    drawStrength: 0,
    firsts: 0,
    seconds: 0,
  });
  const metrics = new Map(teams.map((team) => [team.id, zero()]));
  for (const result of results) {
    const row = metrics.get(result.teamId);
    if (!row) continue;
    row.points += result.points;
    row.wins += result.won ? 1 : 0;
    row.votes += result.votes ?? 0;
    if (result.place === 1) row.firsts += 1;
    if (result.place === 2) row.seconds += 1;
  }
  for (const result of results) {
    const row = metrics.get(result.teamId);
    if (row) for (const opponent of result.opponents) row.drawStrength += metrics.get(opponent)?.points ?? 0;
  }
  const teamOf = new Map(speakers.map((speaker) => [speaker.id, speaker.teamId]));
  const roundScores = new Map<string, number>();
  for (const score of scores) {
    const teamId = teamOf.get(score.speakerId);
    const row = teamId === undefined ? undefined : metrics.get(teamId);
    if (!row) continue;
    row.speakerTotal += score.score;
    const key = `${teamId}\u0000${score.round}`;
    roundScores.set(key, (roundScores.get(key) ?? 0) + score.score);
  }
  const roundsScored = new Map<string, number>();
  for (const key of roundScores.keys()) {
    const teamId = key.split('\u0000')[0]!;
    roundsScored.set(teamId, (roundsScored.get(teamId) ?? 0) + 1);
  }
  for (const [teamId, row] of metrics) {
    const rounds = roundsScored.get(teamId) ?? 0;
    row.speakerAverage = rounds === 0 ? 0 : row.speakerTotal / rounds;
  }
  const rows = teams
    .filter((team) => inCategory(team.categories, category))
    .map((team) => ({ teamId: team.id, metrics: metrics.get(team.id)! }));
  return rankRows(
    rows,
    order.map((metric) => (row: (typeof rows)[number]) => row.metrics[metric]),
  ).map(({ row, rank, tied }) => ({ ...row, rank, tied }));
}

/**
 * The speaker tab. Speakers with fewer than `minimumRounds` scores are left out (as tabs do
 * for averages); `stdev` ranks lower-is-better.
 */
export function speakerTab(
  speakers: readonly TabSpeaker[],
  scores: readonly SpeakerScore[],
  order: readonly SpeakerMetric[] = DEFAULT_SPEAKER_ORDER,
  options: { category?: string; minimumRounds?: number } = {},
): SpeakerStanding[] {
  const byId = new Map<string, number[]>();
  for (const score of scores) byId.set(score.speakerId, [...(byId.get(score.speakerId) ?? []), score.score]);
  const rows = speakers
    .filter((speaker) => inCategory(speaker.categories, options.category))
    .map((speaker) => {
      const values = byId.get(speaker.id) ?? [];
      const total = values.reduce((sum, value) => sum + value, 0);
      return {
        speakerId: speaker.id,
        teamId: speaker.teamId,
        rounds: values.length,
        total,
        average: values.length === 0 ? 0 : total / values.length,
        stdev: standardDeviation(values),
      };
    })
    .filter((row) => row.rounds >= (options.minimumRounds ?? 0));
  const keys = order.map(
    (metric) => (row: (typeof rows)[number]) => (metric === 'stdev' ? -row.stdev : row[metric]),
  );
  return rankRows(rows, keys).map(({ row, rank, tied }) => ({ ...row, rank, tied }));
}
