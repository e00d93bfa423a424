/**
 * Where each match box of a knockout bracket sits and how the connecting lines run, as pure
 * geometry (no DOM): the bracket component draws boxes at these positions and the lines as one
 * SVG. Works for any number of rounds; a match of a later round is centred on the matches that
 * feed it (its `from` ids, else positions 2j and 2j+1 of the round before), so byes and uneven
 * rounds still line up.
 */

/** One side of a bracket match as the bracket draws it. */
export interface BracketSlot {
  /** Team name; null while the slot waits for a winner (待定). */
  name: string | null;
  seed?: number | null;
  /** What to show after the name (votes, e.g. 3). */
  score?: string | null;
  winner?: boolean;
  /** This slot is a bye (轮空): the other side advances without a debate. */
  bye?: boolean;
}

/** One match of the bracket. */
export interface BracketMatch {
  id: string;
  top: BracketSlot;
  bottom: BracketSlot;
  status: 'scheduled' | 'live' | 'finished';
  /** Ids of the matches in the previous round whose winners play here (top, bottom). */
  from?: readonly (string | null)[];
  /** Where clicking the match leads (its timer), if anywhere. */
  href?: string | null;
}

/** One round (column) of the bracket. */
export interface BracketRound {
  id: string;
  name: string;
  matches: BracketMatch[];
}

/** Sizes of the drawing, in CSS pixels. */
export interface BracketMetrics {
  matchWidth: number;
  matchHeight: number;
  /** Vertical gap between two matches of the first round. */
  matchGap: number;
  /** Horizontal gap between two rounds (where the lines run). */
  columnGap: number;
  /** Space above the boxes for the round names. */
  headerHeight: number;
}

export const DEFAULT_BRACKET_METRICS: BracketMetrics = {
  matchWidth: 220,
  matchHeight: 72,
  matchGap: 20,
  columnGap: 56,
  headerHeight: 36,
};

/** A placed match box. */
export interface PlacedMatch {
  roundIndex: number;
  matchIndex: number;
  match: BracketMatch;
  x: number;
  y: number;
}

/** A connecting line from a feeder's right edge to the fed match's left edge. */
export interface BracketConnector {
  fromId: string;
  toId: string;
  /** SVG path data: across, down or up, across. */
  d: string;
  /** The feeder's winner has reached the fed match (drawn highlighted). */
  decided: boolean;
}

/** The whole drawing. */
export interface BracketGeometry {
  width: number;
  height: number;
  columns: { name: string; x: number }[];
  matches: PlacedMatch[];
  connectors: BracketConnector[];
}

/** The feeders of match `j` of a round: its `from` ids when given, else 2j and 2j+1 of the previous round. */
function feederIndexes(match: BracketMatch, matchIndex: number, previous: BracketRound): number[] {
  if (match.from && match.from.length > 0) {
    return match.from
      .map((id) => (id === null ? -1 : previous.matches.findIndex((m) => m.id === id)))
      .filter((index) => index >= 0);
  }
  return [2 * matchIndex, 2 * matchIndex + 1].filter((index) => index < previous.matches.length);
}

/** Lays out a bracket; an empty list of rounds gives an empty drawing. */
export function layoutBracket(
  rounds: readonly BracketRound[],
  metrics: BracketMetrics = DEFAULT_BRACKET_METRICS,
): BracketGeometry {
  const { matchWidth, matchHeight, matchGap, columnGap, headerHeight } = metrics;
  const placed: PlacedMatch[][] = [];
  const connectors: BracketConnector[] = [];
  let bottom = headerHeight;

  rounds.forEach((round, roundIndex) => {
    const x = roundIndex * (matchWidth + columnGap);
    const column: PlacedMatch[] = [];
    const previous = roundIndex > 0 ? rounds[roundIndex - 1] : undefined;
    const previousPlaced = roundIndex > 0 ? placed[roundIndex - 1]! : [];
    // The lowest y the next box of this column may take (boxes never overlap).
    let floor = headerHeight;
    round.matches.forEach((match, matchIndex) => {
      const feeders = previous ? feederIndexes(match, matchIndex, previous) : [];
      const centres = feeders.map((index) => previousPlaced[index]!.y + matchHeight / 2);
      const wanted =
        centres.length > 0 ? (Math.min(...centres) + Math.max(...centres)) / 2 - matchHeight / 2 : floor;
      const y = Math.max(wanted, floor);
      column.push({ roundIndex, matchIndex, match, x, y });
      floor = y + matchHeight + matchGap;
      for (const index of feeders) {
        const from = previousPlaced[index]!;
        const x1 = from.x + matchWidth;
        const y1 = from.y + matchHeight / 2;
        const x2 = x;
        const y2 = y + matchHeight / 2;
        const xm = x1 + columnGap / 2;
        const winnerName = from.match.top.winner
          ? from.match.top.name
          : from.match.bottom.winner
            ? from.match.bottom.name
            : null;
        connectors.push({
          fromId: from.match.id,
          toId: match.id,
          d: `M ${x1} ${y1} H ${xm} V ${y2} H ${x2}`,
          decided: winnerName !== null && (match.top.name === winnerName || match.bottom.name === winnerName),
        });
      }
    });
    bottom = Math.max(bottom, floor - matchGap);
    placed.push(column);
  });

  const width = rounds.length === 0 ? 0 : rounds.length * matchWidth + (rounds.length - 1) * columnGap;
  return {
    width,
    height: rounds.length === 0 ? 0 : bottom,
    columns: rounds.map((round, index) => ({ name: round.name, x: index * (matchWidth + columnGap) })),
    matches: placed.flat(),
    connectors,
  };
}

/** The bracket's champion: the winner of the last round's only match, once decided. */
export function championOf(rounds: readonly BracketRound[]): string | null {
  const last = rounds.at(-1);
  if (!last || last.matches.length !== 1) return null;
  const final = last.matches[0]!;
  if (final.status !== 'finished') return null;
  return final.top.winner ? final.top.name : final.bottom.winner ? final.bottom.name : null;
}
