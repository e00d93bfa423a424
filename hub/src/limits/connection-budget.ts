import { HubError } from '../lib/errors';
import { LM } from './messages';

/** Timer watches one WebSocket may hold at once (a console, a display and a few previews fit easily). */
export const MAX_WATCHES_PER_SOCKET = 32;
/** Lobbies one WebSocket may have joined at once. */
export const MAX_LOBBY_JOINS_PER_SOCKET = 4;

/** What a subscription is, for the per-socket caps. */
export type SubscriptionKind = 'watch' | 'lobby';

const PER_SOCKET: Record<SubscriptionKind, { max: number; message: string; reason: string }> = {
  watch: { max: MAX_WATCHES_PER_SOCKET, message: LM.tooManyWatches(MAX_WATCHES_PER_SOCKET), reason: 'too-many-watches' },
  lobby: { max: MAX_LOBBY_JOINS_PER_SOCKET, message: LM.tooManyLobbyJoins(MAX_LOBBY_JOINS_PER_SOCKET), reason: 'too-many-lobby-joins' },
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
    if (this.held[kind] >= limit.max) throw new HubError('TOO_MANY_REQUESTS', limit.message, limit.reason, { max: limit.max });
    if (!this.addresses.tryAdd(this.address)) {
      throw new HubError('TOO_MANY_REQUESTS', LM.tooManyFromAddress(this.addresses.max), 'too-many-from-address', { max: this.addresses.max });
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

  /** Slots of `kind` held now. */
  holding(kind: SubscriptionKind): number {
    return this.held[kind];
  }
}

/** The release of a slot nobody took (HTTP callers, which cannot subscribe anyway). */
export const NO_SLOT = (): void => {};
