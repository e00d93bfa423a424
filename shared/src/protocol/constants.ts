/** Wire constants shared by hub and clients. */

/** Bumped whenever the hub ↔ client protocol changes incompatibly. Checked at connect. */
export const PROTOCOL_VERSION = 1;

/** Realtime numbers from the product spec (same as the hosted realtime fallback). */
export const REALTIME = {
  heartbeatMs: 25_000,
  heartbeatTimeoutMs: 10_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  pushBufferSize: 100,
} as const;

/** Delay before the n-th reconnect attempt (0-based): 1 s, 2 s, 5 s, 10 s, then every 10 s. */
export function reconnectDelayMs(attemptIndex: number): number {
  const delays = REALTIME.reconnectDelaysMs;
  return delays[Math.min(Math.max(attemptIndex, 0), delays.length - 1)] ?? 10_000;
}

/** WebSocket close codes and reasons the hub uses. Clients map them to messages. */
export const CLOSE = {
  protocolMismatch: { code: 4000, reason: 'protocol-mismatch' },
  tooSlow: { code: 4001, reason: 'too-slow' },
  rateLimited: { code: 4002, reason: 'rate-limited' },
  kicked: { code: 4003, reason: 'kicked' },
  /** The credentials this connection (or one of its watches) relied on were revoked; reconnecting re-checks them. */
  revoked: { code: 4004, reason: 'access-revoked' },
} as const;

/**
 * Most calls in one batched tRPC request over HTTP. The hub refuses larger batches (413); the
 * client's batch link splits at this number, so it never sends one.
 */
export const TRPC_HTTP_MAX_BATCH = 40;

/**
 * Procedures whose tRPC request over HTTP may carry more than the hub's usual 1 MB body, by
 * path, in bytes: a whole Tabbycat folder (at most 8 MB of files, plus their names and JSON's
 * escapes). Only a request of that one procedure gets the larger limit; the client sends each
 * of them over HTTP alone, never batched with other calls and never over the WebSocket
 * (whose messages stop at 64 KB).
 */
export const TRPC_HTTP_LARGE_BODIES: Readonly<Record<string, number>> = {
  'tournament.importTabbycat': 9 * 1024 * 1024,
};

/**
 * The id of the inert JSON block in which a screen's page carries the first snapshot of its
 * watch (`hub/src/transport/page-state.ts` writes it, `client/src/lib/realtime/timer/embedded-watch.ts`
 * reads it; the service worker's copy of the rule is tested against the hub's). Here, not beside
 * the messages, so the screens that read it download no schema library.
 */
export const EMBEDDED_STATE_ID = 'bs-watch';

/**
 * The comment that opens markup drawn before any script ran, in the page's root: a screen the hub
 * drew (`hub/src/transport/page-render.ts`) or a site page drawn at build time
 * (`client/build/draw-pages-plugin.ts`). The app sees it to know it takes over a drawn page; the
 * service worker's kept copy drops what is between the marks (its copy of the rule is tested
 * against the hub's).
 */
export const DRAWN_MARK = 'bs-drawn';

/** `markup` between the drawn marks. */
export function drawnMarkup(markup: string): string {
  return `<!--${DRAWN_MARK}-->${markup}<!--/${DRAWN_MARK}-->`;
}
