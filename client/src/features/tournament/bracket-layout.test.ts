import { describe, expect, it } from 'vitest';
import {
  championOf,
  DEFAULT_BRACKET_METRICS,
  layoutBracket,
  type BracketMatch,
  type BracketRound,
} from './bracket-layout';

const M = DEFAULT_BRACKET_METRICS;

function match(
  id: string,
  top: string | null,
  bottom: string | null,
  extra: Partial<BracketMatch> = {},
): BracketMatch {
  return { id, top: { name: top }, bottom: { name: bottom }, status: 'scheduled', ...extra };
}

/** A full bracket of `teams` (a power of two) with placeholder rounds after the first. */
function bracketOf(teams: number): BracketRound[] {
  const rounds: BracketRound[] = [];
  for (let size = teams / 2, r = 0; size >= 1; size /= 2, r += 1) {
    rounds.push({
      id: `r${r}`,
      name: `R${r}`,
      matches: Array.from({ length: size }, (_, i) =>
        match(`r${r}m${i}`, r === 0 ? `T${2 * i}` : null, r === 0 ? `T${2 * i + 1}` : null),
      ),
    });
  }
  return rounds;
}

const centre = (y: number) => y + M.matchHeight / 2;

describe('layoutBracket', () => {
  it('draws nothing for no rounds', () => {
    expect(layoutBracket([])).toMatchObject({ width: 0, height: 0, matches: [], connectors: [] });
  });

  it('draws a two-team final as one box and no lines', () => {
    const geometry = layoutBracket(bracketOf(2));
    expect(geometry.matches).toHaveLength(1);
    expect(geometry.connectors).toHaveLength(0);
    expect(geometry.width).toBe(M.matchWidth);
    expect(geometry.height).toBe(M.headerHeight + M.matchHeight);
  });

  it.each([4, 8, 16, 32])('centres every later match between its two feeders (%i teams)', (teams) => {
    const rounds = bracketOf(teams);
    const geometry = layoutBracket(rounds);
    expect(geometry.matches).toHaveLength(teams - 1);
    expect(geometry.connectors).toHaveLength(teams - 2);
    const at = (r: number, i: number) =>
      geometry.matches.find((m) => m.roundIndex === r && m.matchIndex === i)!;
    for (let r = 1; r < rounds.length; r += 1) {
      rounds[r]!.matches.forEach((_, i) => {
        expect(centre(at(r, i).y)).toBeCloseTo(
          (centre(at(r - 1, 2 * i).y) + centre(at(r - 1, 2 * i + 1).y)) / 2,
        );
        expect(at(r, i).x).toBe(r * (M.matchWidth + M.columnGap));
      });
    }
    // No two boxes of a column overlap.
    for (const column of rounds.map((_, r) => geometry.matches.filter((m) => m.roundIndex === r))) {
      column.slice(1).forEach((box, i) => expect(box.y).toBeGreaterThanOrEqual(column[i]!.y + M.matchHeight));
    }
  });

  it('follows explicit feeders (byes skipped in a six-team bracket)', () => {
    // Six teams: seeds 1 and 2 have byes; two first-round matches feed the semi-finals.
    const rounds: BracketRound[] = [
      { id: 'qf', name: '四分之一决赛', matches: [match('q1', '3', '6'), match('q2', '4', '5')] },
      {
        id: 'sf',
        name: '半决赛',
        matches: [
          match('s1', '1', null, { from: [null, 'q2'] }),
          match('s2', '2', null, { from: [null, 'q1'] }),
        ],
      },
      { id: 'f', name: '决赛', matches: [match('f', null, null, { from: ['s1', 's2'] })] },
    ];
    const geometry = layoutBracket(rounds);
    const byId = (id: string) => geometry.matches.find((m) => m.match.id === id)!;
    expect(geometry.connectors.map((c) => `${c.fromId}>${c.toId}`)).toEqual([
      'q2>s1',
      'q1>s2',
      's1>f',
      's2>f',
    ]);
    // s1 is fed by q2 alone; it sits level with it, and s2 below it without overlap.
    expect(byId('s1').y).toBe(byId('q2').y);
    expect(byId('s2').y).toBeGreaterThanOrEqual(byId('s1').y + M.matchHeight);
    expect(centre(byId('f').y)).toBeCloseTo((centre(byId('s1').y) + centre(byId('s2').y)) / 2);
  });

  it('marks a line decided once the winner has reached the next match', () => {
    const rounds: BracketRound[] = [
      {
        id: 'sf',
        name: '半决赛',
        matches: [
          match('a', 'A', 'B', { status: 'finished', top: { name: 'A', winner: true } }),
          match('b', 'C', 'D'),
        ],
      },
      { id: 'f', name: '决赛', matches: [match('f', 'A', null)] },
    ];
    expect(layoutBracket(rounds).connectors.map((c) => c.decided)).toEqual([true, false]);
  });
});

describe('championOf', () => {
  it('is the winner of a finished final only', () => {
    const final = (status: BracketMatch['status']) => [
      {
        id: 'f',
        name: '决赛',
        matches: [match('f', 'A', 'B', { status, bottom: { name: 'B', winner: true } })],
      },
    ];
    expect(championOf(final('finished'))).toBe('B');
    expect(championOf(final('live'))).toBeNull();
    expect(championOf([])).toBeNull();
  });
});
