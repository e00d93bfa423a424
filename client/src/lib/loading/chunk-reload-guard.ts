import { useEffect, useState } from 'react';
import { decideChunkReload, isChunkLoadError, parseRecord } from './chunk-reload';
import { session, STORAGE_KEYS } from '../browser/storage';

/** How long the server may take to answer before the page counts as cut off from it. */
const PROBE_TIMEOUT_MS = 5_000;

/** Whether the page's own server answers now (any status: it is there, so a reload can load). */
async function serverAnswers(): Promise<boolean> {
  try {
    // HEAD passes the service worker by (it answers GETs only), so this asks the network.
    await fetch(window.location.href, {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}

const mayReload = (path: string) =>
  decideChunkReload(parseRecord(session.get(STORAGE_KEYS.chunkReload)), path, Date.now());

/**
 * After a chunk-loading error, reloads the page once per path within 10 s, and only when its
 * server answers. A chunk goes missing after a deploy (the reload brings the new build), but it
 * also fails when the hub or the venue's network is gone: then a reload would only trade the
 * screen for the browser's error page (a projector's clock that was counting on, ready to follow
 * the fallback channel). Resolves true when a reload was started.
 */
export async function reloadAfterChunkError(path = window.location.pathname): Promise<boolean> {
  if (!mayReload(path).reload || !(await serverAnswers())) return false;
  // Checked again: another failure of the same moment may have started the reload meanwhile.
  const decision = mayReload(path);
  if (!decision.reload) return false;
  session.set(STORAGE_KEYS.chunkReload, JSON.stringify(decision.record));
  window.location.reload();
  return true;
}

/**
 * Reloads after a failed preload of a lazy module (Vite's `vite:preloadError`). The error still
 * reaches the code that imported the module, which says or handles it as it would any failed
 * load (a route's error screen, the fallback's next try) until the reload, if there is one.
 */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', () => void reloadAfterChunkError());
}

/**
 * For an error screen: true while a chunk-loading `error` may still end in a reload (the server
 * is being asked, or the page is reloading); false once it will not, or for any other error.
 */
export function useChunkReload(error: unknown, path: string): boolean {
  const chunk = isChunkLoadError(error);
  const [settled, setSettled] = useState<unknown>(null);
  useEffect(() => {
    if (!chunk) return;
    let current = true;
    void reloadAfterChunkError(path).then((started) => {
      if (current && !started) setSettled(error);
    });
    return () => {
      current = false;
    };
  }, [chunk, error, path]);
  return chunk && settled !== error;
}
