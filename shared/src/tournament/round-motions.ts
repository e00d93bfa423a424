/**
 * A round's motions: a round may release several (prep by motion, as Australs and BP rounds
 * do), each with a short reference and an info slide. Which motion a room shows, and how the
 * motions fared by side, are read here so that the hub, the console and the public page agree.
 */
import { z } from 'zod';
import { BP_POSITION_IDS, bpPointsForPlace, type BpRanking } from './bp-rooms';
import { motionStatistics, type MotionStats } from './engine/motions';

/** At most this many motions in one round (Tabbycat's rounds release three). */
export const MAX_ROUND_MOTIONS = 5;

const trimmed = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong });

/** One motion as the organizer writes it; `id` keeps an existing motion (and its release). */
export const roundMotionInputSchema = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  reference: trimmed(40, '简称最多 40 个字'),
  text: trimmed(300, '辩题最多 300 个字').min(1, { error: '请填写辩题' }),
  infoSlide: trimmed(2000, '背景资料最多 2000 个字').default(''),
});
export type RoundMotionInput = z.input<typeof roundMotionInputSchema>;

/** A round's whole motion list, in order. */
export const roundMotionsSchema = z
  .array(roundMotionInputSchema)
  .max(MAX_ROUND_MOTIONS, { error: `每轮最多 ${MAX_ROUND_MOTIONS} 个辩题` });

/** What every layer needs of a stored motion. */
export interface MotionLike {
  id: string;
  seq: number;
  reference: string;
  text: string;
  releasedAt: number | null;
}

/** Whether a motion is out (its release time has come). */
export function motionReleased(motion: Pick<MotionLike, 'releasedAt'>, now: number): boolean {
  return motion.releasedAt !== null && motion.releasedAt <= now;
}

/** How a motion reads in a list of several: its reference first when it has one. */
export function motionLabel(motion: Pick<MotionLike, 'reference' | 'text'>): string {
  return motion.reference ? `${motion.reference}：${motion.text}` : motion.text;
}

/**
 * The motion a room debated: the one chosen for it, else the round's only one. Null while the
 * round has several and none is chosen.
 */
export function debatedMotion<M extends MotionLike>(
  motions: readonly M[],
  chosenId: string | null,
): M | null {
  if (chosenId) return motions.find((motion) => motion.id === chosenId) ?? null;
  return motions.length === 1 ? motions[0]! : null;
}

/**
 * What a room's display shows of its round's motions: the debated motion, or every motion of
 * the round (references first) while none is chosen; null when there is none to show. Cut to
 * the display's 300 characters.
 */
export function roomMotionText(motions: readonly MotionLike[], chosenId: string | null): string | null {
  if (motions.length === 0) return null;
  const debated = debatedMotion(motions, chosenId);
  const text = debated ? debated.text : motions.map(motionLabel).join(' ｜ ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** A decided room for the motion statistics: its positions' points in position order. */
export function positionPointsOf(result: { winner: 'aff' | 'neg'; ranking?: BpRanking | null }): number[] {
  if (result.ranking) {
    const ranking = result.ranking;
    return BP_POSITION_IDS.map((position) => bpPointsForPlace(ranking[position]));
  }
  return result.winner === 'aff' ? [1, 0] : [0, 1];
}

/** A room as the motion statistics read it. */
export interface MotionStatsRoom {
  roundId: string;
  chosenMotionId: string | null;
  result: { winner: 'aff' | 'neg'; ranking?: BpRanking | null } | null;
}

/**
 * How each released motion fared: rooms decided on it and wins (two-team) or points (BP) per
 * position. A room counts once its result is confirmed and its motion is known (chosen, or the
 * round's only motion). Motions follow the rounds' order.
 */
export function roundMotionStatistics<M extends MotionLike & { roundId: string | null }>(
  motions: readonly M[],
  rooms: readonly MotionStatsRoom[],
  now: number,
): Array<MotionStats & { motion: M }> {
  const released = motions.filter((motion) => motion.roundId !== null && motionReleased(motion, now));
  const byRound = new Map<string, M[]>();
  for (const motion of released)
    byRound.set(motion.roundId!, [...(byRound.get(motion.roundId!) ?? []), motion]);
  const decided = rooms.flatMap((room) => {
    const motion = room.result ? debatedMotion(byRound.get(room.roundId) ?? [], room.chosenMotionId) : null;
    return motion && room.result
      ? [{ motionId: motion.id, positionPoints: positionPointsOf(room.result) }]
      : [];
  });
  const stats = new Map(motionStatistics(decided).map((row) => [row.motionId, row]));
  return released.map((motion) => ({
    ...(stats.get(motion.id) ?? { motionId: motion.id, rooms: 0, positionPoints: [], averages: [] }),
    motion,
  }));
}
