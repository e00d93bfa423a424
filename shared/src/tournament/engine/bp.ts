/**
 * British Parliamentary rooms (OG, OO, CG, CO): power-paired brackets of four with pull-ups,
 * positions given by an assignment (Hungarian algorithm) that minimises each team's
 * position cost, then same-position swaps between rooms against repeat meetings.
 */
import { munkres } from 'munkres';
import { shuffled } from '../prng';
import { pairCost, resolveBrackets } from './swiss';
import type { PairingContext, PullupRule } from './swiss';
import type { DrawResult, DrawRoom, DrawTeam, HistoryIndex, HistoryRound } from './types';
import { indexHistory } from './types';

export const BP_POSITIONS = ['OG', 'OO', 'CG', 'CO'] as const;
export type BpPosition = (typeof BP_POSITIONS)[number];

/** Team points for a BP room's ranking (first to fourth): 3-2-1-0. */
export function bpPoints(rankedTeamIds: readonly string[]): Map<string, number> {
  return new Map(rankedTeamIds.map((id, rank) => [id, 3 - rank]));
}

/**
 * The cost of giving `position` to a team that has held positions `counts` times:
 * n·(2 − H) with H the Shannon entropy (bits) of its positions after this round, n the
 * rounds; 0 when a team's positions are spread evenly, growing with imbalance.
 */
export function positionCost(counts: readonly number[], position: number): number {
  const after = [0, 1, 2, 3].map((at) => (counts[at] ?? 0) + (at === position ? 1 : 0));
  const total = after.reduce((sum, count) => sum + count, 0);
  const entropy = after.reduce(
    (sum, count) => (count === 0 ? sum : sum - (count / total) * Math.log2(count / total)),
    0,
  );
  return (2 - entropy) * total;
}

export interface BpOptions {
  pullup?: PullupRule;
  avoidHistory?: boolean;
  avoidInstitution?: boolean;
  /** Costs are raised to this power, so one very unbalanced team outweighs several mild ones. */
  exponent?: number;
}

/** Rooms for `teams` (a multiple of four) with positions by minimum total position cost. */
export function assignPositions(
  teams: readonly DrawTeam[],
  index: HistoryIndex,
  exponent: number,
  random: () => number,
): DrawTeam[][] {
  // Pre-shuffled so that teams of equal cost land in varied rooms, reproducibly.
  const order = shuffled(teams, random);
  const costs = order.map((team) => {
    const counts = index.positions.get(team.id) ?? [0, 0, 0, 0];
    const perPosition = [0, 1, 2, 3].map((position) => positionCost(counts, position) ** exponent);
    return order.map((_, column) => perPosition[column % 4]!);
  });
  const rooms: DrawTeam[][] = Array.from({ length: teams.length / 4 }, () => []);
  for (const [row, column] of munkres(costs)) rooms[Math.floor(column / 4)]![column % 4] = order[row]!;
  return rooms;
}

function roomCost(context: PairingContext, room: readonly DrawTeam[]): number {
  let cost = 0;
  for (let i = 0; i < room.length; i += 1) {
    for (let j = i + 1; j < room.length; j += 1) cost += pairCost(context, room[i]!.id, room[j]!.id);
  }
  return cost;
}

/** Swaps teams holding the same position between rooms of a bracket where meetings drop. */
export function swapSamePositions(rooms: DrawTeam[][], context: PairingContext): void {
  for (let pass = 0; pass < 3; pass += 1) {
    let improved = false;
    for (let r = 0; r < rooms.length; r += 1) {
      if (roomCost(context, rooms[r]!) === 0) continue;
      for (let s = 0; s < rooms.length; s += 1) {
        if (s === r) continue;
        for (let position = 0; position < 4; position += 1) {
          const mine = rooms[r]!;
          const theirs = rooms[s]!;
          const before = roomCost(context, mine) + roomCost(context, theirs);
          [mine[position], theirs[position]] = [theirs[position]!, mine[position]!];
          if (roomCost(context, mine) + roomCost(context, theirs) < before) improved = true;
          else [mine[position], theirs[position]] = [theirs[position]!, mine[position]!];
        }
      }
    }
    if (!improved) return;
  }
}

/** A power-paired BP round: rooms of four in standings order of their brackets. */
export function bpPowerPair(
  teams: readonly DrawTeam[],
  history: readonly HistoryRound[],
  options: BpOptions,
  random: () => number,
): DrawResult {
  if (teams.length % 4 !== 0) {
    throw new Error(`英议（BP）每间四队：队伍数须为 4 的倍数，现在是 ${teams.length} 队`);
  }
  const index = indexHistory(history, 4);
  const context: PairingContext = {
    byId: new Map(teams.map((team) => [team.id, team])),
    index,
    avoidHistory: options.avoidHistory ?? true,
    avoidInstitution: options.avoidInstitution ?? true,
  };
  const rooms: DrawRoom[] = [];
  for (const group of resolveBrackets(teams, 4, options.pullup ?? 'bottom', index, random)) {
    const groupRooms = assignPositions(group.teams, index, options.exponent ?? 4, random);
    swapSamePositions(groupRooms, context);
    for (const room of groupRooms) {
      rooms.push({
        teams: room.map((team) => team.id),
        bracket: group.level,
        pullups: room.filter((team) => group.pullups.has(team.id)).map((team) => team.id),
      });
    }
  }
  return { rooms, byes: [] };
}

/** A random BP round: random rooms of four, positions by the same assignment. */
export function bpRandom(
  teams: readonly DrawTeam[],
  history: readonly HistoryRound[],
  options: BpOptions,
  random: () => number,
): DrawResult {
  const flat = teams.map((team) => ({ ...team, points: 0 }));
  const result = bpPowerPair(flat, history, options, random);
  return { rooms: result.rooms.map((room) => ({ ...room, bracket: null, pullups: [] })), byes: [] };
}
