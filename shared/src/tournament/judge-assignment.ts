/**
 * Judges onto a round's fixtures: never a judge with a conflict (their school against either
 * team's), never one judge in two fixtures of the round, the fewest-used judges first, panels
 * spread so that every room gets a chair before any gets a second judge, and the best-rated
 * chairs in the most important rooms. What cannot be filled is reported per fixture, never
 * silently left short.
 */
import type { JudgeShortfall } from './tournament.view';

/** A fixture needing judges: the school keys of its two teams ('' when none). */
export interface AssignmentFixture {
  id: string;
  schoolKeys: readonly string[];
  /** Judges already placed by hand (kept, checked like the others). */
  judgeIds?: readonly string[];
  /** Trainees placed by hand: kept where they are, so never seated in another room. */
  traineeIds?: readonly string[];
  /** How much the room matters (a power-paired room's bracket): higher gets judges first. */
  importance?: number;
}

/** A judge available this round. */
export interface AssignmentJudge {
  id: string;
  conflicts: readonly string[];
  /** Fixtures judged so far in the tournament (spreads the load). */
  load: number;
  /** The adjudication core's rating (higher is better); chairs are chosen by it. */
  rating?: number;
}

/** The result: judges per fixture id, and the fixtures left short with why. */
export interface JudgeAssignment {
  judgesByFixture: Map<string, string[]>;
  shortfalls: JudgeShortfall[];
}

/** True when `judge` may judge a fixture between schools `schoolKeys`. */
export function judgeCanSit(
  judge: Pick<AssignmentJudge, 'conflicts'>,
  schoolKeys: readonly string[],
): boolean {
  return !schoolKeys.some((key) => key !== '' && judge.conflicts.includes(key));
}

/**
 * Assigns `perFixture` judges to every fixture, one seat at a time: every room gets its chair
 * before any room gets a second judge, so scarce judges make smaller panels, not empty rooms.
 * Rooms choose by importance (higher first), then the most constrained (fewest eligible judges)
 * first. A chair is the best-rated free eligible judge, ties by least load; other seats take the
 * least-loaded, ties by rating. Remaining ties by id, so the result is deterministic.
 */
export function assignJudges(
  fixtures: readonly AssignmentFixture[],
  judges: readonly AssignmentJudge[],
  perFixture: number,
): JudgeAssignment {
  const byId = new Map(judges.map((judge) => [judge.id, judge]));
  const used = new Set<string>();
  const judgesByFixture = new Map<string, string[]>();
  const shortfalls: JudgeShortfall[] = [];
  const eligible = (fixture: AssignmentFixture) =>
    judges.filter((judge) => judgeCanSit(judge, fixture.schoolKeys));

  // Trainees stay in their rooms (placed by hand only) and take no seat elsewhere.
  for (const fixture of fixtures) for (const id of fixture.traineeIds ?? []) used.add(id);
  // Hand-placed judges first: kept when allowed, so the automatic pass works around them.
  for (const fixture of fixtures) {
    const kept = (fixture.judgeIds ?? []).filter((id) => {
      const judge = byId.get(id);
      return judge !== undefined && !used.has(id) && judgeCanSit(judge, fixture.schoolKeys);
    });
    kept.forEach((id) => used.add(id));
    judgesByFixture.set(fixture.id, kept);
  }
  const order = [...fixtures].sort(
    (x, y) =>
      (y.importance ?? 0) - (x.importance ?? 0) ||
      eligible(x).length - eligible(y).length ||
      (x.id < y.id ? -1 : 1),
  );
  const rating = (judge: AssignmentJudge) => judge.rating ?? 0;
  for (let seat = 0; seat < perFixture; seat += 1) {
    for (const fixture of order) {
      const chosen = judgesByFixture.get(fixture.id)!;
      if (chosen.length > seat) continue;
      const [best] = eligible(fixture)
        .filter((judge) => !used.has(judge.id))
        .sort(
          (x, y) =>
            (seat === 0
              ? rating(y) - rating(x) || x.load - y.load
              : x.load - y.load || rating(y) - rating(x)) || (x.id < y.id ? -1 : 1),
        );
      if (!best) continue;
      chosen.push(best.id);
      used.add(best.id);
    }
  }
  for (const fixture of order) {
    const chosen = judgesByFixture.get(fixture.id)!;
    if (chosen.length < perFixture) {
      const conflicted = judges.length - eligible(fixture).length;
      shortfalls.push({
        fixtureId: fixture.id,
        needed: perFixture,
        assigned: chosen.length,
        reason:
          conflicted > 0
            ? `评委不足：需要 ${perFixture} 位，只安排了 ${chosen.length} 位（${conflicted} 位评委与参赛学校有回避关系）`
            : `评委不足：需要 ${perFixture} 位，只安排了 ${chosen.length} 位`,
      });
    }
  }
  return { judgesByFixture, shortfalls };
}
