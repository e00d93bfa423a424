/** The hub's only source of time, injected so tests can control it. */
export interface Clock {
  /** Server epoch milliseconds. */
  now(): number;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
