/** How often the client asks whether a newer build is out. */
export const UPDATE_POLL_INTERVAL_MS = 10 * 60_000;

/** Path of the build manifest written by build/builds-plugin.ts. */
export const LATEST_BUILD_PATH = '/builds/latest.json';

export type UpdateCheck =
  /** A different build is deployed. */
  | { kind: 'update'; id: string; timestamp: number }
  /** The running build is the latest. */
  | { kind: 'current' }
  /** No answer worth acting on (404/403, offline, garbage, dev server). */
  | { kind: 'unknown' };

type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/**
 * Fetches `builds/latest.json?t=<now>` (the timestamp defeats caches) and compares its id with
 * the running build's. 404/403 and every other failure are swallowed: an update notice is a nicety.
 */
export async function checkForUpdate(
  currentId: string,
  fetchFn: FetchLike,
  now: number,
): Promise<UpdateCheck> {
  if (currentId === 'dev') return { kind: 'unknown' };
  try {
    const response = await fetchFn(`${LATEST_BUILD_PATH}?t=${now}`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { kind: 'unknown' };
    const body = (await response.json()) as { id?: unknown; timestamp?: unknown };
    if (typeof body?.id !== 'string' || !body.id) return { kind: 'unknown' };
    if (body.id === currentId) return { kind: 'current' };
    return {
      kind: 'update',
      id: body.id,
      timestamp: typeof body.timestamp === 'number' ? body.timestamp : 0,
    };
  } catch {
    return { kind: 'unknown' };
  }
}
