/**
 * BP elimination rounds: four-team rooms from the break (the tab engine's `seedBpBreak`), the top
 * two of each room advancing, rooms folded (room 1 with the last) until one room, the final, whose
 * first place is the champion. Pure: the hub drafts rounds from it, screens read the champion.
 */
import { BP_POSITION_IDS, type BpRanking } from './bp-rooms';
import { nextEliminationRound } from './engine/break';

/** A BP break must fill rooms of four in every round down to the final: 4, 8, 16, 32 … teams. */
export function bpBreakSizeOk(size: number): boolean {
  if (!Number.isInteger(size) || size < 4 || size % 4 !== 0) return false;
  let rooms = size / 4;
  while (rooms % 2 === 0) rooms /= 2;
  return rooms === 1;
}

/** Why a BP break of `size` teams cannot be played (Chinese), or null when it can. */
export function bpBreakSizeProblem(size: number): string | null {
  if (bpBreakSizeOk(size)) return null;
  return `英议（BP）淘汰赛每间四队、每间前两名晋级，晋级队伍数须为 4、8、16、32…（4 × 2 的幂），现在是 ${size} 队`;
}

/** Elimination rounds a BP break of `size` teams plays (4 → 1, the final; 8 → 2; 16 → 3). */
export function bpEliminationRounds(size: number): number {
  return Math.round(Math.log2(size / 4)) + 1;
}

/** A BP elimination round's name from its number and the round count (16 teams: 四分之一决赛, 半决赛, 决赛). */
export function bpEliminationRoundName(round: number, totalRounds: number): string {
  const left = totalRounds - round;
  if (left === 0) return '决赛';
  if (left === 1) return '半决赛';
  if (left === 2) return '四分之一决赛';
  if (left === 3) return '八分之一决赛';
  return `${4 * 2 ** left} 强赛`;
}

/** A room's teams by position (OG, OO, CG, CO) and its confirmed ranking, if any. */
export interface BpEliminationRoom {
  teams: readonly [string, string, string, string];
  ranking: BpRanking | null;
}

/** The room's teams from first place to fourth; null until it is ranked. */
export function bpRoomPlaces(room: BpEliminationRoom): string[] | null {
  const { ranking } = room;
  if (!ranking) return null;
  return BP_POSITION_IDS.map((position, at) => ({ team: room.teams[at]!, place: ranking[position] }))
    .sort((x, y) => x.place - y.place)
    .map((each) => each.team);
}

/**
 * The rooms of the next elimination round: each room's first and second place advance, rooms
 * folded as the two-team bracket folds winners (room 1 with the last, 2 with the one before …).
 * In a room, the better-placed room's teams first. Null while any room is unranked, and an
 * empty list after the final (one room).
 */
export function nextBpEliminationRound(rooms: readonly BpEliminationRoom[]): string[][] | null {
  const places = rooms.map(bpRoomPlaces);
  if (places.some((each) => each === null)) return null;
  if (rooms.length < 2) return [];
  const advancing = places.map((each) => each!.slice(0, 2));
  return nextEliminationRound(advancing.map((_, at) => String(at))).map((pair) =>
    pair.flatMap((at) => advancing[Number(at)]!),
  );
}

/** The champion: first place of the final (a one-room elimination round), once it is ranked. */
export function bpChampion(finalRooms: readonly BpEliminationRoom[]): string | null {
  if (finalRooms.length !== 1) return null;
  return bpRoomPlaces(finalRooms[0]!)?.[0] ?? null;
}
