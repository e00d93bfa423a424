/**
 * The knockout bracket: seeded so that top seeds meet last (1 v 8, 4 v 5, 2 v 7, 3 v 6), byes
 * to the top seeds when the field is not a power of two, and winners carried into the next
 * node. Pure: the bracket is recomputed from the seeds and the winners recorded so far.
 */
import type { BracketNode } from './tournament.view';

/** Seeds in bracket order for a bracket of `size` (a power of two): 1, size, …, 2, size − 1, … */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** The smallest power of two at least `count` (and at least 2). */
export function bracketSize(count: number): number {
  let size = 2;
  while (size < count) size *= 2;
  return size;
}

/** The id of a node: `r<round>-<index>`. */
export function bracketNodeId(round: number, index: number): string {
  return `r${round}-${index}`;
}

/** zh-CN name of a knockout round by how many teams it has left (决赛, 半决赛, 四分之一决赛, 十六强…). */
export function knockoutRoundName(round: number, totalRounds: number): string {
  const left = 2 ** (totalRounds - round + 1);
  if (left === 2) return '决赛';
  if (left === 4) return '半决赛';
  if (left === 8) return '四分之一决赛';
  return `${left} 强赛`;
}

/**
 * The empty bracket for `seededTeamIds` (best seed first; at least two). Round 1 nodes hold
 * the seeded teams; a node whose lower slot has no team is a bye and its team is already its
 * winner.
 */
export function buildBracket(seededTeamIds: readonly string[]): BracketNode[] {
  if (seededTeamIds.length < 2) return [];
  const size = bracketSize(seededTeamIds.length);
  const order = seedOrder(size);
  const rounds = Math.log2(size);
  const nodes: BracketNode[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const count = size / 2 ** round;
    for (let index = 0; index < count; index += 1) {
      const last = round === rounds;
      const seeds: [number | null, number | null] =
        round === 1 ? [order[index * 2]!, order[index * 2 + 1]!] : [null, null];
      const teamIds: [string | null, string | null] =
        round === 1
          ? [seededTeamIds[seeds[0]! - 1] ?? null, seededTeamIds[seeds[1]! - 1] ?? null]
          : [null, null];
      const bye = round === 1 && (teamIds[0] === null || teamIds[1] === null);
      nodes.push({
        id: bracketNodeId(round, index),
        round,
        index,
        teamIds,
        seeds: round === 1 ? [teamIds[0] ? seeds[0] : null, teamIds[1] ? seeds[1] : null] : seeds,
        bye,
        winnerTeamId: bye ? (teamIds[0] ?? teamIds[1]) : null,
        fixtureId: null,
        nextNodeId: last ? null : bracketNodeId(round + 1, Math.floor(index / 2)),
        nextSlot: last ? null : ((index % 2) as 0 | 1),
      });
    }
  }
  return nodes;
}

/**
 * The bracket with `winners` (node id → winning team id) applied round by round: each node's
 * teams are its feeders' winners; a recorded winner counts only while it is one of the node's
 * teams (a corrected earlier result clears what depended on it).
 */
export function advanceBracket(
  nodes: readonly BracketNode[],
  winners: ReadonlyMap<string, string>,
): BracketNode[] {
  const out = new Map(
    nodes.map((node) => [node.id, { ...node, teamIds: [...node.teamIds] as [string | null, string | null] }]),
  );
  const sorted = [...out.values()].sort((x, y) => x.round - y.round || x.index - y.index);
  for (const node of sorted) {
    if (node.round > 1) {
      const feeders = sorted.filter((feeder) => feeder.nextNodeId === node.id);
      node.teamIds = [null, null];
      for (const feeder of feeders) node.teamIds[feeder.nextSlot!] = feeder.winnerTeamId;
    }
    if (node.bye) {
      node.winnerTeamId = node.teamIds[0] ?? node.teamIds[1];
      continue;
    }
    const recorded = winners.get(node.id) ?? null;
    node.winnerTeamId = recorded !== null && node.teamIds.includes(recorded) ? recorded : null;
  }
  return sorted;
}

/** The nodes ready to be played: both teams known, no winner yet, not a bye. */
export function playableNodes(nodes: readonly BracketNode[]): BracketNode[] {
  return nodes.filter(
    (node) => !node.bye && node.teamIds[0] !== null && node.teamIds[1] !== null && node.winnerTeamId === null,
  );
}
