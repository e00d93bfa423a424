/** Within this window a path is reloaded at most once after a chunk-loading error. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** What the guard remembers between page loads (kept in sessionStorage). */
export interface ChunkReloadRecord {
  path: string;
  at: number;
}

/** Whether an error is a failed dynamic import (a stale chunk after a deploy, a flaky network). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk \S+ failed/i.test(
      message,
    )
  );
}

/** Reads the stored record; garbage reads as none. */
export function parseRecord(raw: string | null): ChunkReloadRecord | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ChunkReloadRecord>;
    return typeof value.path === 'string' && typeof value.at === 'number'
      ? { path: value.path, at: value.at }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decides whether to reload after a chunk error on `path` at `now`: yes unless the same path
 * was already reloaded within {@link CHUNK_RELOAD_WINDOW_MS}. Returns the record to store when
 * reloading, so a second failure right after the reload shows the error instead of looping.
 */
export function decideChunkReload(
  previous: ChunkReloadRecord | undefined,
  path: string,
  now: number,
): { reload: true; record: ChunkReloadRecord } | { reload: false } {
  if (
    previous &&
    previous.path === path &&
    now - previous.at >= 0 &&
    now - previous.at < CHUNK_RELOAD_WINDOW_MS
  ) {
    return { reload: false };
  }
  return { reload: true, record: { path, at: now } };
}
