/** The hub's only source of time, injected so tests can control it. */
export interface Clock {
  /** Server epoch milliseconds. */
  now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** setTimeout and clearTimeout, injectable so tests can drive what sleeps (the scheduler, retention). */
export interface TimeoutFunctions {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimeouts: TimeoutFunctions = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
