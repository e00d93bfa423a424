/**
 * A seeded simulated tournament: teams of hidden strength play power-paired rounds. Used by
 * the engine's property and scale tests, and meant for benchmarks. Pure and deterministic.
 */
import { seededRandom } from '../prng';
import { draw } from './draw';
import type { DrawKind, DrawOptions } from './draw';
import type { DrawResult, DrawTeam, HistoryRound } from './types';

export interface SimulatedTeam extends DrawTeam {
  strength: number;
}

export interface Simulation {
  teams: SimulatedTeam[];
  rounds: DrawResult[];
  history: HistoryRound[];
}

/** `count` teams from `institutions` institutions (round-robin assignment), seeded strengths. */
export function simulatedTeams(count: number, institutions: number, seed: string): SimulatedTeam[] {
  const random = seededRandom(`${seed}:teams`);
  return Array.from({ length: count }, (_, at) => ({
    id: `t${String(at + 1).padStart(3, '0')}`,
    institution: `i${at % institutions}`,
    points: 0,
    strength: random(),
  }));
}

/** Standings order for drawing: points, then id (a stand-in for speaker points). */
function ordered(teams: readonly SimulatedTeam[]): SimulatedTeam[] {
  return [...teams].sort((x, y) => y.points - x.points || (x.id < y.id ? -1 : 1));
}

/** Plays `rounds` rounds of `kind` draws; the stronger team usually wins (BP: ranks by noisy strength). */
export function simulate(
  teams: readonly SimulatedTeam[],
  rounds: number,
  kind: DrawKind,
  options: Omit<DrawOptions, 'random'>,
  seed: string,
): Simulation {
  const random = seededRandom(seed);
  const current = teams.map((team) => ({ ...team }));
  const byId = new Map(current.map((team) => [team.id, team]));
  const history: HistoryRound[] = [];
  const results: DrawResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const result = draw(kind, ordered(current), history, { ...options, random, roundIndex: round });
    for (const room of result.rooms) {
      const ranked = [...room.teams].sort(
        (x, y) => byId.get(y)!.strength + random() * 0.5 - (byId.get(x)!.strength + random() * 0.5),
      );
      const top = room.teams.length === 4 ? [3, 2, 1, 0] : [1, 0];
      ranked.forEach((id, place) => {
        byId.get(id)!.points += top[place]!;
      });
    }
    results.push(result);
    history.push({
      rooms: result.rooms.map((room) => ({ teams: room.teams, pullups: room.pullups })),
      byes: result.byes,
    });
  }
  return { teams: current, rounds: results, history };
}
