/**
 * The break: who goes on to the elimination rounds, per break category (open, ESL, 新生…),
 * by the standard rule or AIDA's institution-cap rules, and how break rounds are seeded.
 */
import { shuffled } from '../prng';
import type { TeamStanding } from './standings';

/**
 * `standard`: the top `size` eligible teams. `aida1996`: the same after leaving out each
 * institution's teams beyond the cap. `aida2016`: Australs' rule — teams with fewer wins
 * than the natural last breaking team are out; an institution's second and later teams
 * ranked below the natural cut-off, and any beyond the cap, are capped, then capped teams
 * come back in standings order while the break is short.
 */
export type BreakRule = 'standard' | 'aida1996' | 'aida2016';

export interface BreakCategory {
  id: string;
  size: number;
  rule: BreakRule;
  /** Higher breaks first; a team breaks in one category only. */
  priority: number;
  /** Every team is eligible (the open break), not only those listed in it. */
  everyone?: boolean;
  /** Teams per institution for the AIDA rules (default 3). */
  institutionCap?: number;
}

export interface BreakTeam {
  id: string;
  institution: string | null;
  categories: readonly string[];
}

export type BreakExclusion = 'ineligible' | 'differentBreak' | 'capped' | 'belowWins';

export interface BreakResult {
  categoryId: string;
  /** Breaking teams in standings order; `seed` is 1-based. */
  breaking: Array<{ teamId: string; seed: number }>;
  /** Teams ranked above the last breaking team that do not break, and why. */
  excluded: Array<{ teamId: string; reason: BreakExclusion }>;
  /** Teams tied (equal on every tie-break) across the cut-off: ordered by the standings, to review. */
  tiedAtCutoff: string[];
}

function institutionRanks(
  rows: readonly TeamStanding[],
  teams: Map<string, BreakTeam>,
): Map<string, number | null> {
  const seen = new Map<string, number>();
  return new Map(
    rows.map((row) => {
      const institution = teams.get(row.teamId)?.institution ?? null;
      if (institution === null) return [row.teamId, null];
      const rank = (seen.get(institution) ?? 0) + 1;
      seen.set(institution, rank);
      return [row.teamId, rank];
    }),
  );
}

function applyAida2016(eligible: TeamStanding[], size: number, cap: number, teams: Map<string, BreakTeam>) {
  const capped = new Set<string>();
  const belowWins: string[] = [];
  if (eligible.length < size) return { eligible, capped, belowWins };
  const minWins = eligible[size - 1]!.metrics.wins;
  const kept = eligible.filter((row) => {
    if (row.metrics.wins >= minWins) return true;
    belowWins.push(row.teamId);
    return false;
  });
  const cutoffRank = kept[size - 1]!.rank;
  const ranks = institutionRanks(kept, teams);
  for (const row of kept) {
    const institutionRank = ranks.get(row.teamId) ?? null;
    if (institutionRank === null) continue;
    if ((institutionRank > 1 && row.rank > cutoffRank) || institutionRank > cap) capped.add(row.teamId);
  }
  // Reinsert capped teams, a whole tie group at a time, while the break is short.
  let short = size - (kept.length - capped.size);
  const cappedInOrder = kept.filter((row) => capped.has(row.teamId));
  for (let at = 0; short > 0 && at < cappedInOrder.length;) {
    const rank = cappedInOrder[at]!.rank;
    while (at < cappedInOrder.length && cappedInOrder[at]!.rank === rank) {
      capped.delete(cappedInOrder[at]!.teamId);
      short -= 1;
      at += 1;
    }
  }
  return { eligible: kept, capped, belowWins };
}

/** Computes every category's break from the overall standings (best first). */
export function computeBreaks(
  categories: readonly BreakCategory[],
  standings: readonly TeamStanding[],
  teamList: readonly BreakTeam[],
): BreakResult[] {
  const teams = new Map(teamList.map((team) => [team.id, team]));
  const broken = new Set<string>();
  const results: BreakResult[] = [];
  for (const category of [...categories].sort((x, y) => y.priority - x.priority)) {
    const reasons = new Map<string, BreakExclusion>();
    let eligible = standings.filter((row) => {
      const team = teams.get(row.teamId);
      if (!category.everyone && !team?.categories.includes(category.id))
        reasons.set(row.teamId, 'ineligible');
      else if (broken.has(row.teamId)) reasons.set(row.teamId, 'differentBreak');
      else return true;
      return false;
    });
    const cap = category.institutionCap ?? 3;
    if (category.rule === 'aida1996') {
      const ranks = institutionRanks(eligible, teams);
      eligible = eligible.filter((row) => {
        if ((ranks.get(row.teamId) ?? 0) <= cap) return true;
        reasons.set(row.teamId, 'capped');
        return false;
      });
    } else if (category.rule === 'aida2016') {
      const applied = applyAida2016(eligible, category.size, cap, teams);
      for (const id of applied.belowWins) reasons.set(id, 'belowWins');
      for (const id of applied.capped) reasons.set(id, 'capped');
      eligible = applied.eligible.filter((row) => !applied.capped.has(row.teamId));
    }
    const breaking = eligible.slice(0, category.size);
    const last = breaking[breaking.length - 1];
    const tiedAtCutoff =
      last && eligible.length > category.size && eligible[category.size]!.rank === last.rank
        ? eligible.filter((row) => row.rank === last.rank).map((row) => row.teamId)
        : [];
    for (const row of breaking) broken.add(row.teamId);
    const lastIndex = last ? standings.indexOf(last) : -1;
    results.push({
      categoryId: category.id,
      breaking: breaking.map((row, at) => ({ teamId: row.teamId, seed: at + 1 })),
      excluded: standings
        .slice(0, Math.max(lastIndex, 0))
        .filter((row) => reasons.has(row.teamId))
        .map((row) => ({ teamId: row.teamId, reason: reasons.get(row.teamId)! })),
      tiedAtCutoff,
    });
  }
  return results;
}

/** A break-round room: team ids in position order and the seeds they hold. */
export interface EliminationRoom {
  teams: string[];
  seeds: number[];
}

/**
 * The first break round, two-team rooms: 1 v N, 2 v N−1 …, higher seed first (sides drawn
 * by `random` when given). When N is not a power of two, a partial round: the top seeds
 * advance directly (`byes`) and the rest fold.
 */
export function seedTwoTeamBreak(
  seeds: readonly string[],
  random?: () => number,
): { rooms: EliminationRoom[]; byes: string[] } {
  let full = 1;
  while (full * 2 <= seeds.length) full *= 2;
  const byeCount = seeds.length === full ? 0 : 2 * full - seeds.length;
  const playing = seeds.slice(byeCount);
  const rooms: EliminationRoom[] = [];
  for (let at = 0; at < playing.length / 2; at += 1) {
    const other = playing.length - 1 - at;
    let teams = [playing[at]!, playing[other]!];
    let numbers = [byeCount + at + 1, byeCount + other + 1];
    if (random && random() < 0.5) {
      teams = teams.reverse();
      numbers = numbers.reverse();
    }
    rooms.push({ teams, seeds: numbers });
  }
  return { rooms, byes: seeds.slice(0, byeCount) };
}

/**
 * The first BP break round: N teams (a multiple of 4) in N/4 rooms, room i holding seeds
 * i, 2R+1−i, 2R+i, 4R+1−i (1/8/9/16, 2/7/10/15 … for 16). Positions drawn by `random` when given.
 */
export function seedBpBreak(seeds: readonly string[], random?: () => number): EliminationRoom[] {
  if (seeds.length % 4 !== 0)
    throw new Error(`英议（BP）淘汰赛每间四队：晋级队伍数须为 4 的倍数，现在是 ${seeds.length} 队`);
  const roomCount = seeds.length / 4;
  return Array.from({ length: roomCount }, (_, room) => {
    const indices = [room, 2 * roomCount - 1 - room, 2 * roomCount + room, 4 * roomCount - 1 - room];
    const order = random ? shuffled(indices, random) : indices;
    return { teams: order.map((at) => seeds[at]!), seeds: order.map((at) => at + 1) };
  });
}

/** The next two-team break round: winners in the previous round's room order, folded (room 1 v room N). */
export function nextEliminationRound(winners: readonly string[]): string[][] {
  return Array.from({ length: Math.floor(winners.length / 2) }, (_, at) => [
    winners[at]!,
    winners[winners.length - 1 - at]!,
  ]);
}
