import { describe, expect, it } from 'vitest';
import {
  bpBreakSizeOk,
  bpBreakSizeProblem,
  bpChampion,
  bpEliminationRoundName,
  bpEliminationRounds,
  bpRoomPlaces,
  nextBpEliminationRound,
  type BpEliminationRoom,
} from './bp-knockout';
import { seedBpBreak } from './engine/break';

/** A room ranked in the order the teams are listed (OG 1st … CO 4th) unless `ranking` says otherwise. */
function room(teams: string[], ranking: BpEliminationRoom['ranking'] = { og: 1, oo: 2, cg: 3, co: 4 }) {
  return { teams: teams as unknown as BpEliminationRoom['teams'], ranking };
}

describe('BP elimination rounds', () => {
  it('accepts breaks of 4 × a power of two, and says why others cannot be played', () => {
    expect([4, 8, 16, 32, 64].every(bpBreakSizeOk)).toBe(true);
    expect([0, 2, 6, 12, 20, 24, 4.5].some(bpBreakSizeOk)).toBe(false);
    expect(bpBreakSizeProblem(8)).toBeNull();
    expect(bpBreakSizeProblem(12)).toContain('现在是 12 队');
    expect([4, 8, 16, 32].map(bpEliminationRounds)).toEqual([1, 2, 3, 4]);
    expect([1, 2, 3].map((round) => bpEliminationRoundName(round, 3))).toEqual([
      '四分之一决赛',
      '半决赛',
      '决赛',
    ]);
    expect(bpEliminationRoundName(1, 5)).toBe('64 强赛');
  });

  it('takes each room’s first and second places and folds the rooms', () => {
    const first = seedBpBreak(Array.from({ length: 16 }, (_, at) => `s${at + 1}`)).map((each) =>
      room(each.teams),
    );
    // Rooms 1/8/9/16, 2/7/10/15, 3/6/11/14, 4/5/12/13: OG and OO advance; room 1 meets room 4.
    expect(nextBpEliminationRound(first)).toEqual([
      ['s1', 's8', 's4', 's5'],
      ['s2', 's7', 's3', 's6'],
    ]);
    // Places, not positions: CO first and CG second advance, in that order.
    const ranked = room(['a', 'b', 'c', 'd'], { og: 3, oo: 4, cg: 2, co: 1 });
    expect(bpRoomPlaces(ranked)).toEqual(['d', 'c', 'a', 'b']);
    expect(nextBpEliminationRound([ranked, room(['e', 'f', 'g', 'h'])])).toEqual([['d', 'c', 'e', 'f']]);
  });

  it('waits for every room, and names the final’s first place champion', () => {
    expect(nextBpEliminationRound([room(['a', 'b', 'c', 'd']), room(['e', 'f', 'g', 'h'], null)])).toBeNull();
    const final = room(['a', 'b', 'c', 'd'], { og: 2, oo: 1, cg: 4, co: 3 });
    expect(nextBpEliminationRound([final])).toEqual([]);
    expect(bpChampion([final])).toBe('b');
    expect(bpChampion([room(['a', 'b', 'c', 'd'], null)])).toBeNull();
    expect(bpChampion([final, final])).toBeNull();
  });
});
