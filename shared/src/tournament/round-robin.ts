/**
 * The group stage's draw: teams into pools, round robin within each pool, and sides. Pure and
 * deterministic: randomness comes only from a recorded seed.
 */
import type { SideId } from '../formats/format.schema';
import { seededRandom, shuffled } from './prng';

/** One pairing of a round robin round. */
export interface Pairing {
  a: string;
  b: string;
}

/** One round of a pool's round robin: its pairings and the team sitting out (odd pools). */
export interface RoundRobinRound {
  pairings: Pairing[];
  bye: string | null;
}

/**
 * Every pair of `teamIds` exactly once (the circle method): n − 1 rounds for n even, n rounds
 * with one bye each for n odd. Nobody plays twice in a round or plays itself.
 */
export function roundRobin(teamIds: readonly string[]): RoundRobinRound[] {
  if (teamIds.length < 2) return [];
  const BYE = null;
  const slots: Array<string | null> = teamIds.length % 2 === 0 ? [...teamIds] : [...teamIds, BYE];
  const count = slots.length;
  const rounds: RoundRobinRound[] = [];
  for (let round = 0; round < count - 1; round += 1) {
    const pairings: Pairing[] = [];
    let bye: string | null = null;
    for (let index = 0; index < count / 2; index += 1) {
      const home = slots[index] ?? null;
      const away = slots[count - 1 - index] ?? null;
      if (home === null || away === null) bye = home ?? away;
      else pairings.push(round % 2 === 0 ? { a: home, b: away } : { a: away, b: home });
    }
    rounds.push({ pairings, bye });
    // Keep the first slot, rotate the rest clockwise.
    slots.splice(1, 0, slots.pop() ?? null);
  }
  return rounds;
}

/** A team for the pool draw: its id and seed (1 = strongest; null = unseeded). */
export interface DrawTeam {
  id: string;
  seed: number | null;
}

/**
 * Teams into `poolCount` pools with the seeded PRNG: seeded teams are spread like a snake
 * (1, 2, … across, then back), unseeded teams are shuffled and dealt round the pools after
 * them. Pool sizes differ by at most one.
 */
export function drawPools(teams: readonly DrawTeam[], poolCount: number, seed: string): string[][] {
  const random = seededRandom(`pools:${seed}`);
  const seeded = teams
    .filter((team) => team.seed !== null)
    .sort((x, y) => x.seed! - y.seed! || (x.id < y.id ? -1 : 1));
  const unseeded = shuffled(
    teams.filter((team) => team.seed === null).sort((x, y) => (x.id < y.id ? -1 : 1)),
    random,
  );
  const pools: string[][] = Array.from({ length: poolCount }, () => []);
  [...seeded, ...unseeded].forEach((team, index) => {
    const lap = Math.floor(index / poolCount);
    const column = index % poolCount;
    pools[lap % 2 === 0 ? column : poolCount - 1 - column]!.push(team.id);
  });
  return pools;
}

/** A pairing with sides decided. */
export interface SidedPairing {
  aff: string;
  neg: string;
}

/**
 * Sides for each pairing in order: the team that has been 正方 fewer times so far takes 正方;
 * when equal, a coin from the seeded PRNG decides. `history` counts earlier sides per team
 * and is not changed.
 */
export function drawSides(
  pairings: readonly Pairing[],
  seed: string,
  history: ReadonlyMap<string, Record<SideId, number>> = new Map(),
): SidedPairing[] {
  const random = seededRandom(`sides:${seed}`);
  const counts = new Map<string, Record<SideId, number>>();
  const countOf = (id: string) => counts.get(id) ?? history.get(id) ?? { aff: 0, neg: 0 };
  return pairings.map(({ a, b }) => {
    const balanceA = countOf(a).aff - countOf(a).neg;
    const balanceB = countOf(b).aff - countOf(b).neg;
    const coin = random() < 0.5;
    const aIsAff = balanceA === balanceB ? coin : balanceA < balanceB;
    const sided = aIsAff ? { aff: a, neg: b } : { aff: b, neg: a };
    counts.set(sided.aff, { ...countOf(sided.aff), aff: countOf(sided.aff).aff + 1 });
    counts.set(sided.neg, { ...countOf(sided.neg), neg: countOf(sided.neg).neg + 1 });
    return sided;
  });
}
