/**
 * The tab engine's shared vocabulary: teams as a draw sees them, the history of past rounds,
 * and rooms. Pure data; every function in this folder is deterministic given its `random`.
 */

/** A team as the draw sees it, passed in standings order (best first). */
export interface DrawTeam {
  id: string;
  /** Institution id, for conflict avoidance; null when unaffiliated. */
  institution: string | null;
  /** Wins (two-team formats) or team points (BP) so far: the bracket. */
  points: number;
  /** Pool id, for round robin in pools. */
  poolId?: string | null;
}

/** One past room: team ids in position order ([aff, neg] or [OG, OO, CG, CO]). */
export interface HistoryRoom {
  teams: readonly string[];
  /** Teams that were pulled up into this room. */
  pullups?: readonly string[];
}

/** One past round's rooms, oldest round first; `byes` sat out. */
export interface HistoryRound {
  rooms: readonly HistoryRoom[];
  byes?: readonly string[];
}

/** A drawn room: team ids in position order, its bracket, the teams pulled up into it. */
export interface DrawRoom {
  teams: string[];
  /** The bracket's points (power pairing); null for random and round robin draws. */
  bracket: number | null;
  pullups: string[];
}

/** A drawn round: rooms in rank order (top room first) and teams without a room. */
export interface DrawResult {
  rooms: DrawRoom[];
  byes: string[];
}

/** What past rounds say about teams: meetings, positions held, pull-ups, byes. */
export interface HistoryIndex {
  /** Times `a` and `b` met (key from `pairKey`). */
  meetings: Map<string, number>;
  /** Times each team held each position (index = position). */
  positions: Map<string, number[]>;
  /** Position each team held in its latest room, with that room's opponents. */
  last: Map<string, { position: number; teams: readonly string[] }>;
  /** For each pair that met, the team in the earlier position at their latest meeting. */
  lastMeeting: Map<string, string>;
  pullups: Map<string, number>;
  byes: Map<string, number>;
}

/** A key for an unordered pair of team ids. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** Indexes `history` for rooms of `roomSize` positions. */
export function indexHistory(history: readonly HistoryRound[], roomSize: number): HistoryIndex {
  const index: HistoryIndex = {
    meetings: new Map(),
    positions: new Map(),
    last: new Map(),
    lastMeeting: new Map(),
    pullups: new Map(),
    byes: new Map(),
  };
  for (const round of history) {
    for (const room of round.rooms) {
      room.teams.forEach((team, position) => {
        const counts = index.positions.get(team) ?? new Array<number>(roomSize).fill(0);
        if (position < roomSize) counts[position] = (counts[position] ?? 0) + 1;
        index.positions.set(team, counts);
        index.last.set(team, { position, teams: room.teams });
        for (const other of room.teams.slice(position + 1)) {
          const key = pairKey(team, other);
          index.meetings.set(key, (index.meetings.get(key) ?? 0) + 1);
          index.lastMeeting.set(key, team);
        }
      });
      for (const team of room.pullups ?? []) index.pullups.set(team, (index.pullups.get(team) ?? 0) + 1);
    }
    for (const team of round.byes ?? []) index.byes.set(team, (index.byes.get(team) ?? 0) + 1);
  }
  return index;
}

/** Times `a` and `b` have met. */
export function metBefore(index: HistoryIndex, a: string, b: string): number {
  return index.meetings.get(pairKey(a, b)) ?? 0;
}
