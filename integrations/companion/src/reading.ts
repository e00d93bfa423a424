/**
 * What the module reads from the hub: the `TimerReading` of `/api/v1` (its OpenAPI document's
 * `TimerReading` schema), only the fields the module uses. The module speaks the public API,
 * never the hub's internals.
 */
export interface ClockReading {
  side: 'aff' | 'neg' | null;
  remainingMs: number;
  overtimeMs: number;
  running: boolean;
  phase: 'normal' | 'warning' | 'danger' | 'overtime';
  /** Server epoch ms at which the clock reaches zero, while running. */
  deadline: number | null;
}

export interface TimerReading {
  serverNow: number;
  version: number;
  status: 'ready' | 'running' | 'paused' | 'finished';
  stage: {
    index: number;
    count: number;
    name: string;
    side: 'aff' | 'neg' | null;
    sideLabel: string | null;
    teamName: string | null;
    speaker: { position: number; label: string; name: string | null } | null;
  };
  next: { index: number; name: string } | null;
  active: ClockReading | null;
  teams: { aff: { name: string | null }; neg: { name: string | null } };
  topic: string | null;
  overlay: { message: string | null; blackout: boolean };
}

/** One event of `GET /api/v1/timers/:id/events`. */
export interface FeedEvent {
  kind: 'snapshot' | 'change' | 'timer';
  timerId: string;
  matchId: string;
  reading: TimerReading;
  events: { type: string; at: number }[];
}
