import { describe, expect, it } from 'vitest';
import { motionStatistics } from './motions';

describe('motion statistics', () => {
  it('counts side wins per motion (two-team) and average points per position (BP)', () => {
    const stats = motionStatistics([
      { motionId: 'm1', positionPoints: [1, 0] },
      { motionId: 'm2', positionPoints: [0, 1] },
      { motionId: 'm1', positionPoints: [1, 0] },
      { motionId: 'm1', positionPoints: [0, 1] },
      { motionId: 'bp', positionPoints: [3, 2, 1, 0] },
      { motionId: 'bp', positionPoints: [0, 1, 2, 3] },
    ]);
    expect(stats.map((s) => [s.motionId, s.rooms, s.positionPoints])).toEqual([
      ['m1', 3, [2, 1]],
      ['m2', 1, [0, 1]],
      ['bp', 2, [3, 3, 3, 3]],
    ]);
    expect(stats[0]!.averages[0]).toBeCloseTo(2 / 3);
    expect(stats[2]!.averages).toEqual([1.5, 1.5, 1.5, 1.5]);
  });
});
