/** Small helpers that keep the built-in library readable: minutes, bells and stage shorthands. */
import type { FormatInput, SideId } from '../format.schema';

/** A stage as written in a format file (before defaults). */
export type StageInput = FormatInput['stages'][number];
/** A bell as written in a format file. */
export type BellInput = NonNullable<Extract<StageInput, { kind: 'single' }>['bells']>[number];

/** m:ss to milliseconds: `mmss(3, 30)` is 3:30. */
export function mmss(minutes: number, seconds = 0): number {
  return (minutes * 60 + seconds) * 1000;
}

/** The note every built-in format carries. */
export const OFFICIAL_RULES_NOTE = '以当届官方规则为准';

/** Chinese default bells: one at 30 s left, two at zero. */
export const CN_BELLS: BellInput[] = [
  { from: 'end', offsetMs: 30_000, count: 1, sound: 'bell' },
  { from: 'end', offsetMs: 0, count: 2, sound: 'bell' },
];

/** Bells at the given elapsed marks: `[[60, 1], [420, 2]]` (seconds, strikes). */
export function bellsAt(marks: ReadonlyArray<readonly [seconds: number, count: number]>): BellInput[] {
  return marks.map(([seconds, count]) => ({ from: 'start', offsetMs: seconds * 1000, count, sound: 'bell' }));
}

/** A cover/intro/results stage with no clock. */
export function none(name: string, text?: string): StageInput {
  return text === undefined ? { kind: 'none', name } : { kind: 'none', name, text };
}

/** Options for a single-clock stage. */
export type SingleOptions = Omit<
  Extract<StageInput, { kind: 'single' }>,
  'kind' | 'name' | 'side' | 'durationMs'
>;

/** One speaker's clock. */
export function single(
  name: string,
  side: SideId | null,
  durationMs: number,
  options: SingleOptions = {},
): StageInput {
  return { kind: 'single', name, side, durationMs, ...options };
}

/** Options for a dual-clock stage. */
export type DualOptions = Omit<Extract<StageInput, { kind: 'dual' }>, 'kind' | 'name' | 'durationMs'>;

/** Two alternating clocks with the same duration per side. */
export function dual(name: string, perSideMs: number, options: DualOptions = {}): StageInput {
  return { kind: 'dual', name, durationMs: { aff: perSideMs, neg: perSideMs }, ...options };
}

/** A prep stage drawing from `poolId`, with the side about to speak first. */
export function prep(poolId: string, firstSide: SideId, name = '准备时间'): StageInput {
  return { kind: 'prep', name, nameEn: 'Prep time', poolId, sides: ['aff', 'neg'], firstSide, bells: [] };
}

/** One row of a US-style speech list: name, side (null = both), minutes, and whether prep may be taken before it. */
export type SpeechRow = readonly [name: string, side: SideId | null, minutes: number, prepBefore: boolean];

/**
 * Speeches with a prep stage inserted before every speech marked `prepBefore` (Policy, LD, PF,
 * Karl Popper): prep is drawn repeatedly from each side's pool.
 */
export function speechesWithPrep(
  rows: readonly SpeechRow[],
  poolId: string,
  options: SingleOptions = {},
): StageInput[] {
  const stages: StageInput[] = [];
  for (const [name, side, minutes, prepBefore] of rows) {
    if (prepBefore) stages.push(prep(poolId, side ?? 'aff'));
    stages.push(single(name, side, mmss(minutes), options));
  }
  return stages;
}
