import { TRPC_HTTP_MAX_BATCH } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import { RM } from './messages';

/** Timer watches one WebSocket may hold at once (a console, a display and a few previews fit easily). */
export const MAX_WATCHES_PER_SOCKET = 32;
/** Lobbies one WebSocket may have joined at once. */
export const MAX_LOBBY_JOINS_PER_SOCKET = 4;

/**
 * Queries and mutations one WebSocket may have started and not yet answered. Subscriptions hold
 * the slots above instead. One full message fits; a socket whose calls pile up behind
 * a slow database is told to wait instead of queueing more work and memory.
 */
export const MAX_CALLS_IN_FLIGHT = TRPC_HTTP_MAX_BATCH;

/** What a subscription is, for the per-socket caps. */
export type SubscriptionKind = 'watch' | 'lobby';

const PER_SOCKET: Record<SubscriptionKind, { max: number; message: string; reason: string }> = {
  watch: {
    max: MAX_WATCHES_PER_SOCKET,
    message: RM.tooManyWatches(MAX_WATCHES_PER_SOCKET),
    reason: 'too-many-watches',
  },
  lobby: {
    max: MAX_LOBBY_JOINS_PER_SOCKET,
    message: RM.tooManyLobbyJoins(MAX_LOBBY_JOINS_PER_SOCKET),
    reason: 'too-many-lobby-joins',
  },
};

/**
 * Live subscriptions per client address on this hub, so one address cannot hold the hub's
 * memory with a thousand sockets. `max` 0 means no limit (a load generator on loopback).
 */
export class AddressSubscriptions {
  private readonly counts = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Counts one more for `address`; false when it already holds `max`. */
  tryAdd(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (this.max > 0 && count >= this.max) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  remove(address: string): void {
    const count = (this.counts.get(address) ?? 0) - 1;
    if (count > 0) this.counts.set(address, count);
    else this.counts.delete(address);
  }

  /** Subscriptions `address` holds now. */
  of(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}

/**
 * One WebSocket's live subscriptions, capped per kind and counted against its address. Both
 * ways a watch is served (the fast path and tRPC's adapter) and lobby joins take their slot
 * here before anything else, so one frame full of requests opens at most the cap.
 */
export class ConnectionBudget {
  private readonly held: Record<SubscriptionKind, number> = { watch: 0, lobby: 0 };
  private callsInFlight = 0;

  constructor(
    readonly address: string,
    private readonly addresses: AddressSubscriptions,
  ) {}

  /**
   * Takes a slot of `kind`, or throws TOO_MANY_REQUESTS with a Chinese message. Returns the
   * slot's release, which may be called any number of times.
   */
  acquire(kind: SubscriptionKind): () => void {
    const limit = PER_SOCKET[kind];
    if (this.held[kind] >= limit.max)
      throw new HubError('TOO_MANY_REQUESTS', limit.message, limit.reason, { max: limit.max });
    if (!this.addresses.tryAdd(this.address)) {
      throw new HubError(
        'TOO_MANY_REQUESTS',
        RM.tooManyFromAddress(this.addresses.max),
        'too-many-from-address',
        { max: this.addresses.max },
      );
    }
    this.held[kind] += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held[kind] -= 1;
      this.addresses.remove(this.address);
    };
  }

  /**
   * Counts a query or mutation as started, or throws TOO_MANY_REQUESTS (reason
   * `too-many-in-flight`) past MAX_CALLS_IN_FLIGHT. Returns its end, which may be called any
   * number of times. Not counted against the address: a call ends by itself.
   */
  startCall(): () => void {
    if (this.callsInFlight >= MAX_CALLS_IN_FLIGHT) {
      throw new HubError('TOO_MANY_REQUESTS', RM.tooManyInFlight(MAX_CALLS_IN_FLIGHT), 'too-many-in-flight', {
        max: MAX_CALLS_IN_FLIGHT,
      });
    }
    this.callsInFlight += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.callsInFlight -= 1;
    };
  }

  /** Queries and mutations started and not yet answered. */
  inFlight(): number {
    return this.callsInFlight;
  }

  /** Slots of `kind` held now. */
  holding(kind: SubscriptionKind): number {
    return this.held[kind];
  }
}

/** The release of a slot nobody took (HTTP callers, which cannot subscribe anyway). */
export const NO_SLOT = (): void => {};
