/**
 * One entry point for every draw kind: `draw(kind, teams, history, options) → rooms`.
 * Two-team rooms (华语, WSDC, Australs) or four-team BP rooms, by `options.roomSize`.
 */
import { shuffled } from '../prng';
import { roundRobin } from '../round-robin';
import { bpPowerPair, bpRandom } from './bp';
import type { BpOptions } from './bp';
import { chooseBye, finishTwoTeamRooms, powerPair } from './swiss';
import type { PairingContext, PowerPairOptions } from './swiss';
import type { DrawResult, DrawTeam, HistoryRound } from './types';
import { indexHistory } from './types';

export type DrawKind = 'random' | 'roundRobin' | 'power';

export interface DrawOptions extends PowerPairOptions, BpOptions {
  /** The seeded generator (see `seededRandom`): the only source of chance. */
  random: () => number;
  /** 2 for two-team rooms, 4 for BP. */
  roomSize?: 2 | 4;
  /** For round robin in pools: which round of the cycle (0-based). */
  roundIndex?: number;
}

/** A random two-team draw, then swaps away repeats and institution clashes, sides balanced. */
export function randomDraw(
  teams: readonly DrawTeam[],
  history: readonly HistoryRound[],
  options: DrawOptions,
): DrawResult {
  const index = indexHistory(history, 2);
  const order = shuffled(teams, options.random);
  const bye = chooseBye(order, index);
  const ids = order.filter((team) => team.id !== bye).map((team) => team.id);
  const pairs: Array<[string, string]> = [];
  for (let at = 0; at + 1 < ids.length; at += 2) pairs.push([ids[at]!, ids[at + 1]!]);
  const context: PairingContext = {
    byId: new Map(teams.map((team) => [team.id, team])),
    index,
    avoidHistory: options.avoidHistory ?? true,
    avoidInstitution: options.avoidInstitution ?? true,
  };
  const rooms = finishTwoTeamRooms(pairs, context, options.random, true);
  return { rooms: rooms.map((room) => ({ ...room, bracket: null, pullups: [] })), byes: bye ? [bye] : [] };
}

/** Round robin in pools: round `roundIndex` of each pool's cycle (circle method). */
export function roundRobinDraw(teams: readonly DrawTeam[], options: DrawOptions): DrawResult {
  const pools = new Map<string, string[]>();
  for (const team of teams) {
    const pool = team.poolId ?? '';
    pools.set(pool, [...(pools.get(pool) ?? []), team.id]);
  }
  const result: DrawResult = { rooms: [], byes: [] };
  for (const ids of pools.values()) {
    const cycle = roundRobin(ids);
    if (cycle.length === 0) {
      result.byes.push(...ids);
      continue;
    }
    const round = cycle[(options.roundIndex ?? 0) % cycle.length]!;
    for (const pairing of round.pairings)
      result.rooms.push({ teams: [pairing.a, pairing.b], bracket: null, pullups: [] });
    if (round.bye) result.byes.push(round.bye);
  }
  return result;
}

/** Draws one round. `teams` in standings order (best first), `history` oldest round first. */
export function draw(
  kind: DrawKind,
  teams: readonly DrawTeam[],
  history: readonly HistoryRound[],
  options: DrawOptions,
): DrawResult {
  const ids = new Set(teams.map((team) => team.id));
  if (ids.size !== teams.length) throw new Error('抽签名单里有重复的队伍');
  if ((options.roomSize ?? 2) === 4) {
    if (kind === 'roundRobin') throw new Error('英议（BP）四队一间，不支持小组循环抽签');
    return kind === 'power'
      ? bpPowerPair(teams, history, options, options.random)
      : bpRandom(teams, history, options, options.random);
  }
  if (kind === 'roundRobin') return roundRobinDraw(teams, options);
  if (kind === 'random') return randomDraw(teams, history, options);
  return powerPair(teams, history, options, options.random);
}
