/**
 * Standings per pool from confirmed results: wins, ballots (票) won, speaker points and
 * head-to-head, ordered by the tournament's tie-break list. Deterministic: teams equal on
 * every criterion are placed by name, then id, and marked `tied`.
 */
import type { SideId } from '../formats/format.schema';
import type { TieBreak } from './tournament.schema';
import type { StandingsRow } from './tournament.view';

/** A team as standings need it. */
export interface StandingsTeam {
  id: string;
  name: string;
  poolId: string | null;
}

/** A confirmed result of a pool fixture. */
export interface StandingsResult {
  affTeamId: string;
  negTeamId: string;
  winner: SideId;
  votes: { aff: number; neg: number };
  /** Speaker points per side, when scored. */
  speakerPoints: { aff: number; neg: number } | null;
}

interface Tally {
  team: StandingsTeam;
  played: number;
  wins: number;
  losses: number;
  ballotsWon: number;
  ballotsLost: number;
  speakerPoints: number;
  scored: boolean;
}

function tally(teams: readonly StandingsTeam[], results: readonly StandingsResult[]): Map<string, Tally> {
  const tallies = new Map(
    teams.map((team) => [
      team.id,
      { team, played: 0, wins: 0, losses: 0, ballotsWon: 0, ballotsLost: 0, speakerPoints: 0, scored: false },
    ]),
  );
  for (const result of results) {
    for (const side of ['aff', 'neg'] as const) {
      const row = tallies.get(side === 'aff' ? result.affTeamId : result.negTeamId);
      if (!row) continue;
      const other = side === 'aff' ? 'neg' : 'aff';
      row.played += 1;
      if (result.winner === side) row.wins += 1;
      else row.losses += 1;
      row.ballotsWon += result.votes[side];
      row.ballotsLost += result.votes[other];
      row.speakerPoints += result.speakerPoints?.[side] ?? 0;
      if (result.speakerPoints) row.scored = true;
    }
  }
  return tallies;
}

/** Wins of `teamId` against the other members of `group`. */
function headToHeadWins(
  teamId: string,
  group: ReadonlySet<string>,
  results: readonly StandingsResult[],
): number {
  let wins = 0;
  for (const result of results) {
    if (!group.has(result.affTeamId) || !group.has(result.negTeamId)) continue;
    const winner = result.winner === 'aff' ? result.affTeamId : result.negTeamId;
    if (winner === teamId) wins += 1;
  }
  return wins;
}

function byName(x: Tally, y: Tally): number {
  return (
    x.team.name.localeCompare(y.team.name, 'zh-CN') ||
    (x.team.id < y.team.id ? -1 : x.team.id > y.team.id ? 1 : 0)
  );
}

/**
 * Orders a group of tallies by the criteria in turn: each criterion splits the group into
 * tiers (higher first) and only ties go on to the next. Head-to-head counts wins among the
 * tied teams only, so it is always meaningful for the group it breaks.
 */
function order(
  group: Tally[],
  criteria: readonly TieBreak[],
  results: readonly StandingsResult[],
): Array<{ tally: Tally; tied: boolean }> {
  if (group.length === 1) return [{ tally: group[0]!, tied: false }];
  const [criterion, ...rest] = criteria;
  if (criterion === undefined) return group.sort(byName).map((tally, index) => ({ tally, tied: index > 0 }));
  const members = new Set(group.map((item) => item.team.id));
  const value = (item: Tally): number => {
    switch (criterion) {
      case 'wins':
        return item.wins;
      case 'ballots':
        return item.ballotsWon;
      case 'speakerPoints':
        return Math.round(item.speakerPoints * 100);
      case 'headToHead':
        return headToHeadWins(item.team.id, members, results);
    }
  };
  const tiers = new Map<number, Tally[]>();
  for (const item of group) tiers.set(value(item), [...(tiers.get(value(item)) ?? []), item]);
  return [...tiers.entries()].sort(([x], [y]) => y - x).flatMap(([, tier]) => order(tier, rest, results));
}

/**
 * Standings of one pool. Only results between teams of the pool count. `tieBreaks` are the
 * tournament's criteria in order (wins first by default).
 */
export function poolStandings(
  teams: readonly StandingsTeam[],
  results: readonly StandingsResult[],
  tieBreaks: readonly TieBreak[],
): StandingsRow[] {
  const ids = new Set(teams.map((team) => team.id));
  const own = results.filter((result) => ids.has(result.affTeamId) && ids.has(result.negTeamId));
  const tallies = tally(teams, own);
  return order([...tallies.values()], tieBreaks, own).map(({ tally: row, tied }, index) => ({
    teamId: row.team.id,
    poolId: row.team.poolId,
    rank: index + 1,
    played: row.played,
    wins: row.wins,
    losses: row.losses,
    ballotsWon: row.ballotsWon,
    ballotsLost: row.ballotsLost,
    speakerPoints: Math.round(row.speakerPoints * 100) / 100,
    scored: row.scored,
    tied,
  }));
}

/**
 * Orders rows from different pools against each other (for seeding the knockout): by the
 * same criteria, head-to-head left out (they have not met), then by name.
 */
export function compareAcrossPools(tieBreaks: readonly TieBreak[], names: ReadonlyMap<string, string>) {
  return (x: StandingsRow, y: StandingsRow): number => {
    for (const criterion of tieBreaks) {
      const diff =
        criterion === 'wins'
          ? y.wins - x.wins
          : criterion === 'ballots'
            ? y.ballotsWon - x.ballotsWon
            : criterion === 'speakerPoints'
              ? y.speakerPoints - x.speakerPoints
              : 0;
      if (diff !== 0) return diff;
    }
    return (
      (names.get(x.teamId) ?? '').localeCompare(names.get(y.teamId) ?? '', 'zh-CN') ||
      (x.teamId < y.teamId ? -1 : 1)
    );
  };
}
