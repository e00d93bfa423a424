/** Loading-bar numbers from the product spec. */
export const LOADING_BAR = {
  /** Navigations faster than this never show the bar. */
  throttleMs: 200,
  /** Time the estimated progress takes to approach the end. */
  durationMs: 2000,
  /** The full bar stays this long after finishing before fading. */
  hideDelayMs: 500,
  /** After hiding, progress resets to 0 after this long. */
  resetDelayMs: 400,
  heightPx: 3,
  /** How often progress is re-estimated while loading. */
  tickMs: 100,
} as const;

export type LoadingBarStatus = 'idle' | 'loading' | 'finished' | 'error';

export interface LoadingBarState {
  status: LoadingBarStatus;
  /** 0–100. */
  progress: number;
  visible: boolean;
}

export interface LoadingBarTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Progress that rises fast, then slows, never quite reaching 100 before the load ends. */
export function estimatedProgress(elapsedMs: number, durationMs: number): number {
  return Math.min(95, (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50));
}

export const IDLE: LoadingBarState = { status: 'idle', progress: 0, visible: false };

/**
 * The loading bar's state machine (idle → loading → finished|error → idle), timer-driven and
 * UI-free so it can be tested with fake timers.
 */
export function createLoadingBar(
  onChange: (state: LoadingBarState) => void,
  timers: LoadingBarTimers,
  numbers = LOADING_BAR,
) {
  let state: LoadingBarState = IDLE;
  let pending: unknown;
  let startedAt = 0;
  let active = false;

  const emit = (next: LoadingBarState) => {
    state = next;
    onChange(state);
  };
  const cancel = () => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
  };
  const schedule = (fn: () => void, ms: number) => {
    cancel();
    pending = timers.setTimeout(() => {
      pending = undefined;
      fn();
    }, ms);
  };
  const tick = () => {
    emit({
      status: 'loading',
      visible: true,
      progress: estimatedProgress(timers.now() - startedAt, numbers.durationMs),
    });
    schedule(tick, numbers.tickMs);
  };

  return {
    get state() {
      return state;
    },
    /** A navigation began. */
    start() {
      if (active) return;
      active = true;
      startedAt = timers.now();
      if (state.visible) {
        tick();
        return;
      }
      schedule(() => {
        startedAt = timers.now();
        tick();
      }, numbers.throttleMs);
    },
    /** The navigation ended (with `error` when it failed). */
    finish(error = false) {
      if (!active) return;
      active = false;
      if (!state.visible) {
        cancel();
        emit(IDLE);
        return;
      }
      emit({ status: error ? 'error' : 'finished', visible: true, progress: 100 });
      schedule(() => {
        emit({ ...state, visible: false });
        schedule(() => emit(IDLE), numbers.resetDelayMs);
      }, numbers.hideDelayMs);
    },
    dispose() {
      cancel();
    },
  };
}
