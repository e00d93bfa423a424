import { decideChunkReload, parseRecord } from './chunk-reload';
import { session, STORAGE_KEYS } from './storage';

/**
 * After a chunk-loading error, reloads the page once per path within 10 s.
 * Returns true when a reload was started (the caller should render nothing meaningful).
 */
export function reloadAfterChunkError(path = window.location.pathname): boolean {
  const decision = decideChunkReload(parseRecord(session.get(STORAGE_KEYS.chunkReload)), path, Date.now());
  if (!decision.reload) return false;
  session.set(STORAGE_KEYS.chunkReload, JSON.stringify(decision.record));
  window.location.reload();
  return true;
}
