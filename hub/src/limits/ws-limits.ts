import type { AnyRouter } from '@trpc/server';
import { transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import { TRPC_HTTP_MAX_BATCH } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import { refusalShape } from './http-limits';
import { LM } from './messages';

/**
 * What one tRPC WebSocket may send. The unit is the call, not the frame: one 64 KiB frame can
 * hold six hundred calls in a JSON array, so a limit on frames alone let one socket make
 * seventy-five thousand calls in five seconds.
 */

/** Largest inbound WebSocket frame the hub accepts; larger ones close the socket (1009). */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Most calls in one message: the same ceiling as one batched HTTP request. */
export const WS_MAX_CALLS_PER_MESSAGE = TRPC_HTTP_MAX_BATCH;
/** Sustained calls per second one socket may make, and the burst above that. */
export const WS_CALLS_PER_SECOND = 30;
export const WS_CALL_BURST = 120;
// Calls in flight per socket: MAX_CALLS_IN_FLIGHT in connection-budget.ts, beside the other slots.

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The calls in one inbound text message without parsing it: the elements of a top-level JSON
 * array (a batch), else one. One pass over the text, so it costs less than the parse that
 * follows. Malformed JSON gets a count all the same; tRPC's parser then refuses it.
 */
export function countCalls(text: string): number {
  let index = 0;
  while (index < text.length && SPACE.has(text.charCodeAt(index))) index += 1;
  if (text.charCodeAt(index) !== 0x5b) return 1;
  let depth = 1;
  let commas = 0;
  let empty = true;
  let inString = false;
  for (index += 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (SPACE.has(code)) continue;
    if (code === 0x5d || code === 0x7d) {
      depth -= 1;
      if (depth === 0) break;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x2c && depth === 1) {
      commas += 1;
    }
    empty = false;
  }
  return empty ? 0 : commas + 1;
}

/** A token bucket of calls for one socket: WS_CALL_BURST at once, refilled at WS_CALLS_PER_SECOND. */
export class CallRate {
  constructor(
    private at: number,
    private tokens: number = WS_CALL_BURST,
  ) {}

  private refilled(now: number): number {
    return Math.min(WS_CALL_BURST, this.tokens + ((now - this.at) / 1000) * WS_CALLS_PER_SECOND);
  }

  /**
   * Spends `calls` at `now` (ms); false when the socket has spent more than its budget. A refused
   * message is a debt (at most one full message below zero) that the refill pays back first.
   */
  take(calls: number, now: number): boolean {
    this.tokens = Math.max(-WS_MAX_CALLS_PER_MESSAGE, this.refilled(now) - calls);
    this.at = now;
    return this.tokens >= 0;
  }

  /** Milliseconds from `now` until the bucket is out of debt (0 when it is not in debt). */
  msUntilEven(now: number): number {
    const level = this.refilled(now);
    return level >= 0 ? 0 : Math.ceil((-level / WS_CALLS_PER_SECOND) * 1000);
  }

  /** Whether the bucket is full again at `now`. */
  full(now: number): boolean {
    return this.refilled(now) >= WS_CALL_BURST;
  }

  /** A bucket of its own for another socket, at this one's level at `now`. */
  copy(now: number): CallRate {
    return new CallRate(now, this.refilled(now));
  }
}

/**
 * The buckets of addresses whose socket was closed for flooding. A new socket from such an
 * address starts at that bucket's level (a copy, debt and all) instead of a fresh burst:
 * otherwise reconnecting bought the attacker another 120 calls each time (the hostile bench
 * measured 30 reconnects and 616 calls served in 5 s from one address, and the console's p99
 * command latency 4× its quiet value). The copy refills as any bucket, so a flooding address
 * keeps about WS_CALLS_PER_SECOND in all, and another device behind the same NAT waits at most
 * (debt + its calls) ÷ 30 s, under 3 s. Only a socket that got calls through leaves its debt
 * (ws.ts), so sockets refused at their first message never renew it. An address is forgotten
 * once its bucket is full again; addresses that never flood keep a fresh bucket per socket.
 */
export class FloodedAddresses {
  private readonly rates = new Map<string, CallRate>();

  /** The bucket a new socket from `address` starts with. */
  rateFor(address: string, now: number): CallRate {
    for (const [known, rate] of this.rates) if (rate.full(now)) this.rates.delete(known);
    return this.rates.get(address)?.copy(now) ?? new CallRate(now);
  }

  /** Remembers the bucket of a socket from `address` that was closed for flooding. */
  flooded(address: string, rate: CallRate): void {
    this.rates.set(address, rate);
  }

  get size(): number {
    return this.rates.size;
  }
}

/** The refusal of a message of more calls than WS_MAX_CALLS_PER_MESSAGE (HTTP's, word for word). */
export function batchTooLarge(calls: number): HubError {
  return new HubError('PAYLOAD_TOO_LARGE', LM.batchTooLarge(WS_MAX_CALLS_PER_MESSAGE), 'batch-too-large', {
    maxCalls: WS_MAX_CALLS_PER_MESSAGE,
    calls,
  });
}

/**
 * A refusal as tRPC sends an error it cannot tie to one call (`id: null`), shaped by the
 * router's error formatter: the same envelope over HTTP and WebSocket.
 */
export function refusalEnvelope(
  router: AnyRouter,
  refusal: HubError,
): ReturnType<typeof transformTRPCResponse> {
  return transformTRPCResponse(router._def._config, { id: null, error: refusalShape(router, refusal) });
}
