/**
 * Swiss power pairing for two-team rooms: brackets by points, pull-ups into odd brackets,
 * pairing within brackets, one-up-one-down swaps against repeat meetings and institution
 * clashes, then sides by balance. See docs/decisions/034-tab-engine.md.
 */
import { shuffled } from '../prng';
import type { DrawResult, DrawRoom, DrawTeam, HistoryIndex, HistoryRound } from './types';
import { indexHistory, metBefore } from './types';

/** Which team of the next bracket down fills an odd bracket. */
export type PullupRule = 'top' | 'bottom' | 'random' | 'highestRanked' | 'lowestRanked';
/** How a bracket is paired: 1 v k+1 (slide), 1 v 2k (fold), or at random. */
export type BracketPairing = 'slide' | 'fold' | 'random';

export interface PowerPairOptions {
  pullup?: PullupRule;
  pairing?: BracketPairing;
  avoidHistory?: boolean;
  avoidInstitution?: boolean;
}

/** Penalties of a pairing; a repeat meeting outweighs any institution clash or side issue. */
export const HISTORY_PENALTY = 1000;
export const INSTITUTION_PENALTY = 10;
export const SIDE_PENALTY = 1;

/** Context shared by the pairing steps. */
export interface PairingContext {
  byId: Map<string, DrawTeam>;
  index: HistoryIndex;
  avoidHistory: boolean;
  avoidInstitution: boolean;
}

/** Aff minus neg appearances of a team so far. */
export function sideImbalance(index: HistoryIndex, team: string): number {
  const [aff = 0, neg = 0] = index.positions.get(team) ?? [];
  return aff - neg;
}

/** How bad it is to put `a` and `b` in one room. 0 is a clean pairing. */
export function pairCost(context: PairingContext, a: string, b: string): number {
  let cost = 0;
  if (context.avoidHistory) cost += HISTORY_PENALTY * metBefore(context.index, a, b);
  const ia = context.byId.get(a)?.institution ?? null;
  if (context.avoidInstitution && ia !== null && ia === context.byId.get(b)?.institution) {
    cost += INSTITUTION_PENALTY;
  }
  const sa = sideImbalance(context.index, a);
  const sb = sideImbalance(context.index, b);
  if (sa !== 0 && Math.sign(sa) === Math.sign(sb)) cost += SIDE_PENALTY;
  return cost;
}

/** Teams grouped by points, best bracket first, standings order kept inside each. */
export function brackets(teams: readonly DrawTeam[]): DrawTeam[][] {
  const byPoints = new Map<number, DrawTeam[]>();
  for (const team of teams) byPoints.set(team.points, [...(byPoints.get(team.points) ?? []), team]);
  return [...byPoints.keys()].sort((x, y) => y - x).map((points) => byPoints.get(points)!);
}

/** The index in `candidates` of the team to pull up under `rule`. */
export function choosePullup(
  candidates: readonly DrawTeam[],
  rule: PullupRule,
  index: HistoryIndex,
  random: () => number,
): number {
  if (rule === 'top') return 0;
  if (rule === 'bottom') return candidates.length - 1;
  if (rule === 'random') return Math.floor(random() * candidates.length);
  // Ranked rules pick among the teams pulled up the fewest times so far.
  const fewest = Math.min(...candidates.map((team) => index.pullups.get(team.id) ?? 0));
  const eligible = candidates.flatMap((team, at) =>
    (index.pullups.get(team.id) ?? 0) === fewest ? [at] : [],
  );
  return rule === 'highestRanked' ? eligible[0]! : eligible[eligible.length - 1]!;
}

/**
 * Brackets made even by pull-ups, `groupSize` at a time (2 for two-team rooms, 4 for BP):
 * each short bracket takes teams from the next bracket down, chosen by `rule`.
 */
export function resolveBrackets(
  teams: readonly DrawTeam[],
  groupSize: number,
  rule: PullupRule,
  index: HistoryIndex,
  random: () => number,
): Array<{ level: number; teams: DrawTeam[]; pullups: Set<string> }> {
  const groups = brackets(teams).map((bracket) => ({
    level: bracket[0]!.points,
    teams: [...bracket],
    pullups: new Set<string>(),
  }));
  for (let at = 0; at < groups.length; at += 1) {
    const group = groups[at]!;
    let below = at + 1;
    while (group.teams.length % groupSize !== 0 && below < groups.length) {
      const source = groups[below]!;
      if (source.teams.length === 0) {
        below += 1;
        continue;
      }
      const [team] = source.teams.splice(choosePullup(source.teams, rule, index, random), 1);
      group.teams.push(team!);
      group.pullups.add(team!.id);
    }
  }
  return groups.filter((group) => group.teams.length > 0);
}

/** Pairs a bracket of even size. */
function pairBracket(
  teams: readonly DrawTeam[],
  pairing: BracketPairing,
  random: () => number,
): Array<[string, string]> {
  const ids =
    pairing === 'random'
      ? shuffled(
          teams.map((team) => team.id),
          random,
        )
      : teams.map((team) => team.id);
  const half = ids.length / 2;
  const pairs: Array<[string, string]> = [];
  for (let at = 0; at < half; at += 1) {
    pairs.push([ids[at]!, pairing === 'fold' ? ids[ids.length - 1 - at]! : ids[half + at]!]);
  }
  return pairs;
}

/**
 * Chooses non-adjacent swaps with the largest total gain (dynamic programming over the
 * list of adjacent-swap gains), as one-up-one-down does.
 */
export function bestNonAdjacent(gains: readonly number[]): number[] {
  const best = new Array<number>(gains.length + 1).fill(0);
  for (let at = 0; at < gains.length; at += 1) {
    const take = (at >= 1 ? best[at - 1]! : 0) + gains[at]!;
    best[at + 1] = gains[at]! > 0 && take > best[at]! ? take : best[at]!;
  }
  const chosen: number[] = [];
  for (let at = gains.length; at >= 1;) {
    if (best[at] !== best[at - 1]) {
      chosen.unshift(at - 1);
      at -= 2;
    } else at -= 1;
  }
  return chosen;
}

/** One-up-one-down: swaps the second teams of adjacent rooms where that lowers the cost. */
export function oneUpOneDown(pairs: Array<[string, string]>, context: PairingContext): void {
  for (let pass = 0; pass < 4; pass += 1) {
    const gains = pairs.slice(0, -1).map(([a, b], at) => {
      const [c, d] = pairs[at + 1]!;
      return (
        pairCost(context, a, b) + pairCost(context, c, d) - pairCost(context, a, d) - pairCost(context, c, b)
      );
    });
    const swaps = bestNonAdjacent(gains);
    if (swaps.length === 0) return;
    for (const at of swaps) {
      const upper = pairs[at]!;
      const lower = pairs[at + 1]!;
      [upper[1], lower[1]] = [lower[1], upper[1]];
    }
  }
}

/**
 * A wider repair for what one-up-one-down leaves: for each room costing at least `minimum`,
 * the best swap of one of its teams with a team of another room, nearest rooms first
 * (only rooms of the same bracket when `sameBracket`).
 */
export function repairConflicts(
  pairs: Array<[string, string]>,
  context: PairingContext,
  minimum = INSTITUTION_PENALTY,
  sameBracket = false,
): void {
  const cost = (pair: readonly [string, string]) => pairCost(context, pair[0], pair[1]);
  const bracket = (pair: readonly [string, string]) =>
    Math.max(context.byId.get(pair[0])?.points ?? 0, context.byId.get(pair[1])?.points ?? 0);
  for (let at = 0; at < pairs.length; at += 1) {
    if (cost(pairs[at]!) < minimum) continue;
    type Swap = { gain: number; other: number; mine: 0 | 1; theirs: 0 | 1 };
    const found: Swap[] = [];
    const bestSoFar = (): Swap | undefined => found[found.length - 1];
    for (let distance = 1; distance < pairs.length; distance += 1) {
      for (const other of [at - distance, at + distance]) {
        if (other < 0 || other >= pairs.length) continue;
        if (sameBracket && bracket(pairs[other]!) !== bracket(pairs[at]!)) continue;
        const mineRoom = pairs[at]!;
        const theirRoom = pairs[other]!;
        const before = cost(mineRoom) + cost(theirRoom);
        for (const mine of [0, 1] as const) {
          for (const theirs of [0, 1] as const) {
            const a: [string, string] = [...mineRoom];
            const b: [string, string] = [...theirRoom];
            [a[mine], b[theirs]] = [b[theirs], a[mine]];
            const gain = before - cost(a) - cost(b);
            if (gain > (bestSoFar()?.gain ?? 0)) found.push({ gain, other, mine, theirs });
          }
        }
      }
      // Take the nearest clean fix; look further only while nothing removes the clash.
      if ((bestSoFar()?.gain ?? 0) >= minimum) break;
    }
    const best = bestSoFar();
    if (!best) continue;
    const a = pairs[at]!;
    const b = pairs[best.other]!;
    [a[best.mine], b[best.theirs]] = [b[best.theirs], a[best.mine]];
  }
}

/**
 * Sides for a pair: the team that has been aff fewer times is aff; if equal, teams that met
 * before swap their last sides; else the team that was neg last time is aff; else at random.
 */
export function allocateSides(
  a: string,
  b: string,
  index: HistoryIndex,
  random: () => number,
): [string, string] {
  const affA = index.positions.get(a)?.[0] ?? 0;
  const affB = index.positions.get(b)?.[0] ?? 0;
  if (affA !== affB) return affA < affB ? [a, b] : [b, a];
  const lastFirst = index.lastMeeting.get(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  if (lastFirst !== undefined) return lastFirst === a ? [b, a] : [a, b];
  const lastA = index.last.get(a)?.position;
  const lastB = index.last.get(b)?.position;
  if (lastA !== undefined && lastB !== undefined && lastA !== lastB) return lastA === 1 ? [a, b] : [b, a];
  return random() < 0.5 ? [a, b] : [b, a];
}

/** The team to sit out when the count is odd: lowest ranked among those with fewest byes. */
export function chooseBye(teams: readonly DrawTeam[], index: HistoryIndex): string | null {
  if (teams.length % 2 === 0) return null;
  const fewest = Math.min(...teams.map((team) => index.byes.get(team.id) ?? 0));
  return [...teams].reverse().find((team) => (index.byes.get(team.id) ?? 0) === fewest)!.id;
}

/** Finishes paired rooms: swaps, repairs, sides, pull-up flags. */
export function finishTwoTeamRooms(
  pairs: Array<[string, string]>,
  context: PairingContext,
  random: () => number,
  swaps: boolean,
): DrawRoom[] {
  if (swaps && (context.avoidHistory || context.avoidInstitution)) {
    oneUpOneDown(pairs, context);
    repairConflicts(pairs, context);
    repairConflicts(pairs, context, SIDE_PENALTY, true);
  }
  return pairs.map(([a, b]) => {
    const teams = allocateSides(a, b, context.index, random);
    const points = teams.map((id) => context.byId.get(id)?.points ?? 0);
    const top = Math.max(...points);
    return {
      teams,
      bracket: top,
      pullups: teams.filter((_, at) => points[at]! < top),
    };
  });
}

/** A power-paired (Swiss) round for two-team rooms. `teams` in standings order. */
export function powerPair(
  teams: readonly DrawTeam[],
  history: readonly HistoryRound[],
  options: PowerPairOptions,
  random: () => number,
): DrawResult {
  const index = indexHistory(history, 2);
  const bye = chooseBye(teams, index);
  const playing = teams.filter((team) => team.id !== bye);
  const groups = resolveBrackets(playing, 2, options.pullup ?? 'top', index, random);
  const pairs = groups.flatMap((group) => pairBracket(group.teams, options.pairing ?? 'slide', random));
  const context: PairingContext = {
    byId: new Map(teams.map((team) => [team.id, team])),
    index,
    avoidHistory: options.avoidHistory ?? true,
    avoidInstitution: options.avoidInstitution ?? true,
  };
  return { rooms: finishTwoTeamRooms(pairs, context, random, true), byes: bye ? [bye] : [] };
}
