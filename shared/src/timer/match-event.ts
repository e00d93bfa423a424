/** What the reducer reports happened. Tagged by `type`; every event carries the instant `at` it happened. */
import type { SideId } from '../formats/format.schema';
import type { Overlay } from './match-state';

/** Where a clock event happened: stage, clock index within the stage, and the clock's side. */
interface ClockRef {
  stageIndex: number;
  clock: number;
  side: SideId | null;
  /** Server epoch ms at which it happened (may be before the command's `now` when expire is late). */
  at: number;
}

/** Why a bell rang. */
export type BellWhich = 'scheduled' | 'overtime' | 'turnCap' | 'manual' | 'timeout';

/**
 * A bell. `at` is when it was due: a screen that learns of it late (expire came late, the hub
 * restarted) can choose not to sound bells that are long past.
 */
export interface BellEvent {
  type: 'bell';
  which: BellWhich;
  count: number;
  sound: string;
  at: number;
  stageIndex: number;
  /** The clock it belongs to; null for manual and timeout bells. */
  clock: number | null;
  side: SideId | null;
  /** Index into the stage's `bells` for scheduled bells; n-th (1-based) overtime bell for overtime bells. */
  bellIndex?: number;
}

/** Why a clock stopped. */
export type PauseReason =
  'command' | 'turnCap' | 'expired' | 'switchSide' | 'stageChange' | 'timeout' | 'finish' | 'relay';

/** Every event the reducer emits. */
export type MatchEvent =
  | BellEvent
  | ({ type: 'clockStarted' } & ClockRef)
  | ({ type: 'clockPaused'; reason: PauseReason; usedMs: number } & ClockRef)
  | ({ type: 'clockExpired' } & ClockRef)
  | ({ type: 'overtimeStarted' } & ClockRef)
  | ({ type: 'relayHandOver'; toClock: number; toSide: SideId | null } & ClockRef)
  | ({ type: 'turnCapReached'; turn: number; label: string; capMs: number } & ClockRef)
  | ({ type: 'sideSwitched'; toClock: number; toSide: SideId | null } & ClockRef)
  | ({ type: 'clockAdjusted'; deltaMs: number; usedMs: number } & ClockRef)
  | ({ type: 'budgetChanged'; budgetMs: number } & ClockRef)
  | { type: 'poolChanged'; poolId: string; side: SideId; totalMs: number; at: number }
  | { type: 'stageChanged'; from: number; to: number; at: number }
  | { type: 'stageReset'; stageIndex: number; at: number }
  | { type: 'timeoutStarted'; side: SideId; durationMs: number; at: number }
  | { type: 'timeoutEnded'; side: SideId; usedMs: number; early: boolean; at: number }
  | { type: 'overlayChanged'; overlay: Overlay; at: number }
  | { type: 'matchFinished'; at: number }
  /** An undo (撤销) took back the command of type `command` (undo.ts). */
  | { type: 'commandUndone'; command: string; at: number };

/** The `type` tags of all events. */
export type MatchEventType = MatchEvent['type'];
