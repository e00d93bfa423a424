/**
 * Refusals answered at the door. When a limit refuses a caller, the caller is told when to come
 * back (`Retry-After`); one that does not wait used to get the same refusal again from the whole
 * request path: HTTP parsing, tRPC's envelope, the context (a session look-up in the database),
 * the limiter, an error with a stack, brotli on a 250-byte answer. The hostile bench measured
 * that at 60–85 % of a core for 500–900 refusals a second, and the console's p99 at 2–4× quiet.
 *
 * Here each refusal is remembered under the key the limit counted (the address, the address and
 * an e-mail, or a session) for as long as the limit will refuse it anyway, and a request from
 * that key is answered at the top of the hub's listener with the same refusal. The answer is
 * held back ({@link COOLING_HOLD_MS}, or until the wait is over): a client that never waits
 * otherwise turns refusals into a busy loop, and one that keeps N requests in flight now gets
 * N answers per hold. An address gets at most {@link COOLING_MAX_HELD} held answers; more are
 * answered at once, closing their connection, so holding costs a bounded number of sockets.
 *
 * Nothing is refused here that the limit itself would let through: an entry ends when the
 * limit's own wait does, and what follows goes the whole way again.
 */

/** How long a refusal at the door is held back before it is answered. */
export const COOLING_HOLD_MS = 1_000;
/** Refusals held at once per address; more are answered at once. */
export const COOLING_MAX_HELD = 8;
/** Addresses remembered at most (oldest forgotten first): the map's memory stays bounded. */
export const COOLING_MAX_ADDRESSES = 50_000;

/** What a door answers: the refusal the limit gave, with its machine reason. */
export interface Refusal {
  readonly message: string;
  readonly reason: string;
  /** Extra fields the limit's refusal carried (such as `limit`), without `retryAfterMs`. */
  readonly details?: Readonly<Record<string, unknown>>;
}

interface Entry {
  until: number;
  refusal: Refusal;
}

/** A refusal still in force for a key, and how long it lasts. */
export interface Cooling {
  readonly refusal: Refusal;
  readonly leftMs: number;
}

export class CoolingOff {
  /** Per address, its refused keys. Insertion order is age: the oldest address is forgotten first. */
  private readonly addresses = new Map<string, Map<string, Entry>>();
  private readonly held = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly holdMs = COOLING_HOLD_MS,
    private readonly maxHeld = COOLING_MAX_HELD,
    private readonly maxAddresses = COOLING_MAX_ADDRESSES,
  ) {}

  /** Remembers that `key` from `address` was refused, for `retryAfterMs` from now. */
  refused(address: string, key: string, retryAfterMs: number, refusal: Refusal): void {
    if (!(retryAfterMs > 0)) return;
    let keys = this.addresses.get(address);
    if (keys) {
      this.addresses.delete(address);
    } else {
      keys = new Map();
      if (this.addresses.size >= this.maxAddresses)
        this.addresses.delete(this.addresses.keys().next().value!);
    }
    this.addresses.set(address, keys);
    const until = this.now() + retryAfterMs;
    const known = keys.get(key);
    if (!known || known.until < until) keys.set(key, { until, refusal });
  }

  /** Whether `address` has any refusal remembered: the one look-up most requests cost. */
  watching(address: string): boolean {
    return this.addresses.has(address);
  }

  /** The refusal in force for `key` from `address`, or null. */
  check(address: string, key: string): Cooling | null {
    const keys = this.addresses.get(address);
    if (!keys) return null;
    const now = this.now();
    const entry = keys.get(key);
    if (entry && entry.until > now) return { refusal: entry.refusal, leftMs: entry.until - now };
    if (entry) keys.delete(key);
    this.sweep(address, keys, now);
    return null;
  }

  /** Whether any key of `address` starts with `prefix` (a door that must read more to know its key). */
  hasPrefix(address: string, prefix: string): boolean {
    const keys = this.addresses.get(address);
    if (!keys) return false;
    for (const key of keys.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /**
   * Answers a refusal from `address` after the hold, or when the wait (`leftMs`) is over if that
   * comes first: a caller that keeps one request going gets one refusal per wait. When the
   * address already has {@link COOLING_MAX_HELD} waiting, `answer` runs at once with
   * `closeConnection` true. `answer` hears what is left of the wait when it runs (at least 1 ms:
   * the answer still says to wait), for its `Retry-After`.
   */
  hold(address: string, leftMs: number, answer: (closeConnection: boolean, leftMs: number) => void): void {
    const until = Date.now() + leftMs;
    const left = () => Math.max(1, until - Date.now());
    const waiting = this.held.get(address) ?? 0;
    if (waiting >= this.maxHeld) return answer(true, left());
    this.held.set(address, waiting + 1);
    setTimeout(
      () => {
        const still = (this.held.get(address) ?? 1) - 1;
        if (still > 0) this.held.set(address, still);
        else this.held.delete(address);
        answer(false, left());
      },
      Math.max(0, Math.min(this.holdMs, leftMs)),
    ).unref();
  }

  /** Addresses remembered (for tests and health). */
  get size(): number {
    return this.addresses.size;
  }

  private sweep(address: string, keys: Map<string, Entry>, now: number): void {
    for (const [key, entry] of keys) if (entry.until <= now) keys.delete(key);
    if (keys.size === 0) this.addresses.delete(address);
  }
}
