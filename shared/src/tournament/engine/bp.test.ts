import { describe, expect, it } from 'vitest';
import { seededRandom } from '../prng';
import { bpPoints, bpPowerPair, positionCost } from './bp';
import { draw } from './draw';
import { simulate, simulatedTeams } from './simulate';
import type { DrawTeam, HistoryRound } from './types';
import { indexHistory } from './types';

const team = (id: string, points: number): DrawTeam => ({ id, points, institution: null });

describe('BP rooms', () => {
  it('scores 3-2-1-0', () => {
    expect([...bpPoints(['a', 'b', 'c', 'd'])]).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 1],
      ['d', 0],
    ]);
  });

  it('costs a repeated position more than a new one', () => {
    expect(positionCost([0, 0, 0, 0], 0)).toBe(positionCost([0, 0, 0, 0], 3));
    expect(positionCost([1, 0, 0, 0], 0)).toBeGreaterThan(positionCost([1, 0, 0, 0], 1));
    expect(positionCost([1, 1, 1, 0], 3)).toBe(0);
    expect(positionCost([2, 1, 0, 0], 0)).toBeGreaterThan(positionCost([2, 1, 0, 0], 1));
  });

  it('gives every team every position once over four rounds in one bracket', () => {
    const teams = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => team(id, 0));
    const history: HistoryRound[] = [];
    const random = seededRandom('bp');
    for (let round = 0; round < 4; round += 1) {
      const result = bpPowerPair(teams, history, {}, random);
      expect(result.rooms).toHaveLength(2);
      history.push({ rooms: result.rooms });
    }
    const positions = indexHistory(history, 4).positions;
    for (const t of teams) expect(positions.get(t.id)).toEqual([1, 1, 1, 1]);
  });

  it('swaps same-position teams between rooms so institutions do not share a room', () => {
    for (const seed of ['i1', 'i2', 'i3', 'i4', 'i5']) {
      const teams = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id, at) => ({
        ...team(id, 0),
        institution: `u${at % 4}`,
      }));
      const result = bpPowerPair(teams, [], {}, seededRandom(seed));
      const institution = new Map(teams.map((t) => [t.id, t.institution]));
      for (const room of result.rooms)
        expect(new Set(room.teams.map((id) => institution.get(id))).size).toBe(4);
    }
  });

  it('fills brackets of four with pull-ups by the rule', () => {
    const teams = [
      team('a', 6),
      team('b', 6),
      team('c', 6),
      team('d', 5),
      team('e', 5),
      team('f', 5),
      team('g', 5),
      team('h', 5),
    ];
    const bottom = bpPowerPair(teams, [], { pullup: 'bottom' }, seededRandom('p'));
    expect(bottom.rooms[0]!.pullups).toEqual(['h']);
    expect([...bottom.rooms[0]!.teams].sort()).toEqual(['a', 'b', 'c', 'h']);
    const top = bpPowerPair(teams, [], { pullup: 'top' }, seededRandom('p'));
    expect(top.rooms[0]!.pullups).toEqual(['d']);
    expect(top.rooms.map((room) => room.bracket)).toEqual([6, 5]);
  });

  it('balances positions in a power-paired tournament', () => {
    const teams = simulatedTeams(32, 8, 'bp32');
    const sim = simulate(teams, 4, 'power', { roomSize: 4 }, 'bp32');
    for (const round of sim.rounds) {
      expect(round.rooms).toHaveLength(8);
      expect(new Set(round.rooms.flatMap((room) => room.teams)).size).toBe(32);
    }
    const positions = indexHistory(sim.history, 4).positions;
    // No team holds one position three or more times in four rounds.
    for (const t of teams) expect(Math.max(...positions.get(t.id)!)).toBeLessThanOrEqual(2);
  });

  it('draws random BP rooms and refuses fields not divisible by four (in Chinese)', () => {
    const teams = simulatedTeams(12, 3, 'r');
    const result = draw('random', teams, [], { random: seededRandom('r'), roomSize: 4 });
    expect(result.rooms.map((room) => room.teams.length)).toEqual([4, 4, 4]);
    expect(() => draw('power', teams.slice(1), [], { random: seededRandom('r'), roomSize: 4 })).toThrow(
      '4 的倍数',
    );
    expect(() => draw('roundRobin', teams, [], { random: seededRandom('r'), roomSize: 4 })).toThrow('不支持');
  });
});
