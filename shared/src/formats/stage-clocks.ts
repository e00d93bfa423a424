/** How a stage maps to clocks: which sides have one, in what order, and their nominal duration. */
import type { SideId, Stage } from './format.schema';

/** One clock a stage defines: the side it belongs to (null = neutral) and its own duration cap. */
export interface StageClockSpec {
  side: SideId | null;
  /** The stage's own duration for this clock, or null when only a pool limits it. */
  durationMs: number | null;
}

/**
 * The clocks of a stage, in a fixed order: single → its one clock; dual → aff then neg;
 * prep → the listed sides; none → no clock.
 */
export function stageClockSpecs(stage: Stage): StageClockSpec[] {
  switch (stage.kind) {
    case 'single':
      return [{ side: stage.side, durationMs: stage.durationMs ?? null }];
    case 'dual':
      return [
        { side: 'aff', durationMs: stage.durationMs.aff },
        { side: 'neg', durationMs: stage.durationMs.neg },
      ];
    case 'prep':
      return stage.sides.map((side) => ({ side, durationMs: null }));
    case 'none':
      return [];
    default:
      return assertNever(stage);
  }
}

/** The clock index that runs first when a stage is entered (dual: `firstSide`). */
export function firstClockIndex(stage: Stage): number {
  switch (stage.kind) {
    case 'dual':
      return stage.firstSide === 'aff' ? 0 : 1;
    case 'prep': {
      const index = stage.firstSide === undefined ? 0 : stage.sides.indexOf(stage.firstSide);
      return Math.max(index, 0);
    }
    case 'single':
    case 'none':
      return 0;
    default:
      return assertNever(stage);
  }
}

/** The pool a stage draws from, if any. */
export function stagePoolId(stage: Stage): string | null {
  switch (stage.kind) {
    case 'single':
    case 'dual':
      return stage.poolId ?? null;
    case 'prep':
      return stage.poolId;
    case 'none':
      return null;
    default:
      return assertNever(stage);
  }
}

/** Exhaustiveness guard for switches over tagged unions. */
export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}
