/**
 * Which JSON-RPC id each `timer.watch` subscription has on its socket. tRPC does not hand the
 * id to procedures, but a watch that knows it can write its room's pre-encoded frames straight
 * to the socket, skipping the per-message subscription loop. The socket's inbound frames are
 * noted here in order; the procedure takes the entry that matches its input.
 */
export interface WatchSubscription {
  id: string | number;
  jsonrpc?: string;
}

interface Pending extends WatchSubscription {
  timerId: unknown;
  matchId: unknown;
  notedAt: number;
}

/** Entries the procedure did not take by then (the input was invalid) are dropped. */
const STALE_AFTER_MS = 30_000;

export class WatchSubscriptionIds {
  private readonly pending = new WeakMap<object, Pending[]>();

  /** Notes every `timer.watch` subscription request in one inbound text frame. */
  note(socket: object, text: string, now: number): void {
    if (!text.includes('"timer.watch"')) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const request = message as { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: { path?: unknown; input?: { json?: { timerId?: unknown; matchId?: unknown } } } };
      if (request?.method !== 'subscription' || request.params?.path !== 'timer.watch') continue;
      if (typeof request.id !== 'number' && typeof request.id !== 'string') continue;
      const input = request.params.input?.json;
      const list = this.pending.get(socket) ?? [];
      list.push({
        id: request.id,
        ...(typeof request.jsonrpc === 'string' ? { jsonrpc: request.jsonrpc } : {}),
        timerId: input?.timerId,
        matchId: input?.matchId,
        notedAt: now,
      });
      this.pending.set(socket, list);
    }
  }

  /** Takes the oldest noted subscription for this timer and match, if any. */
  take(socket: object, input: { timerId: string; matchId?: string | undefined }, now: number): WatchSubscription | undefined {
    const list = this.pending.get(socket);
    if (!list) return undefined;
    const fresh = list.filter((entry) => now - entry.notedAt < STALE_AFTER_MS);
    const index = fresh.findIndex((entry) => entry.timerId === input.timerId && (entry.matchId ?? undefined) === input.matchId);
    const [found] = index === -1 ? [] : fresh.splice(index, 1);
    this.pending.set(socket, fresh);
    return found ? { id: found.id, ...(found.jsonrpc === undefined ? {} : { jsonrpc: found.jsonrpc }) } : undefined;
  }
}
