import type { ProjectRole } from '@bianshi/shared';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * Presence (y-protocols awareness) as the hub relays it. A client chooses its cursor and the
 * like, never who it is: the hub writes the `user` name, colour and role of every state from the
 * socket's account (or invite), whatever the client sent.
 */

/** Who a socket is to the others. */
export interface PresenceIdentity {
  name: string;
  color: string;
  role: ProjectRole;
}

/** One entry of an awareness update: a client id's state (null: gone) at its clock. */
export interface AwarenessEntry {
  clientId: number;
  clock: number;
  state: Record<string, unknown> | null;
}

/** Reads an awareness update; throws on anything but the format y-protocols writes (objects or null). */
export function readAwareness(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const count = decoding.readVarUint(decoder);
  const entries: AwarenessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const state: unknown = JSON.parse(decoding.readVarString(decoder));
    if (state !== null && (typeof state !== 'object' || Array.isArray(state)))
      throw new Error('awareness state is not an object');
    entries.push({ clientId, clock, state: state as Record<string, unknown> | null });
  }
  return entries;
}

/** Writes entries as an awareness update (what `applyAwarenessUpdate` reads). */
export function writeAwareness(entries: Iterable<AwarenessEntry>): Uint8Array {
  const list = [...entries];
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, list.length);
  for (const entry of list) {
    encoding.writeVarUint(encoder, entry.clientId);
    encoding.writeVarUint(encoder, entry.clock);
    encoding.writeVarString(encoder, JSON.stringify(entry.state));
  }
  return encoding.toUint8Array(encoder);
}

/** The entry with its `user` name, colour and role taken from `identity` (other `user` fields kept). */
export function stampIdentity(entry: AwarenessEntry, identity: PresenceIdentity): AwarenessEntry {
  if (entry.state === null) return entry;
  const user = entry.state.user;
  const rest = user && typeof user === 'object' && !Array.isArray(user) ? user : {};
  return { ...entry, state: { ...entry.state, user: { ...rest, ...identity } } };
}

/**
 * A token bucket for one socket's presence messages that never loses the latest state: above
 * the rate, entries wait (the newest per client id replacing older ones) and go out together
 * once a token is back.
 */
export class AwarenessGate {
  private tokens: number;
  private at: number;
  private readonly waiting = new Map<number, AwarenessEntry>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number,
    /** Applies entries that may go out now. */
    private readonly release: (entries: AwarenessEntry[]) => void,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Entries of one message: released now, or held until the rate allows. */
  offer(entries: AwarenessEntry[]): void {
    for (const entry of entries) this.waiting.set(entry.clientId, entry);
    this.refill();
    if (this.timer) return;
    if (this.tokens >= 1) return this.flush();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.refill();
        this.flush();
      },
      Math.ceil(((1 - this.tokens) / this.perSecond) * 1000),
    );
    this.timer.unref();
  }

  /** Forgets what waits (the socket left). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  private flush(): void {
    if (this.waiting.size === 0) return;
    this.tokens -= 1;
    const entries = [...this.waiting.values()];
    this.waiting.clear();
    this.release(entries);
  }
}
