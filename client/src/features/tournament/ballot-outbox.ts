/**
 * The judge's outbox: a ballot is written to localStorage before it is sent, sent with a
 * submission id made once, and retried with that same id (reconnect schedule 1, 2, 5, 10 s, then
 * every 10 s, and at once when the browser comes back online) until the hub answers. The hub
 * counts a submission id once, so a retry after a lost answer never submits twice. A refusal
 * (confirmed fixture, revoked link) ends the attempt with the hub's Chinese reason.
 */
import { reconnectDelayMs, type BallotInput, type BallotReceipt } from '@bianshi/shared';

/** A ballot waiting for the hub's answer. */
export interface PendingBallot {
  submissionId: string;
  fixtureId: string;
  ballot: BallotInput;
  queuedAt: number;
  /** Failed sends so far. */
  attempts: number;
}

/** What happened to a ballot. */
export type OutboxOutcome =
  | { type: 'sent'; fixtureId: string; receipt: BallotReceipt }
  | { type: 'refused'; fixtureId: string; message: string };

/** What the ballot page shows. */
export interface OutboxState {
  pending: PendingBallot[];
  sending: boolean;
  /** When the next retry runs (local ms), while one is scheduled. */
  nextRetryAt: number | null;
  /** The latest outcome per fixture. */
  outcomes: Record<string, OutboxOutcome>;
}

/** Key-value storage as `lib/browser/storage` gives it (never throws). */
export interface OutboxStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Everything the outbox needs from the outside (injected, so tests drive time and failures). */
export interface OutboxDeps {
  token: string;
  storage: OutboxStorage;
  send(pending: PendingBallot): Promise<BallotReceipt>;
  /** Whether an error is the hub's answer (do not retry) and its Chinese message. */
  classify(error: unknown): { refusal: boolean; message: string };
  newId(): string;
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** Where a link's pending ballots are kept. */
export function outboxKey(token: string): string {
  return `bianshi:ballot-outbox:${token}`;
}

function isPending(value: unknown): value is PendingBallot {
  const v = value as Partial<PendingBallot> | null;
  return (
    !!v &&
    typeof v.submissionId === 'string' &&
    typeof v.fixtureId === 'string' &&
    typeof v.ballot === 'object' &&
    v.ballot !== null
  );
}

/** The pending ballots kept for a link; anything unreadable reads as none. */
export function readOutbox(storage: OutboxStorage, token: string): PendingBallot[] {
  try {
    const parsed = JSON.parse(storage.get(outboxKey(token)) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed
          .filter(isPending)
          .map((p) => ({ ...p, attempts: Number(p.attempts) || 0, queuedAt: Number(p.queuedAt) || 0 }))
      : [];
  } catch {
    return [];
  }
}

/** A submission id the hub accepts (`[A-Za-z0-9_-]{8,64}`) from 16 random bytes. */
export function randomSubmissionId(bytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One link's outbox. Subscribe for changes; `enqueue` to submit; `flush` to retry now. */
export class BallotOutbox {
  private state: OutboxState;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;

  constructor(private readonly deps: OutboxDeps) {
    this.state = {
      pending: readOutbox(deps.storage, deps.token),
      sending: false,
      nextRetryAt: null,
      outcomes: {},
    };
  }

  getState = (): OutboxState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Keeps the ballot (replacing an unsent one for the same fixture) and sends it. */
  enqueue(fixtureId: string, ballot: BallotInput): PendingBallot {
    const pending: PendingBallot = {
      submissionId: this.deps.newId(),
      fixtureId,
      ballot,
      queuedAt: this.deps.now(),
      attempts: 0,
    };
    const outcomes = { ...this.state.outcomes };
    delete outcomes[fixtureId];
    this.update({
      pending: [...this.state.pending.filter((p) => p.fixtureId !== fixtureId), pending],
      outcomes,
    });
    void this.flush();
    return pending;
  }

  /** Sends every pending ballot, oldest first, one at a time; schedules a retry when the network fails. */
  async flush(): Promise<void> {
    if (this.state.sending) return;
    this.cancelRetry();
    this.update({ sending: true });
    try {
      for (;;) {
        const next = this.state.pending[0];
        if (!next) return;
        try {
          const receipt = await this.deps.send(next);
          this.settle(next, { type: 'sent', fixtureId: next.fixtureId, receipt });
        } catch (error) {
          const { refusal, message } = this.deps.classify(error);
          if (refusal) {
            this.settle(next, { type: 'refused', fixtureId: next.fixtureId, message });
            continue;
          }
          const failed = { ...next, attempts: next.attempts + 1 };
          this.update({
            pending: this.state.pending.map((p) => (p.submissionId === next.submissionId ? failed : p)),
          });
          this.scheduleRetry(reconnectDelayMs(failed.attempts - 1));
          return;
        }
      }
    } finally {
      this.update({ sending: false });
    }
  }

  /** Stops the retry timer (the page is leaving); pending ballots stay stored. */
  dispose(): void {
    this.cancelRetry();
  }

  private settle(pending: PendingBallot, outcome: OutboxOutcome): void {
    this.update({
      pending: this.state.pending.filter((p) => p.submissionId !== pending.submissionId),
      outcomes: { ...this.state.outcomes, [pending.fixtureId]: outcome },
    });
  }

  private scheduleRetry(delayMs: number): void {
    this.cancelRetry();
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.update({ nextRetryAt: this.deps.now() + delayMs });
  }

  private cancelRetry(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    if (this.state.nextRetryAt !== null) this.update({ nextRetryAt: null });
  }

  private update(patch: Partial<OutboxState>): void {
    const before = this.state.pending;
    this.state = { ...this.state, ...patch };
    if (patch.pending && patch.pending !== before) {
      if (patch.pending.length === 0) this.deps.storage.remove(outboxKey(this.deps.token));
      else this.deps.storage.set(outboxKey(this.deps.token), JSON.stringify(patch.pending));
    }
    for (const listener of this.listeners) listener();
  }
}
