import { realTimeouts, type Clock, type TimeoutFunctions } from '../lib/clock';

/** Late by this much at most on purpose, so a timer that fires a hair early is not wasted. */
const WAKE_MARGIN_MS = 1;

/**
 * Sleeps until the earliest deadline of all rooms and calls `onDue` for every room whose
 * deadline has passed. One timer for the whole hub, never one interval per room.
 */
export class Scheduler {
  private readonly deadlines = new Map<string, number>();
  private handle: unknown = null;
  private armedFor: number | null = null;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (key: string) => void,
    private readonly timeouts: TimeoutFunctions = realTimeouts,
  ) {}

  /** Sets (or with null clears) the deadline of a room. */
  set(key: string, deadline: number | null): void {
    if (deadline === null) this.deadlines.delete(key);
    else this.deadlines.set(key, deadline);
    this.arm();
  }

  /** Deadlines currently held, for tests and health. */
  get size(): number {
    return this.deadlines.size;
  }

  stop(): void {
    this.stopped = true;
    if (this.handle !== null) this.timeouts.clearTimeout(this.handle);
    this.handle = null;
  }

  private arm(): void {
    if (this.stopped) return;
    let earliest: number | null = null;
    for (const deadline of this.deadlines.values())
      if (earliest === null || deadline < earliest) earliest = deadline;
    if (earliest === this.armedFor) return;
    if (this.handle !== null) this.timeouts.clearTimeout(this.handle);
    this.handle = null;
    this.armedFor = earliest;
    if (earliest === null) return;
    const delay = Math.max(0, earliest - this.clock.now() + WAKE_MARGIN_MS);
    this.handle = this.timeouts.setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.handle = null;
    this.armedFor = null;
    const now = this.clock.now();
    const due: string[] = [];
    for (const [key, deadline] of this.deadlines) if (deadline <= now) due.push(key);
    // A due room is removed; it sets a new deadline after it has processed the expiry.
    for (const key of due) this.deadlines.delete(key);
    for (const key of due) this.onDue(key);
    this.arm();
  }
}
