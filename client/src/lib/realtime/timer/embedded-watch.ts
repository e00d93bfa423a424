/**
 * A screen's first state, sent inside its page by the hub (`hub/src/transport/page-state.ts`):
 * the same snapshot its watch gets first over the socket (a timer's on the display, a lobby's
 * on the audience screen), with the hub's clock when it sent the page. The screen draws from it
 * while its socket is still opening; the socket's own snapshot then takes over, and from then on
 * the block is never used again (a store made later, for another role or match, waits for its
 * own snapshot).
 */
import { EMBEDDED_STATE_ID, type LobbySnapshot, type WatchSnapshot as Snapshot } from '@bianshi/shared';
import type { ServerClock } from './server-clock';

/** What the hub embeds. */
export interface EmbeddedWatch {
  /** The hub's epoch ms when it sent the page. */
  serverNow: number;
  watch: Snapshot | LobbySnapshot;
}

const isTimerSnapshot = (watch: EmbeddedWatch['watch']): watch is Snapshot => 'matchId' in watch;

/**
 * The block's text as an {@link EmbeddedWatch}; null when it is missing or not one. The hub
 * wrote it into this very page, so the check is of its shape only.
 */
export function parseEmbeddedWatch(text: string | null | undefined): EmbeddedWatch | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<EmbeddedWatch> | null;
    const watch = value?.watch as (Partial<Snapshot> & Partial<LobbySnapshot>) | undefined;
    if (
      typeof value?.serverNow !== 'number' ||
      watch?.type !== 'snapshot' ||
      typeof watch.version !== 'number'
    )
      return null;
    const shaped = watch.matchId
      ? watch.timer && watch.state
      : watch.lobbyId && watch.lobby && Array.isArray(watch.matches);
    return shaped ? (value as EmbeddedWatch) : null;
  } catch {
    return null;
  }
}

/** Whether `embedded` is what a watch of `timerId` (an id or short id) and `matchId` gets first. */
export function embeddedFor(embedded: EmbeddedWatch, timerId: string, matchId: string | undefined): boolean {
  const { watch } = embedded;
  if (!isTimerSnapshot(watch)) return false;
  return (
    (watch.timer.id === timerId || watch.timer.shortid === timerId) &&
    (matchId === undefined || watch.matchId === matchId)
  );
}

/** Whether `embedded` is what a watch of the lobby `lobbyId` (an id or code) gets first. */
export function embeddedForLobby(embedded: EmbeddedWatch, lobbyId: string): boolean {
  const { watch } = embedded;
  return !isTimerSnapshot(watch) && (watch.lobbyId === lobbyId || watch.lobby.code === lobbyId);
}

/**
 * The offset the page's own request gives, before any ping: the hub stamped the page between
 * the request leaving (`requestStart`) and the answer's first byte (`responseStart`), so the
 * server's clock at the midpoint is `serverNow`, within half that round trip. Null without
 * navigation timing.
 */
export function navigationSample(
  serverNow: number,
  perf: Pick<Performance, 'timeOrigin' | 'getEntriesByType'> | undefined,
): { t0: number; serverAt: number; t3: number } | null {
  const entry = perf?.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!perf || !entry || !(entry.requestStart > 0) || !(entry.responseStart >= entry.requestStart))
    return null;
  return {
    t0: perf.timeOrigin + entry.requestStart,
    serverAt: serverNow,
    t3: perf.timeOrigin + entry.responseStart,
  };
}

let read = false;
let pending: EmbeddedWatch | null = null;

/** The page's block while no live message retired it, with `clock` seeded from the page's request. */
function claim(matches: (embedded: EmbeddedWatch) => boolean, clock: ServerClock): EmbeddedWatch | null {
  if (!read) {
    read = true;
    pending =
      typeof document === 'undefined'
        ? null
        : parseEmbeddedWatch(document.getElementById(EMBEDDED_STATE_ID)?.textContent);
  }
  if (!pending || !matches(pending)) return null;
  const sample = navigationSample(
    pending.serverNow,
    typeof performance === 'undefined' ? undefined : performance,
  );
  if (sample) clock.seed(sample.t0, sample.serverAt, sample.t3);
  return pending;
}

/** The page's embedded snapshot for this timer watch, until the first live message retires it. */
export function initialWatch(
  timerId: string,
  matchId: string | undefined,
  clock: ServerClock,
): Snapshot | null {
  const watch = claim((embedded) => embeddedFor(embedded, timerId, matchId), clock)?.watch;
  return watch && isTimerSnapshot(watch) ? watch : null;
}

/** The page's embedded snapshot for this lobby watch, until the first live message retires it. */
export function initialLobbyWatch(lobbyId: string, clock: ServerClock): LobbySnapshot | null {
  const watch = claim((embedded) => embeddedForLobby(embedded, lobbyId), clock)?.watch;
  return watch && !isTimerSnapshot(watch) ? watch : null;
}

/** The socket is speaking: the embedded snapshot is history. */
export function retireEmbeddedWatch(): void {
  read = true;
  pending = null;
}
