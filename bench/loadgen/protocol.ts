/** What the bench asks of its load generator process, and what it answers. */
import type { Distribution } from '../support/stats';

/** Where subscribers connect and how they speak. */
export type Target =
  /** The hub: raw WebSockets speaking tRPC's WebSocket protocol, subscribed to `timer.watch`. */
  | { kind: 'trpc'; wsUrl: string; timerId: string; matchId: string; controlKey: string }
  /** The bare `ws` baseline server. */
  | { kind: 'ws'; wsUrl: string }
  /** The socket.io baseline server, spoken to as engine.io v4 / socket.io v5 over a raw WebSocket. */
  | { kind: 'socketio'; url: string };

export type LoadRequest =
  /** Opens `count` more subscribers in `group` (created on first use). */
  | { type: 'open'; group: string; target: Target; count: number; concurrency: number; timeoutMs: number }
  | { type: 'fanout'; group: string; commands: number; intervalMs: number; settleTimeoutMs: number }
  | { type: 'burst'; group: string; messages: number; timeoutMs: number; capture: boolean }
  /** Closes the group, or only its subscribers beyond the first `keep`. */
  | { type: 'close'; group: string; keep?: number };

export interface OpenResult {
  /** Subscribers holding a live subscription (got their snapshot / ready message). */
  ready: number;
  failed: number;
  elapsedMs: number;
  subscribersPerSecond: number;
}

export interface FanoutResult {
  commands: number;
  /** Command send → frame receipt, over every (subscriber, command) pair. */
  latencyMs: Distribution;
  /** Per command, the latency of its last delivery. */
  lastDeliveryMs: Distribution;
  /** Command send → the controller's acknowledgement. */
  ackMs: Distribution;
  delivered: number;
  expected: number;
  /** Subscribers the server closed during the run, by close code. */
  closedByServer: Record<string, number>;
  /** Ticks received meanwhile (they share the sockets). */
  ticks: number;
}

export interface BurstResult {
  /** Broadcasts triggered (commands accepted, for the hub). */
  broadcasts: number;
  delivered: number;
  expected: number;
  /** Trigger sent → last subscriber got the last broadcast. */
  elapsedMs: number;
  messagesPerSecond: number;
  /** Subscribers that got every broadcast (or, for the hub, the latest state) in time. */
  completeSubscribers: number;
  closedByServer: Record<string, number>;
  /** Raw frames one subscriber got, when asked: the payloads the baselines then broadcast. */
  captured?: string[];
}
