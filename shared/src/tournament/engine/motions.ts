/**
 * Motion statistics: how each side (two-team) or position (BP) fared on each motion, so a tab
 * room can see a motion that favoured one side.
 */

/** One decided room: its motion, and the points each position earned (aff/neg 1/0; BP 3-2-1-0). */
export interface MotionRoomResult {
  motionId: string;
  /** Points by position, in position order ([aff, neg] or [OG, OO, CG, CO]). */
  positionPoints: readonly number[];
}

export interface MotionStats {
  motionId: string;
  rooms: number;
  /** Wins per position for two-team rooms; total points per position for BP. */
  positionPoints: number[];
  /** Average points per position (for BP the usual "average team points" by position). */
  averages: number[];
}

/** Statistics per motion, in order of first appearance. */
export function motionStatistics(results: readonly MotionRoomResult[]): MotionStats[] {
  const byMotion = new Map<string, MotionStats>();
  for (const result of results) {
    const stats = byMotion.get(result.motionId) ?? {
      motionId: result.motionId,
      rooms: 0,
      positionPoints: result.positionPoints.map(() => 0),
      averages: [],
    };
    stats.rooms += 1;
    result.positionPoints.forEach((points, position) => {
      stats.positionPoints[position] = (stats.positionPoints[position] ?? 0) + points;
    });
    byMotion.set(result.motionId, stats);
  }
  return [...byMotion.values()].map((stats) => ({
    ...stats,
    averages: stats.positionPoints.map((points) => points / stats.rooms),
  }));
}
