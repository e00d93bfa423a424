import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceBracket, bracketSize, buildBracket, playableNodes, seedOrder } from './bracket';
import { assignJudges, judgeCanSit } from './judge-assignment';
import { drawPools, drawSides, roundRobin } from './round-robin';

const teamIds = (count: number) => Array.from({ length: count }, (_, index) => `t${index + 1}`);
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('round robin within a pool', () => {
  it('plays every pair exactly once, nobody twice in a round or against itself, one bye per round for odd pools', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), (count) => {
        const teams = teamIds(count);
        const rounds = roundRobin(teams);
        expect(rounds).toHaveLength(count % 2 === 0 ? count - 1 : count);
        const pairs = new Map<string, number>();
        for (const round of rounds) {
          const seen = new Set<string>();
          for (const { a, b } of round.pairings) {
            expect(a).not.toBe(b);
            expect(seen.has(a) || seen.has(b)).toBe(false);
            seen.add(a);
            seen.add(b);
            pairs.set(pairKey(a, b), (pairs.get(pairKey(a, b)) ?? 0) + 1);
          }
          if (count % 2 === 1) {
            expect(round.bye).not.toBeNull();
            expect(seen.has(round.bye!)).toBe(false);
            expect(seen.size).toBe(count - 1);
          } else {
            expect(round.bye).toBeNull();
            expect(seen.size).toBe(count);
          }
        }
        expect(pairs.size).toBe((count * (count - 1)) / 2);
        expect([...pairs.values()].every((times) => times === 1)).toBe(true);
        if (count % 2 === 1) expect(new Set(rounds.map((round) => round.bye)).size).toBe(count);
      }),
    );
  });
});

describe('pool draw', () => {
  const field = fc.integer({ min: 2, max: 40 }).chain((count) =>
    fc.tuple(
      fc.constant(count),
      fc.integer({ min: 1, max: Math.max(1, Math.floor(count / 2)) }),
      fc.array(fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }), {
        minLength: count,
        maxLength: count,
      }),
      fc.string({ minLength: 1, maxLength: 12 }),
    ),
  );

  it('puts every team in exactly one pool, sizes within one, and the same seed gives the same pools', () => {
    fc.assert(
      fc.property(field, ([count, poolCount, seeds, seed]) => {
        const teams = teamIds(count).map((id, index) => ({ id, seed: seeds[index] ?? null }));
        const pools = drawPools(teams, poolCount, seed);
        expect(pools).toHaveLength(poolCount);
        expect(pools.flat().sort()).toEqual(teamIds(count).sort());
        const sizes = pools.map((pool) => pool.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(drawPools([...teams].reverse(), poolCount, seed)).toEqual(pools);
      }),
    );
  });

  it('spreads the top seeds over different pools', () => {
    const teams = teamIds(8).map((id, index) => ({ id, seed: index < 2 ? index + 1 : null }));
    const pools = drawPools(teams, 2, 'x');
    expect(pools.findIndex((pool) => pool.includes('t1'))).not.toBe(
      pools.findIndex((pool) => pool.includes('t2')),
    );
  });
});

describe('side draw', () => {
  it('gives each pairing one 正方 and one 反方, is deterministic by seed, and never makes the team with more 正方 so far 正方 again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        (count, seed) => {
          const history = new Map<string, { aff: number; neg: number }>();
          const balance = (team: string) => (history.get(team)?.aff ?? 0) - (history.get(team)?.neg ?? 0);
          for (const [index, round] of roundRobin(teamIds(count)).entries()) {
            const sided = drawSides(round.pairings, `${seed}:${index}`, history);
            expect(drawSides(round.pairings, `${seed}:${index}`, history)).toEqual(sided);
            sided.forEach((pair, position) => {
              const { a, b } = round.pairings[position]!;
              expect(new Set([pair.aff, pair.neg])).toEqual(new Set([a, b]));
              expect(balance(pair.aff)).toBeLessThanOrEqual(balance(pair.neg));
            });
            for (const pair of sided) {
              for (const [team, side] of [
                [pair.aff, 'aff'],
                [pair.neg, 'neg'],
              ] as const) {
                const tally = history.get(team) ?? { aff: 0, neg: 0 };
                history.set(team, { ...tally, [side]: tally[side] + 1 });
              }
            }
          }
        },
      ),
    );
  });
});

describe('judge assignment', () => {
  const scenario = fc.record({
    fixtures: fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
      minLength: 1,
      maxLength: 8,
    }),
    judges: fc.array(
      fc.record({ conflicts: fc.subarray([0, 1, 2, 3, 4, 5]), load: fc.integer({ min: 0, max: 4 }) }),
      { maxLength: 20 },
    ),
    perFixture: fc.integer({ min: 1, max: 3 }),
  });

  it('never seats a conflicted judge or one judge twice, and reports exactly the fixtures left short', () => {
    fc.assert(
      fc.property(scenario, ({ fixtures, judges, perFixture }) => {
        const fx = fixtures.map(([a, b], index) => ({ id: `f${index}`, schoolKeys: [`s${a}`, `s${b}`] }));
        const js = judges.map((judge, index) => ({
          id: `j${index}`,
          conflicts: judge.conflicts.map((school) => `s${school}`),
          load: judge.load,
        }));
        const { judgesByFixture, shortfalls } = assignJudges(fx, js, perFixture);
        const seated = [...judgesByFixture.values()].flat();
        expect(new Set(seated).size).toBe(seated.length);
        for (const fixture of fx) {
          const chosen = judgesByFixture.get(fixture.id)!;
          expect(chosen.length).toBeLessThanOrEqual(perFixture);
          for (const id of chosen)
            expect(
              judgeCanSit(
                js.find((judge) => judge.id === id)!,
                fixture.schoolKeys,
              ),
            ).toBe(true);
          const short = shortfalls.find((entry) => entry.fixtureId === fixture.id);
          expect(short !== undefined).toBe(chosen.length < perFixture);
          if (short) expect(short.assigned).toBe(chosen.length);
        }
        expect(assignJudges(fx, js, perFixture)).toEqual({ judgesByFixture, shortfalls });
      }),
    );
  });

  it('fills every fixture when there are enough unconflicted judges', () => {
    const fixtures = [0, 1, 2].map((index) => ({ id: `f${index}`, schoolKeys: [`s${index}`, 'sX'] }));
    const judges = Array.from({ length: 9 }, (_, index) => ({
      id: `j${index}`,
      conflicts: index < 3 ? ['sX'] : [],
      load: 0,
    }));
    expect(assignJudges(fixtures, judges, 2).shortfalls).toEqual([]);
    // Six eligible judges for nine seats: every room gets two (no room is left empty).
    const tight = assignJudges(fixtures, judges, 3);
    expect(tight.shortfalls.map((shortfall) => shortfall.assigned)).toEqual([2, 2, 2]);
    expect(tight.shortfalls[0]!.reason).toContain('回避');
  });

  it('seats a chair in every room before second judges, the best-rated chairs in the most important rooms', () => {
    const fixtures = [0, 1, 2, 3].map((index) => ({
      id: `f${index}`,
      schoolKeys: [`a${index}`, `b${index}`],
      importance: index === 2 ? 5 : index === 0 ? 3 : 0,
    }));
    const judges = Array.from({ length: 6 }, (_, index) => ({
      id: `j${index}`,
      conflicts: [],
      load: 0,
      rating: index,
    }));
    const { judgesByFixture, shortfalls } = assignJudges(fixtures, judges, 2);
    expect(judgesByFixture.get('f2')![0]).toBe('j5');
    expect(judgesByFixture.get('f0')![0]).toBe('j4');
    expect([...judgesByFixture.values()].map((panel) => panel.length).sort()).toEqual([1, 1, 2, 2]);
    // The two second judges sit in the two most important rooms.
    expect(judgesByFixture.get('f2')).toHaveLength(2);
    expect(judgesByFixture.get('f0')).toHaveLength(2);
    expect(shortfalls).toHaveLength(2);
  });
});

describe('knockout bracket', () => {
  it('seeds 1 v 8, 4 v 5, 2 v 7, 3 v 6', () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('places every team once, gives the byes to the top seeds, and carries winners to a single champion', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.infiniteStream(fc.boolean()), (count, coins) => {
        const teams = teamIds(count);
        let nodes = buildBracket(teams);
        const size = bracketSize(count);
        const first = nodes.filter((node) => node.round === 1);
        expect(first).toHaveLength(size / 2);
        expect(
          first
            .flatMap((node) => node.teamIds)
            .filter(Boolean)
            .sort(),
        ).toEqual([...teams].sort());
        const byes = first.filter((node) => node.bye);
        expect(byes).toHaveLength(size - count);
        expect(byes.map((node) => node.winnerTeamId).sort()).toEqual(teams.slice(0, size - count).sort());
        const winners = new Map<string, string>();
        const flips = coins[Symbol.iterator]();
        for (let guard = 0; guard < 64; guard += 1) {
          const playable = playableNodes(nodes);
          if (playable.length === 0) break;
          for (const node of playable) winners.set(node.id, node.teamIds[flips.next().value ? 0 : 1]!);
          nodes = advanceBracket(nodes, winners);
          for (const node of nodes) {
            if (node.round === 1) continue;
            const feeders = nodes.filter((feeder) => feeder.nextNodeId === node.id);
            expect(feeders).toHaveLength(2);
            for (const feeder of feeders) expect(node.teamIds[feeder.nextSlot!]).toBe(feeder.winnerTeamId);
          }
        }
        const final = nodes.find((node) => node.nextNodeId === null)!;
        expect(final.round).toBe(Math.log2(size));
        expect(teams).toContain(final.winnerTeamId);
        const finalists = new Set(
          nodes.filter((node) => node.winnerTeamId && !node.bye).map((node) => node.winnerTeamId),
        );
        expect(finalists.has(final.winnerTeamId)).toBe(true);
      }),
    );
  });

  it('clears what depended on a corrected result', () => {
    let nodes = buildBracket(teamIds(4));
    nodes = advanceBracket(
      nodes,
      new Map([
        ['r1-0', 't1'],
        ['r1-1', 't2'],
        ['r2-0', 't1'],
      ]),
    );
    expect(nodes.find((node) => node.id === 'r2-0')!.winnerTeamId).toBe('t1');
    nodes = advanceBracket(
      nodes,
      new Map([
        ['r1-0', 't4'],
        ['r1-1', 't2'],
        ['r2-0', 't1'],
      ]),
    );
    const final = nodes.find((node) => node.id === 'r2-0')!;
    expect(final.teamIds).toEqual(['t4', 't2']);
    expect(final.winnerTeamId).toBeNull();
  });
});
