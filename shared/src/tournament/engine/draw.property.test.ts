/** Property tests for the engine's draws over random fields, seeds and options. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../prng';
import { simulate, simulatedTeams } from './simulate';
import { brackets, resolveBrackets } from './swiss';
import type { PullupRule } from './swiss';
import type { DrawTeam } from './types';
import { indexHistory, pairKey } from './types';

const rules: PullupRule[] = ['top', 'bottom', 'random', 'highestRanked', 'lowestRanked'];

describe('engine draw properties', () => {
  it('two-team rounds: each team once, no repeats or clashes while avoidable, sides by balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...rules),
        fc.constantFrom('power' as const, 'random' as const),
        fc.string({ maxLength: 6 }),
        (count, rounds, pullup, kind, seed) => {
          // Avoidable: at least 4 rooms per round more than rounds played, 6+ institutions.
          fc.pre(count >= 4 * rounds + 8);
          const teams = simulatedTeams(count, Math.max(6, Math.floor(count / 4)), seed);
          const sim = simulate(teams, rounds, kind, { pullup }, seed);
          const institution = new Map(teams.map((team) => [team.id, team.institution]));
          const met = new Set<string>();
          sim.rounds.forEach((round, at) => {
            const seen = [...round.rooms.flatMap((room) => room.teams), ...round.byes].sort();
            expect(seen).toEqual(teams.map((team) => team.id).sort());
            expect(round.byes).toHaveLength(count % 2);
            const before = indexHistory(sim.history.slice(0, at), 2).positions;
            for (const room of round.rooms) {
              const [aff, neg] = room.teams as [string, string];
              expect(met.has(pairKey(aff, neg))).toBe(false);
              met.add(pairKey(aff, neg));
              expect(institution.get(aff)).not.toBe(institution.get(neg));
              // The aff team was never aff more often than its opponent before this round.
              expect(before.get(aff)?.[0] ?? 0).toBeLessThanOrEqual(before.get(neg)?.[0] ?? 0);
            }
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('pull-ups fill each odd bracket from the next bracket down, by the rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 40 }),
        fc.constantFrom(...rules),
        fc.constantFrom(2, 4),
        (points, rule, size) => {
          fc.pre(points.length % size === 0);
          const teams: DrawTeam[] = points
            .sort((x, y) => y - x)
            .map((p, at) => ({ id: `t${at}`, points: p, institution: null }));
          const groups = resolveBrackets(teams, size, rule, indexHistory([], size), seededRandom('p'));
          expect(groups.flatMap((group) => group.teams.map((team) => team.id)).sort()).toEqual(
            teams.map((t) => t.id).sort(),
          );
          const original = brackets(teams);
          for (const group of groups) {
            expect(group.teams.length % size).toBe(0);
            for (const id of group.pullups) {
              const team = teams.find((t) => t.id === id)!;
              expect(team.points).toBeLessThan(group.level);
            }
            // Top / bottom take the best / worst ranked teams of the bracket they come from.
            const from = new Map<number, string[]>();
            for (const id of group.pullups) {
              const p = teams.find((t) => t.id === id)!.points;
              from.set(p, [...(from.get(p) ?? []), id]);
            }
            for (const [p, ids] of from) {
              const source = original.find((bracket) => bracket[0]!.points === p)!.map((t) => t.id);
              const positions = ids.map((id) => source.indexOf(id)).sort((x, y) => x - y);
              if (rule === 'top' || rule === 'highestRanked')
                expect(positions).toEqual(positions.map((_, i) => i));
              if (rule === 'bottom' || rule === 'lowestRanked') {
                expect(positions).toEqual(positions.map((_, i) => source.length - positions.length + i));
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
