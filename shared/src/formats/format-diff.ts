/**
 * What a format edit changes, stage by stage, so the organizer reads exactly that before it
 * applies: stages added, removed, retimed or otherwise changed, and the format's own facts.
 * Stages are paired by name (a longest common subsequence), so inserting one stage reports one
 * addition, not every later stage as changed.
 */
import type { Format, SideId, Stage } from './format.schema';
import { stageClockSpecs } from './stage-clocks';

/** The clock durations of a stage, by side ('none' for a neutral clock); null where a clock has none. */
export type StageDurations = readonly { side: SideId | 'none'; durationMs: number | null }[];

/** One change a format edit makes. Indices are 0-based; `name` is the stage's (new) name. */
export type FormatChange =
  | { type: 'added'; index: number; name: string; durations: StageDurations }
  | { type: 'removed'; index: number; name: string }
  | { type: 'retimed'; index: number; name: string; from: StageDurations; to: StageDurations }
  | { type: 'changed'; index: number; name: string }
  | { type: 'moved'; from: number; to: number; name: string }
  | { type: 'facts'; what: 'name' | 'sides' | 'pools' | 'timeouts' };

function durationsOf(stage: Stage): StageDurations {
  return stageClockSpecs(stage).map((spec) => ({ side: spec.side ?? 'none', durationMs: spec.durationMs }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Pairs of indices (before, after) of stages kept, by name, in order. */
function keptPairs(before: readonly Stage[], after: readonly Stage[]): [number, number][] {
  const lengths = before.map(() => new Array<number>(after.length + 1).fill(0));
  lengths.push(new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] =
        before[i]!.name === after[j]!.name
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i]!.name === after[j]!.name) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/** Every change from `before` to `after`, in the new format's order (removals where they were). */
export function diffFormats(before: Format, after: Format): FormatChange[] {
  const changes: FormatChange[] = [];
  if (before.name !== after.name) changes.push({ type: 'facts', what: 'name' });
  if (!same(before.sides, after.sides)) changes.push({ type: 'facts', what: 'sides' });
  if (!same(before.pools, after.pools)) changes.push({ type: 'facts', what: 'pools' });
  if (!same(before.timeouts, after.timeouts)) changes.push({ type: 'facts', what: 'timeouts' });

  const pairs = keptPairs(before.stages, after.stages);
  const keptBefore = new Set(pairs.map(([i]) => i));
  const keptAfter = new Map(pairs.map(([i, j]) => [j, i]));
  // A stage removed here and one of the same name added there is a move.
  const removed = before.stages.flatMap((stage, index) => (keptBefore.has(index) ? [] : [{ stage, index }]));
  const added = after.stages.flatMap((stage, index) => (keptAfter.has(index) ? [] : [{ stage, index }]));
  const moved = new Map<number, number>();
  for (const entry of added) {
    const match = removed.find(
      (old) => old.stage.name === entry.stage.name && !moved.has(old.index) && same(old.stage, entry.stage),
    );
    if (match) moved.set(match.index, entry.index);
  }
  const movedTo = new Set(moved.values());

  for (const { stage, index } of removed)
    if (!moved.has(index)) changes.push({ type: 'removed', index, name: stage.name });
  after.stages.forEach((stage, index) => {
    const was = keptAfter.get(index);
    if (was === undefined) {
      if (movedTo.has(index)) {
        const from = [...moved].find(([, to]) => to === index)![0];
        changes.push({ type: 'moved', from, to: index, name: stage.name });
      } else changes.push({ type: 'added', index, name: stage.name, durations: durationsOf(stage) });
      return;
    }
    const old = before.stages[was]!;
    if (same(old, stage)) return;
    const from = durationsOf(old);
    const to = durationsOf(stage);
    const { durationMs: _a, ...oldRest } = old as Stage & { durationMs?: unknown };
    const { durationMs: _b, ...newRest } = stage as Stage & { durationMs?: unknown };
    if (!same(from, to)) changes.push({ type: 'retimed', index, name: stage.name, from, to });
    if (!same(oldRest, newRest)) changes.push({ type: 'changed', index, name: stage.name });
  });
  return changes;
}
